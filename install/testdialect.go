package install

import (
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
)

// WiredDialect is the dialect `hooks test` and doctor's smoke run speak without --agent (SPEC
// 17.11): the one agent wired to event if exactly one is, else hermes; the second value says
// which rule chose it.
func WiredDialect(wired []Wiring, event string) (string, string) {
	var agents []string
	for _, w := range wired {
		if (w.Event == event || w.AgentEvent == event) && !slices.Contains(agents, w.Agent) {
			agents = append(agents, w.Agent)
		}
	}
	switch len(agents) {
	case 1:
		return agents[0], "the one agent wired to " + event + "; --agent picks another"
	case 0:
		return agent.Default, "no agent is wired to " + event + "; --agent picks one"
	}
	slices.Sort(agents)
	return agent.Default, "several agents are wired to " + event + " (" + strings.Join(agents, ", ") + "); --agent picks one"
}

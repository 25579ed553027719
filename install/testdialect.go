package install

import (
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
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

// SmokeDialect picks the dialect of each of doctor's smoke runs without --agent as hooks test
// does (SPEC 17.11, WiredDialect): the one agent wired to the hook's event, else hermes. A hook
// that does not run under that dialect (its agents list names others) is run in the dialect of
// an agent it names: the first of them wired to the event, else the first of them. The second
// value says which rule chose it; the dialect is nil for a name no dialect has (the config's
// check lets none through).
func SmokeDialect(wired []Wiring) func(config.Hook) (*agent.Dialect, string) {
	return func(h config.Hook) (*agent.Dialect, string) {
		name, why := WiredDialect(wired, h.Event)
		if !h.RunsUnder(name) && len(h.Agents) > 0 {
			name, why = h.Agents[0], "the first agent this hook names; it runs under no other"
			for _, n := range h.Agents {
				if slices.ContainsFunc(wired, func(w Wiring) bool { return w.Agent == n && w.Event == h.Event }) {
					name, why = n, "an agent this hook names, wired to "+h.Event
					break
				}
			}
		}
		d, err := agent.Lookup(name)
		if err != nil {
			return nil, why
		}
		return d, why
	}
}

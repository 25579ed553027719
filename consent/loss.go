package consent

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// Loss says in one plain line what the person loses when the change goes through (SPEC
// 17.1): "`./guard.sh` will no longer block Bash calls in Claude Code". The calls are the tools
// of each agent in agents (the wired ones; hookctl's own names when none is) that the recorded
// guard covers and the entry as configured now (c.Now) no longer covers as a guard: the rule
// Widens asks of a widened matcher.
func (c Change) Loss(agents []string) string {
	g := c.Guard
	var now *Guard
	if c.Now != nil && c.Now.Guard() {
		n := GuardOf(*c.Now)
		now = &n
	}
	if c.Why != "" && now != nil {
		return fmt.Sprintf("`%s` will go on blocking, but as changed since its approval: %s", g.Command, c.Why)
	}
	tail := ""
	if c.Now != nil && !c.Now.Guard() {
		tail = " when it fails, is edited or goes missing (its entry is no longer fail_closed)"
	}
	if !config.IsToolEvent(g.Event) {
		return fmt.Sprintf("`%s` will no longer block %s%s", g.Command, g.Event, tail)
	}
	var parts []string
	for _, name := range orHookctl(agents) {
		d, err := agent.Lookup(name)
		if err != nil || len(g.Agents) > 0 && !slices.Contains(g.Agents, name) {
			continue
		}
		lost := uncovered(g, now, name, d.Tools)
		where := "in " + d.Title
		if len(agents) == 0 {
			where = "in any agent"
		}
		switch {
		case len(lost) == 0:
		case len(g.Matcher) == 0 && now == nil:
			parts = append(parts, "any tool call "+where)
		default:
			parts = append(parts, toolList(lost)+" calls "+where)
		}
	}
	if len(parts) == 0 {
		return fmt.Sprintf("`%s` will cover other calls than it was approved for (%s)", g.Command, g)
	}
	return fmt.Sprintf("`%s` will no longer block %s%s", g.Command, strings.Join(parts, "; "), tail)
}

// uncovered returns the tools, of the agent's, that g covers on its event and now does not
// (every one g covers when now is nil: no guard is left).
func uncovered(g Guard, now *Guard, agentName string, tools []string) []string {
	var out []string
	for _, t := range tools {
		if g.Covers(g.Event, agentName, &t, true) && (now == nil || !now.Covers(g.Event, agentName, &t, true)) {
			out = append(out, t)
		}
	}
	return out
}

// orHookctl is the agents to say a loss in: the wired ones, else hookctl's own tool names.
func orHookctl(agents []string) []string {
	if len(agents) == 0 {
		return []string{agent.Default}
	}
	return agents
}

// toolList names up to four tools, then how many more.
func toolList(tools []string) string {
	if len(tools) <= 4 {
		return strings.Join(tools, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(tools[:4], ", "), len(tools)-4)
}

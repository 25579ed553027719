package install

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
)

// Holds reports whether the entry w is in the file t changes: the file itself, or for a
// hook-file agent (Cline), one of the files inside its folder.
func (t Target) Holds(w Wiring) bool {
	return w.File == t.Path || strings.HasPrefix(w.File, t.Path+string(filepath.Separator))
}

// WiredAllowlistIn is the allowlist the entries of the agent in t name (Wiring.WiredAllowlist),
// "" when they name none: the guards a change of t answers to are recorded beside it (SPEC
// 24.6), not beside the environment's.
func WiredAllowlistIn(wired []Wiring, agentName string, t Target) string {
	for _, w := range wired {
		if w.Agent == agentName && t.Holds(w) && w.WiredAllowlist() != "" {
			return w.WiredAllowlist()
		}
	}
	return ""
}

// UnwiredGuards are the recorded guards for d whose event the change r takes out of t, or with
// moved, every one whose event t wires now (its entries then run against another home). The
// person's own settings for the agent, when they are not the file changed, still wire their
// events: a guard there goes on blocking, and taking it out of a project's settings loses
// nothing (SPEC 22).
func UnwiredGuards(recorded []consent.Guard, wired []Wiring, d *agent.Dialect, t Target, r Report, moved bool) []consent.Guard {
	var stillWired, wiredHere []string
	for _, w := range wired {
		switch {
		case w.Agent != d.Name:
		case t.Holds(w):
			wiredHere = append(wiredHere, w.AgentEvent)
		case w.Scope == "user":
			stillWired = append(stillWired, w.Event)
		}
	}
	var unwired []consent.Guard
	for _, g := range recorded {
		if len(g.Agents) > 0 && !slices.Contains(g.Agents, d.Name) || slices.Contains(stillWired, g.Event) {
			continue
		}
		for _, m := range d.AgentEvents(g.Event) {
			removed := slices.ContainsFunc(r.Removed, func(c Change) bool { return c.Event == m.AgentEvent })
			if removed || moved && slices.Contains(wiredHere, m.AgentEvent) {
				unwired = append(unwired, g)
				break
			}
		}
	}
	return unwired
}

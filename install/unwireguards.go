package install

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/safefile"
)

// AgentsOf names the agents of wired, each once, sorted.
func AgentsOf(wired []Wiring) []string {
	var out []string
	for _, w := range wired {
		if !slices.Contains(out, w.Agent) {
			out = append(out, w.Agent)
		}
	}
	slices.Sort(out)
	return out
}

// UnwireStore is the allowlist whose recorded guards a change of the agent's entries in t
// answers to: that of the home the agent's current entries name (--home, --allowlist), not
// current, the environment's (SPEC 24.6), as rewiring the agent to another home drops every
// guard of the one it runs against now. moved says the entries run against another home than
// current's (never for the system level's).
func UnwireStore(wired []Wiring, agentName string, t Target, current *consent.Store) (store *consent.Store, moved bool) {
	if wl := WiredAllowlistIn(wired, agentName, t); wl != "" && !safefile.SamePath(wl, current.Path) {
		return consent.NewStore(wl), !t.System
	}
	return current, false
}

// UnwireChanges are the guards a change of t (its report r) drops, as UnwiredGuards finds
// them, each as a consent.Change the person is asked about.
func UnwireChanges(recorded []consent.Guard, wired []Wiring, d *agent.Dialect, t Target, r Report, moved bool) []consent.Change {
	unwired := UnwiredGuards(recorded, wired, d, t, r, moved)
	changes := make([]consent.Change, len(unwired))
	for i, g := range unwired {
		changes[i] = consent.Change{Guard: g}
	}
	return changes
}

// UnwireWhat names a change of t for the question: the file, and, when its entries run
// against another allowlist (moved), that one and current's.
func UnwireWhat(t Target, allowlist, current string, moved bool) string {
	what := fmt.Sprintf("changing %s", t.Path)
	if moved {
		what += fmt.Sprintf(" (its entries run against %s, not %s)", allowlist, current)
	}
	return what
}

package install

import (
	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
)

// UnwireDrop is what a change of agent d's entries in t drops of the recorded guards (SPEC
// 17.1), for the question put to the person: the change named (UnwireWhat) and each guard
// dropped. The guards are those of the home the entries name (UnwireStore), current being the
// environment's allowlist; preview computes the change without writing it, and is called only
// when guards are recorded. A preview that fails drops nothing here: the real change fails the
// same way, and says why.
func UnwireDrop(wired []Wiring, d *agent.Dialect, t Target, current *consent.Store, preview func() (Report, error)) (what string, changes []consent.Change) {
	store, moved := UnwireStore(wired, d.Name, t, current)
	recorded, _ := store.RecordedGuards()
	if len(recorded) == 0 {
		return "", nil
	}
	r, err := preview()
	if err != nil {
		return "", nil
	}
	return UnwireWhat(t, store.Path, current.Path, moved), UnwireChanges(recorded, wired, d, t, r, moved)
}

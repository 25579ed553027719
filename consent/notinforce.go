package consent

import (
	"slices"

	"github.com/hookctl/hookctl/config"
)

// RecordNotInForce records the guards among hooks in the store's guard record without
// approving them, each with no content: a guard not in force, which blocks what it covers
// until the person approves it as it is now (SPEC 23.7: a locked guard whose files differ from
// the lock). An approval of such a guard is taken out with it: stricter, never looser, and the
// record and the approvals agree.
func (s *Store) RecordNotInForce(hooks []config.Hook) error {
	return s.update(func(a *Allowlist) (bool, error) {
		var keys [][2]string
		for _, h := range hooks {
			if h.Guard() {
				keys = append(keys, [2]string{h.Event, h.Command})
			}
		}
		err := s.changeGuards(func(guards map[[2]string]Guard) bool {
			changed := false
			for _, h := range hooks {
				if !h.Guard() {
					continue
				}
				g := GuardOf(h)
				if old, ok := guards[g.key()]; ok && old.Same(g) && old.Files == nil {
					continue
				}
				guards[g.key()] = g
				changed = true
			}
			return changed
		})
		if err != nil {
			return false, err
		}
		n := len(a.Approvals)
		a.Approvals = slices.DeleteFunc(a.Approvals, func(ap Approval) bool {
			return slices.Contains(keys, [2]string{ap.Event, ap.Command})
		})
		return len(a.Approvals) != n, nil
	})
}

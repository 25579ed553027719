package consent

import (
	"fmt"

	"github.com/hookctl/hookctl/config"
)

// ToApprove is the hooks `hooks approve` approves in cfg (read from path): every one with all,
// else those of command (on event, "" for every event); a project's (project) must be
// scripts inside its root.
func ToApprove(cfg *config.Config, path, command, event string, all, project bool) ([]config.Hook, error) {
	hooks := cfg.Hooks
	if all && len(hooks) == 0 {
		return nil, fmt.Errorf("no hooks are configured in %s", path)
	}
	if !all {
		var err error
		if hooks, err = cfg.Find(command, event); err != nil {
			return nil, err
		}
	}
	if project {
		if err := CheckProjectHooks(cfg.Root, hooks); err != nil {
			return nil, err
		}
	}
	return hooks, nil
}

// ApproveDrops is the recorded guards that approving p (anew with all) would drop or change,
// and what to say of them: each change of content (the question and the refusal name the
// guards only). A guard record that cannot be trusted but can be written over (missing, or
// lacking what the allowlist approved) makes every guard the allowlist approved a change:
// writing the record anew is the person's to do. One that cannot be read at all fails the
// write instead.
func (s *Store) ApproveDrops(p Prepared, all bool, wired []string) (changes []Change, notes []string) {
	recorded, untrusted := s.RecordedGuards()
	if untrusted != nil {
		for _, g := range recorded {
			changes = append(changes, Change{Guard: g})
		}
		return changes, []string{untrusted.Error()}
	}
	changes = Dropped(recorded, p, all, wired)
	for _, c := range changes {
		if c.Why != "" {
			notes = append(notes, fmt.Sprintf("guard %s: %s", c.Guard, c.Why))
		}
	}
	return changes, notes
}

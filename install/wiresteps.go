package install

import (
	"errors"
	"fmt"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// Steps are the command layer's parts in wiring an agent: Warn tells the person something,
// Confirm asks before a recorded guard's event goes from t, given the change computed without
// writing (an error refuses it).
type Steps struct {
	Warn    func(string)
	Confirm func(t Target, preview func() (Report, error)) error
}

// PlanError is a request install cannot act on as given (an event the agent does not have, an
// agent hookctl has no name for): a usage error.
type PlanError struct{ Err error }

func (e *PlanError) Error() string { return e.Err.Error() }

// Wire makes hookctl's entries in t what cfg wants for d, as install and install --system do
// (what names the command): a config with errors changes nothing (a typo must never unwire an
// event, SPEC 14.2), the events d has no hooks for are said, and unless dryRun, unwiring the
// event of a recorded guard is confirmed first. cfg was read from cfgPath; home is the hookctl
// home.
func Wire(cfg *config.Config, cfgPath, home string, d *agent.Dialect, t Target, events []string, dryRun bool, what string, st Steps) (Report, []Want, error) {
	t.Folders = FoldersRecord(t, home)
	if err := config.RefuseErrors(cfg, what); err != nil {
		return Report{}, nil, err
	}
	want, skipped, err := Plan(cfg, d, events)
	if err != nil {
		return Report{}, nil, &PlanError{err}
	}
	for _, name := range skipped {
		st.Warn(fmt.Sprintf("warning: %s has no hooks for %s in %s: not wired", d.Title, name, cfgPath))
	}
	if !dryRun {
		if err := st.Confirm(t, func() (Report, error) { return Install(t, want, true) }); err != nil {
			return Report{}, nil, err
		}
	}
	r, err := Install(t, want, dryRun)
	if err != nil {
		return r, nil, err
	}
	return r, want, nil
}

// Unwire takes hookctl's entries out of t, as uninstall and uninstall --system do: refused
// while cfg has errors, and unless dryRun, confirmed first when a recorded guard's event goes.
func Unwire(cfg *config.Config, home string, t Target, dryRun bool, what string, st Steps) (Report, error) {
	t.Folders = FoldersRecord(t, home)
	if err := config.RefuseErrors(cfg, what); err != nil {
		return Report{}, err
	}
	if !dryRun {
		if err := st.Confirm(t, func() (Report, error) { return Uninstall(t, true) }); err != nil {
			return Report{}, err
		}
	}
	return Uninstall(t, dryRun)
}

// SystemTargetNamed is SystemTarget of the agent named: an unknown name is a PlanError, and an
// agent without an administrator file is named in the error.
func SystemTargetNamed(name, bin string, managedOnly bool) (*agent.Dialect, Target, error) {
	d, err := agent.Lookup(name)
	if err != nil {
		return nil, Target{}, &PlanError{err}
	}
	t, err := SystemTarget(d, bin, managedOnly)
	if errors.Is(err, ErrNoSystemFile) {
		return nil, Target{}, fmt.Errorf("%s: %w", d.Name, err)
	}
	if err != nil {
		return nil, Target{}, err
	}
	return d, t, nil
}

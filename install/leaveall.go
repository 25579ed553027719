package install

import (
	"fmt"
	"path/filepath"

	"github.com/hookctl/hookctl/consent"
)

// LeaveAll is `uninstall --all`'s steps in their order (SPEC 27.4, 28.29), the command layer's
// part passed in: where each wired agent's settings are (Target) and the one question to the
// person (Ask). Nothing changes before a yes; the system level is never touched.
type LeaveAll struct {
	// Home is the hookctl home as located; PersonHomes the person's home folders it must not hold.
	Home        string
	PersonHomes []string
	// Wired is every wiring found; Store the home's allowlist, whose recorded guards go.
	Wired []Wiring
	Store *consent.Store
	// Target is the settings file of an agent wired for the person; its error stops the steps.
	Target func(agent string) (Target, error)
	// Ask puts the question at the person's terminal: asked is false where none can answer.
	Ask func(question string) (yes, asked bool)
}

// Run unwires every agent wired for the person and removes the home, once the person said yes.
// It returns the home's absolute path and the files unwired, those too when it then failed.
func (l LeaveAll) Run() (home string, reports []Report, err error) {
	home, err = filepath.Abs(l.Home)
	if err != nil {
		return "", nil, fmt.Errorf("finding the hookctl home: %w", err)
	}
	if err := RemovableHome(home, l.PersonHomes...); err != nil {
		return home, nil, err
	}
	var targets []Target
	for _, r := range Rewires(l.Wired) {
		t, err := l.Target(r.Agent)
		if err != nil {
			return home, nil, err
		}
		t.Folders = FoldersRecord(t, l.Home)
		targets = append(targets, t)
	}
	var guards []string
	recorded, _ := l.Store.RecordedGuards() // an unreadable record goes with the home all the same
	for _, g := range recorded {
		guards = append(guards, g.String())
	}
	switch yes, asked := l.Ask(LeaveQuestion(guards, targets, home)); {
	case !asked:
		return home, nil, fmt.Errorf("uninstall --all removes your guards and the hookctl home %s: only a person at a terminal may do that; run it at a terminal (nothing was changed)", home)
	case !yes:
		return home, nil, fmt.Errorf("uninstall --all: not confirmed, nothing was changed")
	}
	reports, err = Leave(targets, home)
	return home, reports, err
}

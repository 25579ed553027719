package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/install"
)

// allAlone refuses what does not go with uninstall --all: an AGENT or another flag.
func allAlone(o uninstallOptions, args []string) error {
	if len(args) > 0 || o.project || o.system || o.dryRun || o.asJSON {
		return usageErrorf("uninstall --all takes no AGENT and no other flag: it unwires every agent wired for you")
	}
	return nil
}

// uninstallAll is `uninstall --all` (SPEC 27.4, 28.29): a consent command, refused inside an
// agent; one question at the terminal names every guard it drops, file it changes and the home
// it removes, and without a terminal or a yes nothing changes. The system level stays.
func (a *app) uninstallAll() error {
	if err := a.refuseUnderAgent("uninstall --all"); err != nil {
		return err
	}
	s, err := a.sessionQuiet()
	if err != nil {
		return err
	}
	home, err := filepath.Abs(s.loc.Home)
	if err != nil {
		return failuref("finding the hookctl home: %w", err)
	}
	person, _ := os.UserHomeDir()
	if err := install.RemovableHome(home, a.personHome(), person); err != nil {
		return failuref("%v", err)
	}
	var targets []install.Target
	for _, r := range install.Rewires(a.wired()) {
		_, t, err := a.target(r.Agent, false)
		if err != nil {
			return err
		}
		t.Folders = install.FoldersRecord(t, s.loc.Home)
		targets = append(targets, t)
	}
	var guards []string
	recorded, _ := s.store.RecordedGuards() // an unreadable record goes with the home all the same
	for _, g := range recorded {
		guards = append(guards, g.String())
	}
	in, stop := a.interrupts(true)
	defer stop()
	switch yes, asked := askTTY(in, install.LeaveQuestion(guards, targets, home)); {
	case !asked:
		return failuref("uninstall --all removes your guards and the hookctl home %s: only a person at a terminal may do that; run it at a terminal (nothing was changed)", home)
	case !yes:
		return failuref("uninstall --all: not confirmed, nothing was changed")
	}
	reports, err := install.Leave(targets, home)
	for _, r := range reports {
		fmt.Fprintf(a.stdout, "unwired %s\n", terminalSafe(r.File))
	}
	if err != nil {
		return failuref("%v", err)
	}
	fmt.Fprintf(a.stdout, "removed the hookctl home %s; hookctl itself stays at %s (remove it as you installed it)\n", terminalSafe(home), terminalSafe(a.selfPath()))
	return nil
}

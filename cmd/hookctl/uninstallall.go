package main

import (
	"fmt"
	"os"

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
	in, stop := a.interrupts(true)
	defer stop()
	person, _ := os.UserHomeDir()
	home, reports, err := install.LeaveAll{Home: s.loc.Home, PersonHomes: []string{a.personHome(), person},
		Wired: a.wired(), Store: s.store,
		Target: func(agent string) (install.Target, error) {
			_, t, err := a.target(agent, false)
			return t, err
		},
		Ask: func(q string) (bool, bool) { return askTTY(in, q) },
	}.Run()
	for _, r := range reports {
		fmt.Fprintf(a.stdout, "unwired %s\n", terminalSafe(r.File))
	}
	if err != nil {
		return asExit(err)
	}
	fmt.Fprintf(a.stdout, "removed the hookctl home %s; hookctl itself stays at %s (remove it as you installed it)\n", terminalSafe(home), terminalSafe(a.selfPath()))
	return nil
}

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
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
// agent; one question at the terminal names every file it changes and the home it removes,
// and without a terminal or a yes nothing changes. The system level is never touched.
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
	if err := removableHome(home, a.personHome(), person); err != nil {
		return err
	}
	var targets []install.Target
	var dialects []*agent.Dialect
	for _, name := range a.userWired() {
		d, t, err := a.target(name, false)
		if err != nil {
			return err
		}
		t.Folders = a.foldersRecord(s, t)
		dialects, targets = append(dialects, d), append(targets, t)
	}
	in, stop := a.interrupts(true)
	defer stop()
	guards, _ := s.store.RecordedGuards() // an unreadable record is removed with the home all the same
	yes, asked := askTTY(in, allQuestion(targets, guards, home))
	switch {
	case !asked:
		return failuref("uninstall --all removes your guards and the hookctl home %s: only a person at a terminal may do that; run it at a terminal (nothing was changed)", home)
	case !yes:
		return failuref("uninstall --all: not confirmed, nothing was changed")
	}
	for i, t := range targets {
		r, err := install.Uninstall(t, false)
		if err != nil {
			return failuref("%v (the hookctl home %s was kept)", err, home)
		}
		fmt.Fprintf(a.stdout, "unwired %s: %s\n", dialects[i].Title, terminalSafe(r.File))
	}
	if err := os.RemoveAll(home); err != nil {
		return failuref("removing the hookctl home: %w", err)
	}
	fmt.Fprintf(a.stdout, "removed the hookctl home %s\n", terminalSafe(home))
	return nil
}

// userWired names the agents wired for the person (their own settings, not a project's).
func (a *app) userWired() []string {
	var out []string
	for _, w := range a.wired() {
		if w.Scope == "user" && !slices.Contains(out, w.Agent) {
			out = append(out, w.Agent)
		}
	}
	return out
}

// allQuestion is uninstall --all's one question: what it unwires and what it removes.
func allQuestion(targets []install.Target, guards []consent.Guard, home string) string {
	var b strings.Builder
	b.WriteString("hookctl uninstall --all:\n")
	for _, g := range guards {
		fmt.Fprintf(&b, "  drops the guard %s\n", terminalSafe(g.String()))
	}
	for _, t := range targets {
		fmt.Fprintf(&b, "  unwires %s\n", terminalSafe(t.Path))
	}
	fmt.Fprintf(&b, "  removes %s and everything in it: config, approvals, guards, audit log, your hook scripts there\n", terminalSafe(home))
	b.WriteString("The system level and the projects' committed wiring stay. Go on? [y/N] ")
	return b.String()
}

// removableHome refuses to remove a home that is a person's home folder, or the root, or
// holds one: a HOOKCTL_HOME set to ~ must not take ~ with it.
func removableHome(home string, persons ...string) error {
	for _, p := range persons {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			if rel, err := filepath.Rel(home, abs); err == nil && !strings.HasPrefix(rel, "..") {
				return failuref("the hookctl home %s holds your home folder %s: uninstall --all removes only a folder of hookctl's own (nothing was changed)", home, abs)
			}
		}
	}
	if filepath.Dir(home) == home {
		return failuref("the hookctl home is %s: uninstall --all removes only a folder of hookctl's own (nothing was changed)", home)
	}
	return nil
}

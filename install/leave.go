package install

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/internal/termsafe"
)

// Rewire is how an agent wired for the person is wired again after its config changed (`hooks
// remove`): with the flags its entries carry that install takes from the command line.
type Rewire struct {
	Agent                       string
	AcceptHooks, RequireProject bool
}

// Rewires lists the agents wired at the user level (a project's committed wiring and the system
// level are not the person's to re-plan), each once, in the order first found.
func Rewires(wired []Wiring) []Rewire {
	var out []Rewire
	for _, w := range wired {
		if w.Scope != "user" {
			continue
		}
		i := slices.IndexFunc(out, func(r Rewire) bool { return r.Agent == w.Agent })
		if i < 0 {
			out, i = append(out, Rewire{Agent: w.Agent}), len(out)
		}
		out[i].AcceptHooks = out[i].AcceptHooks || w.AcceptHooks
		out[i].RequireProject = out[i].RequireProject || w.RequireProject
	}
	return out
}

// RemovableHome refuses to remove a hookctl home that is, or holds, one of the persons' home
// folders, or is a file system's root: a HOOKCTL_HOME set to ~ must not take ~ with it.
func RemovableHome(home string, persons ...string) error {
	for _, p := range persons {
		if p == "" {
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(home, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("the hookctl home %s holds your home folder %s: uninstall --all removes only a folder of hookctl's own (nothing was changed)", home, abs)
		}
	}
	if filepath.Dir(home) == home {
		return fmt.Errorf("the hookctl home is %s: uninstall --all removes only a folder of hookctl's own (nothing was changed)", home)
	}
	return nil
}

// LeaveQuestion is `uninstall --all`'s one question: each guard it drops, each file it unwires
// and the home it removes, every name escaped for a terminal.
func LeaveQuestion(guards []string, targets []Target, home string) string {
	var b strings.Builder
	b.WriteString("hookctl uninstall --all:\n")
	for _, g := range guards {
		fmt.Fprintf(&b, "  drops the guard %s\n", termsafe.String(g))
	}
	for _, t := range targets {
		fmt.Fprintf(&b, "  unwires %s\n", termsafe.String(t.Path))
	}
	fmt.Fprintf(&b, "  removes %s and everything in it: config, approvals, guards, audit log, your hook scripts there\n", termsafe.String(home))
	b.WriteString("The system level and the projects' committed wiring stay. Go on? [y/N] ")
	return b.String()
}

// Leave unwires each target, then removes the hookctl home (`uninstall --all`). An unwiring
// that fails stops it with the home kept, so that its approvals still hold the entries left.
func Leave(targets []Target, home string) ([]Report, error) {
	var out []Report
	for _, t := range targets {
		r, err := Uninstall(t, false)
		if err != nil {
			return out, fmt.Errorf("%w (the hookctl home %s was kept)", err, home)
		}
		out = append(out, r)
	}
	if err := os.RemoveAll(home); err != nil {
		return out, fmt.Errorf("removing the hookctl home: %w", err)
	}
	return out, nil
}

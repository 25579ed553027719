// Package wallrun is the kernel wall as hookctl's commands put it up and check it: what it
// walls for a home, the shell a prefixed command runs in, and whether a tool call of an agent
// wired for it comes from behind it (SPEC 24.2, 28.13, 28.16).
package wallrun

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/wall"
)

// SetFor is what hookctl wall protects for home ("" for the one the environment names, HOOKCTL_*
// variables unread): hookctl's state as consent.ProtectedState gives it (the whole home but
// config.yaml and the audit log, which stay writable, and the folder the wall leaves open for
// the log of the runs behind it), hookctl's own folder and the guard PATH's folders. The home
// comes first in Trees (HomeOnly).
func SetFor(home string, lookupEnv func(string) (string, bool)) (wall.Set, error) {
	loc, err := config.Locate(WithoutHookctlVars(lookupEnv), "")
	if home != "" {
		loc, err = config.Locations{Home: home, Allowlist: filepath.Join(home, "allowlist.json")}, nil
	}
	if err != nil {
		return wall.Set{}, err
	}
	if loc.Home, err = filepath.Abs(loc.Home); err != nil {
		return wall.Set{}, fmt.Errorf("the home %s: %w", home, err)
	}
	st := consent.ProtectedState(loc)
	set := wall.Set{Open: append(st.Except, filepath.Join(loc.Home, config.OpenDir))}
	for _, t := range st.Trees {
		if !slices.ContainsFunc(set.Trees, func(o string) bool { return Within(t, o) }) {
			set.Trees = append(set.Trees, t)
		}
	}
	for _, f := range st.Files {
		if !slices.ContainsFunc(set.Trees, func(o string) bool { return Within(f, o) }) {
			set.Files = append(set.Files, f)
		}
	}
	if exe, err := os.Executable(); err == nil {
		set.Trees = append(set.Trees, filepath.Dir(exe))
	}
	set.Trees = append(set.Trees, filepath.SplitList(config.SystemPath)...)
	return set, nil
}

// Within reports whether path is dir or lies below it.
func Within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// WithoutHookctlVars hides every HOOKCTL_* variable: what the agent's environment says must
// not move the wall (SPEC 28.13).
func WithoutHookctlVars(lookup func(string) (string, bool)) func(string) (string, bool) {
	return func(k string) (string, bool) {
		if strings.HasPrefix(k, "HOOKCTL_") {
			return "", false
		}
		return lookup(k)
	}
}

// HomeOnly is the part of the wall's set a call's probe looks at: the hookctl home, what the
// wall is for. The other walled folders (/usr/bin, hookctl's own) are left out: a probe lists
// each folder it looks in, and those are large, and a program running there is busy.
func HomeOnly(set wall.Set) wall.Set {
	return wall.Set{Trees: set.Trees[:1], Open: set.Open} // SetFor puts the home first
}

// OpenFolders makes the one folder of set the wall leaves open: it must exist before the wall
// goes up, as nothing can be made in the home behind it.
func OpenFolders(set wall.Set) {
	for _, p := range set.Open {
		if filepath.Base(p) == config.OpenDir {
			_ = os.MkdirAll(p, 0o700)
		}
	}
}

// StartCommand is how the person starts the agent behind the wall.
func StartCommand(d *agent.Dialect) string {
	program := d.Name
	if programs, _ := agentenv.Programs(d.Name); len(programs) > 0 {
		program = programs[0]
	}
	return strings.Join(append([]string{"hookctl", "wall", "--", program}, d.WallStartArgs...), " ")
}

// CommandShell is the shell Claude Code built a prefixed command for: $SHELL when it is bash
// or zsh named by its path, else bash.
func CommandShell(lookupEnv func(string) (string, bool)) string {
	if sh, ok := lookupEnv("SHELL"); ok && filepath.IsAbs(sh) {
		if b := filepath.Base(sh); b == "bash" || b == "zsh" {
			return sh
		}
	}
	if sh, err := exec.LookPath("bash"); err == nil {
		return sh
	}
	return "/bin/bash"
}

// UserSwitchFiles are the agent's settings files under the person's home folder that can turn
// its hooks off (agent.Switches), where the agent's environment, HOOKCTL_* unread, puts them.
func UserSwitchFiles(name, home string, lookupEnv func(string) (string, bool)) []string {
	var out []string
	sw, _ := agent.SwitchesOf(name)
	for _, f := range sw.Files {
		if f.Layer == agent.LayerUser {
			out = append(out, f.Path(home, "", WithoutHookctlVars(lookupEnv)))
		}
	}
	return out
}

package runner

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// world is what a guard, or a system hook, runs with (SPEC 24.4, 28.3, 28.8, 28.9): the PATH
// its bare program names are found on and that it is given, and, for a guard of the person or
// a project, the files consent pins (its programs the person can write among them). Other
// hooks have none: they keep the person's environment and PATH.
type world struct {
	path consent.GuardPATH
	// program is the program Argv[0] names, found on path; "" when Argv[0] is a path.
	program string
	// clean is set for a guard of the person or a project: its environment is cleaned and its
	// PATH replaced. A system hook's environment is SystemEnv already.
	clean bool
	// err says why the guard cannot run as approved (a program not found on path).
	err error
}

// worldOf returns the hook's world, nil for a hook that keeps the person's environment.
func worldOf(h config.Hook) *world {
	var w *world
	switch {
	case h.Remote():
		return nil
	case h.Layer == config.LayerSystem && !consent.GuardPATHOn:
		return nil // Windows: a system hook's program is resolved on SystemPath by resolve
	case h.Layer == config.LayerSystem:
		// System hooks keep 23.3's PATH exactly, and their bare program names are found on it,
		// not on hookctl's own PATH.
		dirs := filepath.SplitList(config.SystemPath)
		w = &world{path: consent.GuardPATH{Dirs: dirs, Value: config.SystemPath, On: true}}
	case h.Guard():
		w = &world{path: consent.GuardPATHNow(), clean: true}
		if !w.path.On {
			return w // no guard PATH here (Windows): the environment is still cleaned
		}
	default:
		return nil
	}
	if len(h.Argv) > 0 && !strings.Contains(h.Argv[0], "/") {
		w.program, w.err = w.path.Look(h.Argv[0])
	}
	return w
}

// pinned are the files consent pins for the hook beside its script: its command's files and,
// for a guard, its programs the person can write (consent.GuardFiles). A guard whose programs
// cannot be worked out keeps the error, which blocks it once it is approved.
func (w *world) pinned(h config.Hook) []string {
	if w == nil || !w.clean || !w.path.On || w.err != nil {
		return h.Files
	}
	extra, err := consent.GuardFiles(h, w.path)
	if err != nil {
		w.err = err
		return h.Files
	}
	return append(h.Files[:len(h.Files):len(h.Files)], extra...)
}

// cleaned reports whether a variable of this name never reaches a guard (SPEC 23.3, 28.8): it
// makes a shell, an interpreter or the dynamic loader run or load something the command does
// not name (BASH_ENV, ENV, BASH_FUNC_*, PYTHON*, NODE_OPTIONS, LD_*, DYLD_*, PERL5*, RUBYOPT,
// ...), or it is hookctl's own (HOOKCTL_*: hookctl sets what a hook should see).
func cleaned(name string) bool {
	for _, p := range []string{"PYTHON", "LD_", "DYLD_", "PERL5", "HOOKCTL_", "BASH_FUNC_", "NODE_", "RUBY", "GEM_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	switch name {
	case "PATH", "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "IFS", "CDPATH", "GLOBIGNORE",
		"PERLLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS":
		return true
	}
	return false
}

// guardEnv cleans base and the command's own NAME=value words for a guard and gives it the
// guard PATH. PYTHONSAFEPATH=1 keeps Python 3.11 and later from importing a module beside the
// script (a json.py dropped there) before the standard library's: nothing a guard loads is
// left unpinned. The command's own words may not set a cleaned name either, PATH included: a
// program the guard needs is named by its path instead.
func (w *world) guardEnv(base, words []string) (env, kept []string) {
	env = make([]string, 0, len(base)+2)
	for _, kv := range base {
		if name, _, _ := strings.Cut(kv, "="); !cleaned(name) {
			env = append(env, kv)
		}
	}
	for _, kv := range words {
		if name, _, _ := strings.Cut(kv, "="); !cleaned(name) {
			kept = append(kept, kv)
		}
	}
	if w.path.On {
		env = append(env, "PATH="+w.path.Value)
	} else if p, ok := lookupEnv(base, "PATH"); ok {
		env = append(env, "PATH="+p)
	}
	return append(env, "PYTHONSAFEPATH=1"), kept
}

// lookupEnv reads a variable of env.
func lookupEnv(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// notFoundHint is added to the block of a guard that exited 127, a shell's "command not found"
// (SPEC 28.19).
func (w *world) notFoundHint() string {
	return fmt.Sprintf("exit 127 is a shell's \"command not found\": a guard runs with PATH=%s (folders only root can write, and hookctl's own); name a program it needs from elsewhere by its path in the command, then approve the guard again at your terminal (hookctl hooks doctor)", w.path.Value)
}

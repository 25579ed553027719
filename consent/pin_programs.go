package consent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/config"
)

// GuardPATH is the PATH a guard runs with (SPEC 24.4, 28.9): the folders of a fixed list that
// only root can write, and the folder of hookctl's own binaries when it holds those and nothing
// else. What a guard's script finds on it is root's or hookctl's; a program it needs from
// elsewhere is named by its path in the command, and is then pinned.
type GuardPATH struct {
	// Dirs are the folders, in order; Value is them joined as PATH.
	Dirs  []string
	Value string
	// Own is hookctl's folder when it is one of Dirs, else "".
	Own string
	// Left names each folder left out and why, for doctor.
	Left []string
	// On is false where there is no guard PATH (Windows: no folder there is root's alone); a
	// guard then keeps the inherited PATH.
	On bool
}

// hookctlNames are the files a folder of hookctl's own binaries may hold.
var hookctlNames = []string{"hookctl", "hookctl-serve", "hookctl.exe", "hookctl-serve.exe"}

// GuardPATHNow works out the guard PATH as the folders are now; it is asked for at each run of
// a guard (a few stat calls), so that a folder that became writable drops out at once.
func GuardPATHNow() GuardPATH {
	if !GuardPATHOn {
		return GuardPATH{}
	}
	gp := GuardPATH{On: true}
	if dir, why := ownFolder(); why != "" {
		gp.Left = append(gp.Left, why)
	} else if dir != "" {
		gp.Own = dir
		gp.Dirs = append(gp.Dirs, dir)
	}
	var seen []string
	for _, d := range guardPathCandidates {
		real, err := filepath.EvalSymlinks(d)
		if err != nil || slices.Contains(seen, real) {
			continue // missing, or the same folder by another name (/bin -> usr/bin)
		}
		seen = append(seen, real)
		if !RootOnly(d) {
			gp.Left = append(gp.Left, fmt.Sprintf("%s: not root's alone (it, or a folder above it, is not root's or is writable by its group or others)", d))
			continue
		}
		if real != gp.Own {
			gp.Dirs = append(gp.Dirs, d)
		}
	}
	gp.Value = strings.Join(gp.Dirs, string(os.PathListSeparator))
	return gp
}

// ownFolder returns the folder of the running hookctl when it holds hookctl's binaries and
// nothing else (SPEC 28.9), else why it does not count ("" and "" for a program that is not
// hookctl).
func ownFolder() (dir, why string) {
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return "", fmt.Sprintf("hookctl's own folder: not found (%v)", err)
	}
	dir = filepath.Dir(exe)
	if !slices.Contains(hookctlNames, filepath.Base(exe)) {
		return "", "" // a program that embeds the runner, not hookctl: it has no folder to add
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Sprintf("hookctl's own folder %s: %v", dir, err)
	}
	for _, e := range entries {
		if !slices.Contains(hookctlNames, e.Name()) {
			return "", fmt.Sprintf("hookctl's own folder %s holds %s too, so a guard does not look there: keep hookctl's binaries in a folder of their own and link them from your PATH (docs/install.md)", dir, e.Name())
		}
	}
	return dir, ""
}

// Look finds a bare program name on the guard PATH: the first executable regular file.
func (gp GuardPATH) Look(name string) (string, error) {
	for _, d := range gp.Dirs {
		p := filepath.Join(d, name)
		fi, err := os.Stat(p)
		if err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return "", &NotOnGuardPathError{Name: name, Path: gp.Value}
}

// NotOnGuardPathError says that a guard's program is not found on the guard PATH (SPEC 28.3).
type NotOnGuardPathError struct{ Name, Path string }

func (e *NotOnGuardPathError) Error() string {
	return fmt.Sprintf("program %s is not found on a guard's PATH (%s): a guard runs only programs that root alone can change, or that are named by their path in its command and so pinned; name %s by its path (e.g. %s), then approve the guard again at your terminal",
		e.Name, e.Path, e.Name, "$HOME/.local/bin/"+e.Name)
}

// GuardFiles returns the programs a guard starts that the person can write and its command does
// not already name by a path (SPEC 24.4, 28.18): its program found on the guard PATH, and the
// `#!` interpreter of the file it executes (`/usr/bin/env X` with X found on the guard PATH),
// each interpreter's own `#!` included. These are pinned by content beside the command's
// files. A program only root can write is checked here, at every run, and never pinned. An
// error says that a program is not found (NotOnGuardPathError) or cannot be read.
//
// Hooks that are not guards, url hooks and the system layer's hooks (whose programs must be
// root's, CheckSystemHook) have none.
func GuardFiles(h config.Hook, gp GuardPATH) ([]string, error) {
	if !h.Guard() || h.Remote() || h.Layer == config.LayerSystem || !gp.On || len(h.Argv) == 0 {
		return nil, nil
	}
	var out []string
	add := func(p string) {
		if _, err := os.Stat(p); err != nil {
			return // a missing program fails at its start, which blocks a guard
		}
		if !RootOnly(p) && p != h.Script && !slices.Contains(h.Files, p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	prog := h.Argv[0]
	if !strings.Contains(prog, "/") {
		p, err := gp.Look(prog)
		if err != nil {
			return nil, err
		}
		prog = p
	}
	add(prog)
	// The kernel follows a #! line to its interpreter, whose own #! it follows too (Linux: four
	// deep).
	for range 4 {
		interp, err := interpreter(prog, gp)
		if err != nil {
			return nil, err
		}
		if interp == "" {
			break
		}
		add(interp)
		prog = interp
	}
	return out, nil
}

// interpreter returns the program the file's `#!` line runs ("" when it has none): the
// interpreter named, or for `/usr/bin/env X` the X found on the guard PATH. A file that is
// missing has none: it fails at its start, which blocks a guard.
func interpreter(path string, gp GuardPATH) (string, error) {
	interp, args, err := shebang(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil || interp == "" || filepath.Base(interp) != "env" {
		return interp, err
	}
	switch name := envProgram(args); {
	case name == "":
		return interp, nil
	case strings.Contains(name, "/"):
		return name, nil
	default:
		return gp.Look(name)
	}
}

// envProgram is the program `env ARGS` runs: the first word that is not a flag nor NAME=value,
// the first word of -S's string included.
func envProgram(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-S" || a == "--split-string":
			continue // the rest of the line is split into words: read on
		case strings.HasPrefix(a, "-S"):
			return envProgram(append(strings.Fields(a[2:]), args[i+1:]...))
		case strings.HasPrefix(a, "-"), strings.Contains(a, "="):
			continue
		}
		return a
	}
	return ""
}

// PinnedPaths are the files consent pins for h beside its script: the command's files and,
// for a guard, the programs of GuardFiles. A guard whose programs cannot be worked out pins
// its command's files only: the runner blocks it with the reason (SPEC 28.3).
func PinnedPaths(h config.Hook) []string {
	extra, err := GuardFiles(h, guardPathFor(h))
	if err != nil || len(extra) == 0 {
		return h.Files
	}
	return append(slices.Clip(h.Files), extra...)
}

// guardPathFor is the guard PATH, worked out only for a hook that can have guard files.
func guardPathFor(h config.Hook) GuardPATH {
	if !h.Guard() || h.Remote() || h.Layer == config.LayerSystem {
		return GuardPATH{}
	}
	return GuardPATHNow()
}

// sameStatePaths reports whether the states are of exactly these paths, in this order.
func sameStatePaths(states []FileState, paths []string) bool {
	return slices.EqualFunc(states, paths, func(s FileState, p string) bool { return s.Path == p })
}

// WorldBlock says why the rules guards now run under (SPEC 24.4, 28.3, 28.18) block the guard
// h that the allowlist holds approved, "" when they do not, nor when it is not approved: a
// program its command names bare, or a `#!` interpreter, not found on the guard PATH gp; or a
// program or interpreter the person can write that its approval did not pin (an approval made
// before those rules). Each says its fix.
func (a *Allowlist) WorldBlock(h config.Hook, gp GuardPATH) string {
	ap := a.find(h.Event, h.Command)
	if ap == nil {
		return ""
	}
	extra, err := GuardFiles(h, gp)
	if err != nil {
		return err.Error()
	}
	for _, p := range extra {
		if !slices.ContainsFunc(ap.Files, func(f FilePin) bool { return f.Path == p }) {
			return fmt.Sprintf("program %s, which you can change, was not pinned when approved (a guard runs only programs that root alone can change, or that its approval pins); review it, then approve the guard again at your terminal, which pins it", p)
		}
	}
	return ""
}

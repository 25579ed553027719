package selfguard

import (
	"debug/buildinfo"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// hookctl under another name (SPEC 24.7, 28.32): a copy of the binary (`cp $(which hookctl)
// ~/hk`, then `~/hk hooks approve x`) is hookctl whatever its name. It is known by its content:
// the Go build information every Go binary carries (debug/buildinfo), whose main package is one
// of hookctl's commands (github.com/hookctl/hookctl/cmd/...). This is stronger than comparing the running binary's build ID, as it knows every
// build of hookctl, an older release too. The file is read only for a word followed by a
// consent verb (`X install`, `X hooks approve`), so an ordinary command reads nothing; it must
// be a regular file of at most maxProgram bytes, opened without blocking (a FIFO put in its
// place cannot hold the judgement), and buildinfo reads the headers and one section, not the
// whole file: 0.33 ms for a 5.9 MB hookctl built as `make build` builds it, on 2 shared CPUs at
// load 14. A copy made in the same command (`cp hookctl hk && ./hk install x`) does not exist
// yet when the command is judged: it is left to install's own refusal inside an agent
// (SPEC 24.6) and to the wall.

// hookctlModule is hookctl's main module path.
const hookctlModule = "github.com/hookctl/hookctl"

// maxProgram bounds the size of a program file read for its build information.
const maxProgram = 512 << 20

// isHookctlBinary reports whether w names, from any folder the script may be in or through
// PATH for a bare name, an existing file that is a build of hookctl.
func (sh *shell) isHookctlBinary(w wordVal) bool {
	if w.glob || w.s == "" {
		return false
	}
	var paths []string
	if !strings.ContainsAny(w.s, `/\`) && !strings.HasPrefix(w.s, "~") {
		if p, err := exec.LookPath(w.s); err == nil {
			paths = append(paths, p)
		}
	} else {
		for _, cwd := range sh.cwds {
			paths = append(paths, filepath.Clean(sh.m.abs(w.s, cwd)))
		}
	}
	for _, p := range paths {
		if sh.m.builtHookctl(p) {
			return true
		}
	}
	return false
}

// builtHookctl reports whether the file at path is a Go binary whose main module is hookctl's,
// remembering the answer for the call.
func (m *matcher) builtHookctl(path string) bool {
	if v, ok := m.binaries[path]; ok {
		return v
	}
	v := readsAsHookctl(path)
	if m.binaries == nil {
		m.binaries = map[string]bool{}
	}
	m.binaries[path] = v
	return v
}

func readsAsHookctl(path string) bool {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxProgram {
		return false
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false
	}
	bi, err := buildinfo.Read(f)
	return err == nil && bi.Main.Path == hookctlModule && strings.HasPrefix(bi.Path, hookctlModule+"/cmd/")
}

package selfguard

import (
	"bytes"
	"encoding/binary"
	"io"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/internal/safefile"
)

// hookctl under another name (SPEC 24.7, 28.32): a copy of the binary (`cp $(which hookctl)
// ~/hk`, then `~/hk hooks approve x`) is hookctl whatever its name. It is known by its content:
// the Go build information every Go binary carries, whose main package is one of hookctl's
// commands (github.com/hookctl/hookctl/cmd/...). This is stronger than comparing the running
// binary's build ID, as it knows every build of hookctl, an older release too. The file is read
// only for a word followed by a consent verb (`X install`, `X hooks approve`), so an ordinary
// command reads nothing; it must be a regular file, opened without blocking (a FIFO put in its
// place cannot hold the judgement), and at most maxScan bytes of it are searched for the build
// information's header. debug/buildinfo would find it by the executable's section table, but
// it links debug/elf, debug/macho, debug/pe and their decompressors into hookctl, whose package
// initialisation made every run about 5% slower (cmd/hookctl's TestNoExecutableReaders); the
// header is searched for instead, as debug/buildinfo itself does for formats it does not know.
// A copy made in the same command (`cp hookctl hk && ./hk install x`) does not exist
// yet when the command is judged: it is left to install's own refusal inside an agent
// (SPEC 24.6) and to the wall.

// hookctlModule is hookctl's main module path.
const hookctlModule = "github.com/hookctl/hookctl"

// maxScan bounds how much of a program file is searched for its build information: a hookctl
// is about 7 MB, its build information at the start of its data, 6.9 MB in. Searching a hookctl
// took 3.9 ms on 2 shared CPUs (the file in the page cache); a large program that is not Go
// (`cargo install`) costs the read of maxScan, about 15 ms, once per call.
const maxScan = 32 << 20

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
	f, _, err := safefile.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	mainPath, modPath := readBuildInfo(io.LimitReader(f, maxScan))
	return modPath == hookctlModule && strings.HasPrefix(mainPath, hookctlModule+"/cmd/")
}

// buildInfoMagic starts the header of a Go binary's build information (runtime/debug's
// buildinfo section, Go 1.18 and later: the magic, the pointer size, flags, then at offset 32
// the version and the module information as length-prefixed strings).
var buildInfoMagic = []byte("\xff Go buildinf:")

// readBuildInfo searches r for the build information's header and returns its main package
// path and main module path ("" when there is none it can read).
func readBuildInfo(r io.Reader) (mainPath, modPath string) {
	const chunk = 1 << 20
	keep := len(buildInfoMagic) - 1 // the magic may straddle two chunks
	buf := make([]byte, keep+chunk)
	have := 0
	for {
		n, err := io.ReadFull(r, buf[have:])
		data := buf[:have+n]
		// The magic also appears as a constant in a program that looks for it (hookctl
		// itself): the first match whose header reads is the build information.
		for off := 0; ; {
			i := bytes.Index(data[off:], buildInfoMagic)
			if i < 0 {
				break
			}
			off += i
			// The header and the strings after it: up to 64 KiB, read on where needed.
			cand := data[off:]
			if len(cand) < 64<<10 {
				more := make([]byte, 64<<10)
				m, _ := io.ReadFull(r, more)
				cand = append(append([]byte(nil), cand...), more[:m]...)
				data = append(data[:len(data):len(data)], more[:m]...)
			}
			if mainPath, modPath := parseBuildInfo(cand); modPath != "" {
				return mainPath, modPath
			}
			off++
		}
		if err != nil || len(data) < keep {
			return "", ""
		}
		have = copy(buf, data[len(data)-keep:])
	}
}

// parseBuildInfo reads the main package and module paths from data, which starts at the header.
func parseBuildInfo(data []byte) (mainPath, modPath string) {
	const flagsInline = 2
	if len(data) < 32 || data[15]&flagsInline == 0 {
		return "", "" // before Go 1.18 the strings are behind pointers: not hookctl's
	}
	data = data[32:]
	var strs [2]string
	for i := range strs {
		n, w := binary.Uvarint(data)
		if w <= 0 || n > uint64(len(data)-w) {
			return "", ""
		}
		strs[i], data = string(data[w:w+int(n)]), data[w+int(n):]
	}
	mod := strs[1]
	if len(mod) >= 32 {
		mod = mod[16 : len(mod)-16] // the module information sits between two 16-byte sentinels
	}
	for _, line := range strings.Split(mod, "\n") {
		k, v, _ := strings.Cut(line, "\t")
		switch k {
		case "path":
			mainPath = v
		case "mod":
			modPath, _, _ = strings.Cut(v, "\t")
		}
	}
	return mainPath, modPath
}

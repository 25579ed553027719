package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/gitbash"
)

// resolve returns the program to run for argv and its argv. Windows runs no #! line, so a
// script runs through the interpreter its extension names (SPEC 21):
//
//	.ps1       pwsh, else powershell.exe, with -NoProfile -ExecutionPolicy Bypass -File
//	.cmd .bat  cmd.exe /d /s /c, the words quoted as cmd reads them (cmdWords)
//	.sh        Git for Windows' bash.exe; a clear error when it is not installed
//	.py        py, else python
//
// anything else runs as a program. Every program is an absolute path: a word with a folder in
// it is taken from dir (the hook's working folder), a bare name is looked up on PATH's absolute
// folders only, never in the current folder (SPEC 23.9).
func resolve(argv []string, dir string) (string, []string, error) {
	prog, err := absProgram(argv[0], dir)
	if err != nil {
		return "", nil, err
	}
	rest := argv[1:]
	var out []string
	switch strings.ToLower(filepath.Ext(prog)) {
	case ".ps1":
		ps, err := powershell()
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", argv[0], err)
		}
		out = append([]string{ps, "-NoProfile", "-ExecutionPolicy", "Bypass", "-File", prog}, rest...)
	case ".cmd", ".bat":
		line, err := cmdWords(append([]string{prog}, rest...))
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", argv[0], err)
		}
		out = []string{systemProgram("cmd.exe"), "/d", "/s", "/c", line}
	case ".sh":
		bash, err := gitBash()
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", argv[0], err)
		}
		// MSYS's bash reads C:/x/y.sh as the Windows path it is.
		out = append([]string{bash, filepath.ToSlash(prog)}, rest...)
	case ".py":
		py, err := firstOnPath("py", "python")
		if err != nil {
			return "", nil, fmt.Errorf("%s: a .py hook runs through py or python, and neither is on PATH", argv[0])
		}
		out = append([]string{py, prog}, rest...)
	default:
		out = append([]string{prog}, rest...)
	}
	return out[0], out, nil
}

// absProgram makes the program word absolute: from dir (else hookctl's working folder) when
// it names a folder, from PATH when it is a bare name.
func absProgram(word, dir string) (string, error) {
	if !strings.ContainsAny(word, `/\:`) {
		return lookPath(word)
	}
	if filepath.IsAbs(word) {
		return filepath.Clean(word), nil
	}
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = wd
	}
	return filepath.Join(dir, word), nil
}

// lookPath finds a bare program name in PATH's absolute folders, trying each extension of
// PATHEXT (the name as written first, when it has one of them). Relative folders in PATH, the
// current folder among them, are skipped.
func lookPath(name string) (string, error) {
	exts := pathExts()
	names := make([]string, 0, len(exts)+1)
	if ext := strings.ToLower(filepath.Ext(name)); ext != "" && contains(exts, ext) {
		names = append(names, name)
	}
	for _, ext := range exts {
		names = append(names, name+ext)
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir = strings.Trim(dir, `"`); !filepath.IsAbs(dir) {
			continue
		}
		for _, n := range names {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("%s: not found on PATH", name)
}

func pathExts() []string {
	var exts []string
	for _, e := range strings.Split(os.Getenv("PATHEXT"), ";") {
		if e = strings.ToLower(strings.TrimSpace(e)); strings.HasPrefix(e, ".") {
			exts = append(exts, e)
		}
	}
	if len(exts) == 0 {
		exts = []string{".com", ".exe", ".bat", ".cmd"}
	}
	return exts
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func firstOnPath(names ...string) (string, error) {
	for _, n := range names {
		if p, err := lookPath(n); err == nil {
			return p, nil
		}
	}
	return "", errors.New("not found")
}

// systemProgram is the path of a program in the system folder (System32), which PATH cannot
// shadow.
func systemProgram(name string) string {
	dir, err := windows.GetSystemDirectory()
	if err != nil {
		dir = filepath.Join(os.Getenv("SystemRoot"), "System32")
	}
	return filepath.Join(dir, name)
}

// powershell is pwsh (PowerShell 7) when it is on PATH, else Windows PowerShell.
func powershell() (string, error) {
	if p, err := lookPath("pwsh"); err == nil {
		return p, nil
	}
	p := systemProgram(`WindowsPowerShell\v1.0\powershell.exe`)
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
		return p, nil
	}
	if p, err := lookPath("powershell"); err == nil {
		return p, nil
	}
	return "", errors.New("a .ps1 hook runs through pwsh or powershell.exe, and neither was found")
}

// gitBash finds Git for Windows' bash.exe (internal/gitbash).
func gitBash() (string, error) { return gitbash.Find(lookPath) }

// cmdWords quotes words for cmd.exe /s /c as cmd and a batch file's %1 read them: each in
// double quotes, inside which cmd's operators (& | < > ^) are plain text. What cmd cannot pass
// through unchanged is refused rather than passed changed: a % (cmd expands %NAME% even inside
// quotes, and Windows and Wine read a lone % differently), a double quote (%1 would show it
// doubled), a line break or a NUL (each ends the command).
func cmdWords(words []string) (string, error) {
	var b strings.Builder
	for i, w := range words {
		if strings.ContainsAny(w, "%\"\r\n\x00") {
			return "", fmt.Errorf("cmd.exe cannot pass %q to a .cmd or .bat script unchanged "+
				"(it holds a %%, a double quote or a line break): pass it in the payload or an environment variable", w)
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(`"` + w + `"`)
	}
	return b.String(), nil
}

// commandLine is the command line Windows gives the program: Go's own quoting
// (syscall.EscapeArg for each word), except for a batch file run through cmd.exe /s /c, whose
// last word cmdWords has quoted already and which is passed inside one more pair of quotes
// that /s strips.
func commandLine(path string, argv []string) string {
	if len(argv) == 5 && strings.EqualFold(path, systemProgram("cmd.exe")) &&
		argv[1] == "/d" && argv[2] == "/s" && argv[3] == "/c" {
		return syscall.EscapeArg(path) + ` /d /s /c "` + argv[4] + `"`
	}
	return ""
}

// Resolve is what runs argv from the folder dir on Windows, or why nothing can (the interpreter
// a script's extension names is missing): doctor reports it before a hook fails to start.
func Resolve(argv []string, dir string) (string, []string, error) { return resolve(argv, dir) }

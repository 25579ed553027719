package gitbash

import (
	"errors"
	"os"
	"path/filepath"
)

// ErrNotFound is Find's error: a .sh hook never silently becomes a skipped one.
var ErrNotFound = errors.New("a .sh hook runs through Git for Windows' bash.exe, which was not found " +
	"(install Git for Windows, or name the interpreter in the command)")

// Find finds Git for Windows' bash.exe: beside the git on PATH (Git\cmd\git.exe or
// Git\mingw64\bin\git.exe), else in the usual install folders. System32's bash.exe, which
// starts WSL, is never taken for it. lookPath finds a program on PATH (the runner's, which
// never looks in the current folder).
func Find(lookPath func(string) (string, error)) (string, error) {
	var roots []string
	if git, err := lookPath("git"); err == nil {
		d := filepath.Dir(git)
		roots = append(roots, filepath.Dir(d), filepath.Dir(filepath.Dir(d)))
	}
	for _, env := range []string{"ProgramFiles", "ProgramW6432", "ProgramFiles(x86)"} {
		if v := os.Getenv(env); v != "" {
			roots = append(roots, filepath.Join(v, "Git"))
		}
	}
	if v := os.Getenv("LOCALAPPDATA"); v != "" {
		roots = append(roots, filepath.Join(v, "Programs", "Git"))
	}
	for _, root := range roots {
		if !filepath.IsAbs(root) {
			continue
		}
		p := filepath.Join(root, "bin", "bash.exe")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", ErrNotFound
}

//go:build unix

package config

import (
	"path/filepath"
	"strings"
)

// HomeVar is the variable that names the person's home folder: HOME, as os.UserHomeDir reads
// it here.
const HomeVar = "HOME"

// systemExtraEnv is what a system hook's environment needs beyond PATH and the home: nothing
// here.
func systemExtraEnv() []string { return nil }

// hasPathSep reports whether a command's word names a path: it holds a /.
func hasPathSep(w string) bool { return strings.Contains(w, "/") }

// absWord returns w cleaned when it is an absolute path.
func absWord(_, w string) (string, bool) {
	if filepath.IsAbs(w) {
		return filepath.Clean(w), true
	}
	return "", false
}

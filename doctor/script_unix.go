//go:build unix

package doctor

import (
	"io/fs"

	"github.com/hookctl/hookctl/config"
)

// looseAllowlist reports whether the allowlist's mode lets others read or change it.
func looseAllowlist(mode fs.FileMode) bool { return mode.Perm()&0o077 != 0 }

// directProblem says why a script run as the program cannot run: it is not executable, or its
// #! line names no interpreter there.
func directProblem(script string, fi fs.FileInfo) (check, msg, fix string) {
	if fi.Mode().Perm()&0o111 == 0 {
		return "script", "script " + script + " is not executable", "chmod +x " + config.ShellQuote(script)
	}
	msg, fix = interpreterProblem(script)
	return "interpreter", msg, fix
}

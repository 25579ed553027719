package doctor

import (
	"io/fs"
	"path/filepath"

	"github.com/hookctl/hookctl/runner"
)

// looseAllowlist is false on Windows: a mode there is only the read-only flag. The access list
// decides, and consent refuses an allowlist others may change when it loads it (reported as
// its UntrustedError).
func looseAllowlist(fs.FileMode) bool { return false }

// directProblem says why a script run as the program cannot run. Windows has no executable
// bit and runs no #! line: the runner picks the interpreter by the script's extension (.ps1,
// .cmd, .sh, .py), and says when it is missing.
func directProblem(script string, _ fs.FileInfo) (check, msg, fix string) {
	if _, _, err := runner.Resolve([]string{script}, filepath.Dir(script)); err != nil {
		return "interpreter", err.Error(), "install what runs it (Git for Windows for .sh, PowerShell for .ps1, Python for .py), or name the interpreter in the command"
	}
	return "", "", ""
}

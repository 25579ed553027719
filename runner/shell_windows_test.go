package runner

import "testing"

// needsPOSIXShell skips a test whose fixture hooks are shell scripts (hook.sh and the like)
// where they cannot run: on Windows they run through Git for Windows' bash.exe, which Wine's
// prefix (make test-windows) does not have. Where bash.exe is installed they run.
func needsPOSIXShell(t *testing.T) {
	t.Helper()
	if _, err := gitBash(); err != nil {
		t.Skip("the fixture hooks are .sh scripts, and Git for Windows' bash.exe is not installed (as under Wine)")
	}
}

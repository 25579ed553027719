package main

import "testing"

// leaveTerminal has nothing to do on Windows, where run never prompts (SPEC 23.9).
func leaveTerminal() {}

// needsPOSIX skips a test written for a POSIX system: testdata/script's hooks are sh scripts
// and its steps use chmod, symbolic links and Unix paths. On Windows the runner, consent and
// install are tested by their own packages (docs/windows.md).
func needsPOSIX(t *testing.T) {
	t.Skip("testdata/script is written for a POSIX system (sh hooks, chmod, Unix paths): see docs/windows.md")
}

package doctor

import (
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/runner"
)

// TestWindowsScriptInterpreter: on Windows a script runs through the interpreter its extension
// names; a .sh hook where Git for Windows' bash.exe is missing is an error doctor names, as the
// run would fail to start it (a guard then blocks).
func TestWindowsScriptInterpreter(t *testing.T) {
	f := setup(t, "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n", map[string]string{"a.sh": okScript})
	if _, _, err := runner.Resolve([]string{filepath.Join(f.dir, "a.sh")}, f.dir); err == nil {
		t.Skip("Git for Windows' bash.exe is installed here: the .sh hook can run")
	}
	f.approveAll(t)
	r := f.examine(t)
	if !has(r, SeverityError, "interpreter", "bash.exe") {
		t.Errorf("no interpreter error naming bash.exe in %+v", r.Findings)
	}
}

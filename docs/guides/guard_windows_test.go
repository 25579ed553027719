package guides

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/internal/gitbash"
	"github.com/hookctl/hookctl/internal/wintest"
)

// guardCommand runs a guard script through Git for Windows' bash.exe, as hookctl runs a .sh
// hook there: Windows runs no #! line.
func guardCommand(t *testing.T, script string) *exec.Cmd {
	wintest.NeedsShell(t)
	bash, err := gitbash.Find(exec.LookPath)
	if err != nil {
		t.Fatal(err)
	}
	return exec.Command(bash, filepath.ToSlash(script))
}

//go:build unix

package guides

import (
	"os/exec"
	"testing"
)

// guardCommand runs a guard script by its #! line.
func guardCommand(_ *testing.T, script string) *exec.Cmd { return exec.Command(script) }

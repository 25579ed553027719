package consent

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestApproveProjectOutsideRoot is the attack of a project hook whose script lies beside the
// repository (on Windows the path from the root to it is ..\outside\evil.sh, which a check for
// "../" alone takes for a file inside): it is no project's to approve, and nothing is written.
func TestApproveProjectOutsideRoot(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	root, outside := filepath.Join(base, "repo"), filepath.Join(base, "outside")
	for _, d := range []string{root, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	evil := filepath.Join(outside, "evil.sh")
	if err := os.WriteFile(evil, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{evil, filepath.Join(root, "..", "outside", "evil.sh")} {
		h := config.Hook{Event: "pre_tool_call", Command: script, Argv: []string{script}, Script: script, Layer: config.LayerProject}
		if _, err := ApproveProject(home, root, []config.Hook{h}); !errors.Is(err, ErrNotProjectHook) {
			t.Errorf("%s: %v, want ErrNotProjectHook", script, err)
		}
	}
	if _, err := os.Stat(ProjectStorePath(home, root)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused approval wrote: %v", err)
	}
}

package consent

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestSystemNotInForce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the system level's ownership check is the unix one")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(script, 0o777); err != nil {
		t.Fatal(err)
	}
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: "+script+"\n"), config.Options{})
	if len(cfg.Hooks) != 1 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	for _, tt := range []struct {
		name  string
		hooks []config.Hook
		warns int
	}{
		{"no hook", nil, 0},
		{"a script others may write", cfg.Hooks, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := SystemNotInForce(tt.hooks)
			if len(got) != tt.warns {
				t.Fatalf("got %q, want %d warning(s)", got, tt.warns)
			}
			for _, w := range got {
				if !strings.HasPrefix(w, "warning: not in force until this is fixed: ") || !strings.Contains(w, "guard.sh") {
					t.Errorf("warning %q", w)
				}
			}
		})
	}
}

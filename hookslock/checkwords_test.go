package hookslock

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestCheckSaid(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".agent-hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".agent-hooks", "guard.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := config.Parse(filepath.Join(root, ".agent-hooks", "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n  post_tool_call:\n    - command: ./guard.sh\n"), config.Options{})
	if len(cfg.Hooks) != 2 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	guard, added := cfg.Hooks[0], cfg.Hooks[1]
	for _, tt := range []struct {
		name      string
		lock      []config.Hook // written first; nil: no lock
		hooks     []config.Hook
		fresh     string
		stale     int
		wantError string
	}{
		{"no lock", nil, []config.Hook{guard}, "", 0,
			root + " has no lock (" + Path(root) + "): run hookctl hooks lock, review and commit it"},
		{"fresh", []config.Hook{guard}, []config.Hook{guard}, Path(root) + " is fresh: 1 hook(s), as the repository has them", 0, ""},
		{"stale", []config.Hook{guard}, []config.Hook{guard, added}, "", 1,
			Path(root) + " is stale (1 difference(s)): run hookctl hooks lock, review and commit it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_ = os.Remove(Path(root))
			if tt.lock != nil {
				l, err := Build(root, tt.lock)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := Write(root, l); err != nil {
					t.Fatal(err)
				}
			}
			fresh, stale, err := CheckSaid(root, tt.hooks)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if fresh != tt.fresh || len(stale) != tt.stale || got != tt.wantError {
				t.Errorf("CheckSaid = %q, %q, %q; want %q, %d reason(s), %q", fresh, stale, got, tt.fresh, tt.stale, tt.wantError)
			}
		})
	}
}

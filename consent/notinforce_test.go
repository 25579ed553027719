package consent

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// A guard recorded not in force is recorded with no content: the config holds it (no gap), but
// no approval's content is its, so it stays not in force; an approval recorded before is
// replaced, never kept; a hook that is no guard is not recorded.
func TestRecordNotInForce(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n      fail_closed: true\n    - command: ./guard.sh --log\n"), config.Options{})
	if len(cfg.Hooks) != 2 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	s := NewStore(filepath.Join(dir, "home", "allowlist.json"))
	if _, err := s.Approve(cfg.Hooks[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordNotInForce(cfg.Hooks); err != nil {
		t.Fatal(err)
	}
	guards, err := s.Guards()
	if err != nil {
		t.Fatal(err)
	}
	if len(guards) != 1 || guards[0].Command != "./guard.sh" || guards[0].Files != nil {
		t.Fatalf("guards: %+v", guards)
	}
	if gaps := Gaps(guards, cfg, ""); len(gaps) != 0 {
		t.Errorf("the config holds the guard, yet: %+v", gaps)
	}
	list, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c := list.Check(cfg.Hooks[0]); c.Status != StatusNotApproved {
		t.Errorf("the guard's approval was kept: %+v", c)
	}
	if err := s.RecordNotInForce(cfg.Hooks); err != nil {
		t.Fatal(err)
	}
}

package hookslock

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestProjectAndCheck: the project's hooks read as a run reads them, and the lock checked
// against them: missing, fresh, then stale once a locked file changes.
func TestProjectAndCheck(t *testing.T) {
	person := t.TempDir()
	repo := filepath.Join(person, "repo")
	write := func(rel, text string, mode os.FileMode) {
		t.Helper()
		p := filepath.Join(repo, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n", 0o644)
	write(".agent-hooks/guard.sh", "#!/bin/sh\nexit 0\n", 0o755)
	write(".agent-hooks/log.sh", "#!/bin/sh\nexit 0\n", 0o755)
	write(".agent-hooks/config.yaml", "hooks:\n  post_tool_call:\n    - command: .agent-hooks/log.sh\n  pre_tool_call:\n    - command: .agent-hooks/guard.sh\n      fail_closed: true\n", 0o644)
	noEnv := func(string) (string, bool) { return "", false }
	home := filepath.Join(person, ".agent-hooks")
	src := func(from string) config.Sources {
		return config.Sources{Person: config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")},
			PersonHome: person, Lookup: noEnv, ProjectFrom: from}
	}
	if _, _, err := Project(src(person)); err == nil || !strings.Contains(err.Error(), "is in no project") {
		t.Fatalf("outside a repository: %v", err)
	}
	root, cfg, err := Project(src(filepath.Join(repo, ".agent-hooks")))
	if err != nil {
		t.Fatal(err)
	}
	if root != repo || len(cfg.Problems) != 0 {
		t.Fatalf("root %s, problems %v", root, cfg.Problems)
	}
	hooks := Hooks(cfg)
	if len(hooks) != 2 {
		t.Fatalf("hooks %+v, want two", hooks)
	}
	steps := []struct {
		name   string
		before func()
		stale  int
		err    error
	}{
		{"no lock", func() {}, 0, fs.ErrNotExist},
		{"fresh", func() {
			l, err := Build(root, hooks)
			if err == nil {
				_, err = Write(root, l)
			}
			if err != nil {
				t.Fatal(err)
			}
		}, 0, nil},
		{"a locked file changed", func() { write(".agent-hooks/guard.sh", "#!/bin/sh\nexit 1\n", 0o755) }, 1, nil},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.before()
			l, stale, err := Check(root, hooks)
			if !errors.Is(err, s.err) || len(stale) != s.stale {
				t.Fatalf("Check = %v, stale %q; want %v and %d", err, stale, s.err, s.stale)
			}
			if err == nil && len(l.Hooks) != 2 {
				t.Fatalf("lock of %d hooks, want 2", len(l.Hooks))
			}
		})
	}
}

package hookslock

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
)

// repo makes a repository with .agent-hooks/config.yaml and its scripts, and returns its root
// and the project's hooks as config loads them.
func repo(t *testing.T, cfg string, files map[string]string) (string, []config.Hook) {
	t.Helper()
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write(".agent-hooks/config.yaml", cfg)
	for rel, text := range files {
		write(rel, text)
	}
	return root, load(t, root)
}

func load(t *testing.T, root string) []config.Hook {
	t.Helper()
	c, err := config.Load(filepath.Join(root, ".agent-hooks", "config.yaml"), config.Options{Layer: config.LayerProject, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Problems {
		if p.Severity == config.SeverityError {
			t.Fatalf("config: %s", p)
		}
	}
	var hooks []config.Hook
	for _, e := range c.AllEvents() {
		hooks = append(hooks, c.HooksFor(e)...)
	}
	return hooks
}

const guardConfig = `hooks:
  pre_tool_call:
    - matcher: Bash
      command: .agent-hooks/guard.sh .agent-hooks/rules.txt
      fail_closed: true
  post_tool_call:
    - command: .agent-hooks/log.sh
`

func TestBuildVerify(t *testing.T) {
	root, hooks := repo(t, guardConfig, map[string]string{
		".agent-hooks/guard.sh":  "#!/bin/sh\necho '{}'\n",
		".agent-hooks/rules.txt": "rm -rf\n",
		".agent-hooks/log.sh":    "#!/bin/sh\n",
	})
	l, err := Build(root, hooks)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Hooks) != 2 || l.Hooks[1].Event != "pre_tool_call" || !l.Hooks[1].Guard || l.Hooks[1].Matcher != "Bash" {
		t.Fatalf("lock: %+v", l.Hooks)
	}
	if got := l.Hooks[1].Files; len(got) != 2 || got[0].Path != ".agent-hooks/guard.sh" || got[1].Path != ".agent-hooks/rules.txt" {
		t.Fatalf("files: %+v", got)
	}
	if _, err := Write(root, l); err != nil {
		t.Fatal(err)
	}
	back, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	results, unlocked := Verify(root, back, hooks)
	if len(unlocked) != 0 || len(results) != 2 || !results[0].Match() || !results[1].Match() {
		t.Fatalf("fresh lock: %+v, unlocked %v", results, unlocked)
	}

	// A file the guard reads, edited after the lock: the guard differs, naming the file.
	if err := os.WriteFile(filepath.Join(root, ".agent-hooks", "rules.txt"), []byte("nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	results, _ = Verify(root, back, load(t, root))
	if results[1].Match() || !strings.Contains(strings.Join(results[1].Differences, "; "), ".agent-hooks/rules.txt differs from the lock") {
		t.Errorf("edited rules: %+v", results[1])
	}
	if !results[0].Match() {
		t.Errorf("the other hook: %+v", results[0])
	}

	// A hook the lock does not name is unlocked; a locked one gone from the config differs.
	cfg := strings.Replace(guardConfig, ".agent-hooks/log.sh", ".agent-hooks/log.sh --verbose", 1)
	if err := os.WriteFile(filepath.Join(root, ".agent-hooks", "config.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	results, unlocked = Verify(root, back, load(t, root))
	if len(unlocked) != 1 || unlocked[0].Command != ".agent-hooks/log.sh --verbose" || results[0].Match() || results[0].Hook != nil {
		t.Errorf("changed command: %+v, unlocked %+v", results[0], unlocked)
	}
}

// A lock that is a link, or lies outside the repository through a linked folder, is refused.
func TestLoadRefusesLinks(t *testing.T) {
	root, hooks := repo(t, guardConfig, map[string]string{
		".agent-hooks/guard.sh": "#!/bin/sh\n", ".agent-hooks/rules.txt": "", ".agent-hooks/log.sh": "#!/bin/sh\n",
	})
	l, err := Build(root, hooks)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	if err := os.WriteFile(filepath.Join(elsewhere, "hooks.lock"), l.Marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
	wintest.Symlink(t, filepath.Join(elsewhere, "hooks.lock"), Path(root))
	if _, err := Load(root); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a linked lock: %v", err)
	}
	if _, err := Write(root, l); err == nil {
		t.Errorf("wrote through a linked lock")
	}

	other, away := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(away, "hooks.lock"), l.Marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
	wintest.Symlink(t, away, filepath.Join(other, ".agent-hooks"))
	if _, err := Load(other); err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Errorf("a lock through a linked folder: %v", err)
	}
	if _, err := Load(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("no lock: %v, want fs.ErrNotExist", err)
	}
}

// A project hook whose script lies outside the repository (through a link) is not locked,
// whatever let it through.
func TestBuildRefusesScriptOutside(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "g.sh")
	if err := os.WriteFile(outside, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	root, _ := repo(t, "hooks: {}\n", nil)
	link := filepath.Join(root, ".agent-hooks", "g.sh")
	wintest.Symlink(t, outside, link)
	h := config.Hook{Event: "pre_tool_call", Command: ".agent-hooks/g.sh", Argv: []string{link}, Script: link}
	if _, err := Build(root, []config.Hook{h}); err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Errorf("Build: %v", err)
	}
}

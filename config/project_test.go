package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/internal/wintest"
)

// repo makes a repository with .agent-hooks/guard.sh and guard.py, a script outside it and a
// link from inside to that script, and returns its root and the outside folder.
func repo(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "repo"), filepath.Join(base, "outside")
	for _, dir := range []string{filepath.Join(root, ".git"), filepath.Join(root, ".agent-hooks"), outside} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(root, ".agent-hooks", "guard.sh"), filepath.Join(root, ".agent-hooks", "guard.py"), filepath.Join(outside, "evil.sh")} {
		if err := os.WriteFile(f, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "evil.sh"), filepath.Join(root, ".agent-hooks", "link.sh")); err != nil {
		t.Fatal(err)
	}
	return root, outside
}

func readProject(t *testing.T, root, yaml string) *Config {
	t.Helper()
	path := ProjectConfigPath(root)
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	layer, ok := LayerOf(Layers(Sources{ProjectFrom: root, PersonHome: "/nonexistent-home"}), LayerProject)
	if !ok {
		t.Fatalf("no project layer for %s", root)
	}
	cfg, err := layer.Read()
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestProjectCommands: every command a project config may not run is an error at its
// file:line:col that drops the entry; the ones it may run load, resolved inside the repository.
func TestProjectCommands(t *testing.T) {
	root, outside := repo(t)
	tests := []struct {
		name, command string
		want          string // "" for a hook that loads
	}{
		{"script by its path", ".agent-hooks/guard.sh", ""},
		{"script by ./ path", "./.agent-hooks/guard.sh --strict", ""},
		{"interpreter from PATH", "python3 .agent-hooks/guard.py", ""},
		{"project dir variable", "$CLAUDE_PROJECT_DIR/.agent-hooks/guard.sh", ""},
		{"npm run", "npm run lint", "npm runs code this config does not name"},
		{"make", "make check", "make runs code this config does not name"},
		{"sh -c", "sh -c 'rm -rf /tmp/x'", "sh runs code this config does not name"},
		{"interpreter code", "python3 -c 'print(1)' .agent-hooks/guard.py", "python3 runs code this config does not name"},
		{"absolute path outside", ShellQuote(filepath.Join(outside, "evil.sh")), "its program names " + filepath.Join(outside, "evil.sh") + ", outside the repository"},
		{"interpreter of a script outside", "bash " + ShellQuote(filepath.Join(outside, "evil.sh")), "its script names " + filepath.Join(outside, "evil.sh") + ", outside the repository"},
		{"dot-dot escape", "bash .agent-hooks/../../outside/evil.sh", "outside the repository"},
		{"dot-dot program", "../outside/evil.sh", "outside the repository"},
		{"symlink out", ".agent-hooks/link.sh", "leads out of the repository through a symbolic link"},
		{"argument outside", ".agent-hooks/guard.sh " + ShellQuote(filepath.Join(outside, "evil.sh")), "it names " + filepath.Join(outside, "evil.sh") + ", outside the repository"},
		{"home path", "~/guard.sh", "outside the repository"},
		{"missing script", ".agent-hooks/nope.sh", "cannot be read"},
		{"variables", "LD_PRELOAD=.agent-hooks/x.so .agent-hooks/guard.sh", "cannot set variables (LD_PRELOAD=...)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "symlink out" {
				if _, err := os.Lstat(filepath.Join(root, ".agent-hooks", "link.sh")); err != nil {
					wintest.SkipUnderWine(t, "Wine 8's CreateSymbolicLink reports success and makes no link")
				}
			}
			cfg := readProject(t, root, "hooks:\n  pre_tool_call:\n    - command: '"+strings.ReplaceAll(tt.command, "'", "''")+"'\n      fail_closed: true\n")
			if tt.want == "" {
				if len(cfg.Problems) != 0 || len(cfg.Hooks) != 1 {
					t.Fatalf("problems %v, hooks %d", cfg.Problems, len(cfg.Hooks))
				}
				h := cfg.Hooks[0]
				if h.Layer != LayerProject || !strings.HasPrefix(h.Script, root+string(filepath.Separator)) || h.ProjectScript || !h.Guard() {
					t.Errorf("hook %+v", h)
				}
				return
			}
			if len(cfg.Hooks) != 0 || len(cfg.Problems) != 1 {
				t.Fatalf("hooks %d, problems %v", len(cfg.Hooks), cfg.Problems)
			}
			p := cfg.Problems[0]
			prefix := ProjectConfigPath(root) + ":3:16: error: "
			if got := p.String(); !strings.HasPrefix(got, prefix) || !strings.Contains(got, tt.want) || !strings.HasSuffix(got, "(hook dropped)") {
				t.Errorf("problem %q, want %q...%q", got, prefix, tt.want)
			}
		})
	}
}

// TestProjectKeys: a project config sets only hooks and custom_events; auto-accept, parallel,
// audit and url hooks are errors at their file:line:col, and nothing of them takes effect.
func TestProjectKeys(t *testing.T) {
	root, _ := repo(t)
	cfg := readProject(t, root, `hooks_auto_accept: true
parallel: false
audit: false
custom_events: [deploy]
hooks:
  pre_tool_call:
    - url: http://127.0.0.1:9/hook
  deploy:
    - command: .agent-hooks/guard.sh
`)
	want := []string{
		"1:1: error: a project config cannot turn on hooks_auto_accept",
		"2:1: error: a project config may set only hooks and custom_events; parallel is the person's",
		"3:1: error: a project config may set only hooks and custom_events; audit is the person's",
		"7:12: error: a project hook runs a script inside the repository; a url hook is the person's",
	}
	if len(cfg.Problems) != len(want) {
		t.Fatalf("problems %v", cfg.Problems)
	}
	for i, w := range want {
		if got := cfg.Problems[i].String(); !strings.HasPrefix(got, ProjectConfigPath(root)+":"+w) {
			t.Errorf("problem %d: %q, want %q", i, got, w)
		}
	}
	if cfg.AutoAccept || !cfg.Parallel || !cfg.Audit || len(cfg.Hooks) != 1 || cfg.Hooks[0].Event != "deploy" {
		t.Errorf("config %+v", cfg)
	}
}

// TestProjectSyntaxError: a YAML error is reported with its line, and no hook of the file
// loads (the recorded project guards then block, consent's to say).
func TestProjectSyntaxError(t *testing.T) {
	root, _ := repo(t)
	cfg := readProject(t, root, "hooks:\n  pre_tool_call:\n    - command: .agent-hooks/guard.sh\n   bad: [\n")
	if !cfg.Unreadable || len(cfg.Hooks) != 0 || len(cfg.Problems) != 1 || !strings.Contains(cfg.Problems[0].String(), "config.yaml:4:1: error: YAML syntax error") {
		t.Fatalf("config %+v", cfg)
	}
}

// TestProjectConfigLinkedOut: a project config that is a link out of the repository cannot
// be trusted.
func TestProjectConfigLinkedOut(t *testing.T) {
	root, outside := repo(t)
	other := filepath.Join(outside, "config.yaml")
	if err := os.WriteFile(other, []byte("hooks: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wintest.Symlink(t, other, ProjectConfigPath(root))
	layer, _ := LayerOf(Layers(Sources{ProjectFrom: root}), LayerProject)
	if _, err := layer.Read(); err == nil || !strings.Contains(err.Error(), "the project config cannot be trusted") {
		t.Fatalf("err %v", err)
	}
}

// TestFindProject: the root is the first folder holding .git from the start upward, never
// above the person's home, nor the hookctl home or a folder whose .agent-hooks it is.
func TestFindProject(t *testing.T) {
	base := t.TempDir()
	home := filepath.Join(base, "home")
	repoDir := filepath.Join(home, "src", "app")
	worktree := filepath.Join(home, "src", "wt")
	deep := filepath.Join(repoDir, "pkg", "x")
	for _, d := range []string{filepath.Join(repoDir, ".git"), deep, worktree, filepath.Join(home, ".agent-hooks")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(worktree, ".git"), []byte("gitdir: ../app/.git/worktrees/wt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(base, ".git"), 0o755); err != nil { // above home
		t.Fatal(err)
	}
	hookctlHome := filepath.Join(home, ".agent-hooks")
	tests := []struct {
		name, from, hookctlHome, want string
	}{
		{"deep in a repository", deep, hookctlHome, repoDir},
		{"a worktree's .git file", worktree, hookctlHome, worktree},
		{"nothing up to home: not above it", filepath.Join(home, "src"), hookctlHome, ""},
		{"relative start", "src", hookctlHome, ""},
		{"none given", "", hookctlHome, ""},
		{"the hookctl home", deep, repoDir, ""},
		{"inside the hookctl home", deep, filepath.Join(home, "src"), ""},
		{"the hookctl home inside the repository", deep, filepath.Join(repoDir, "pkg"), repoDir},
		{"the folder whose .agent-hooks is the hookctl home", deep, filepath.Join(repoDir, ".agent-hooks"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := FindProject(tt.from, home, tt.hookctlHome)
			if got != tt.want && ok || ok != (tt.want != "") {
				t.Errorf("FindProject(%q) = %q, %v; want %q", tt.from, got, ok, tt.want)
			}
		})
	}
	// Home itself a repository (dotfiles): its .agent-hooks is the person's own config.
	if err := os.MkdirAll(filepath.Join(home, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if root, ok := FindProject(filepath.Join(home, "src"), home, hookctlHome); ok {
		t.Errorf("home's own repository is a project: %s", root)
	}
}

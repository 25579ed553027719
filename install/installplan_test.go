package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func noLookup(string) (string, bool) { return "", false }

// TestPlanConfig: the person's entries are planned from the person's and the project's
// hooks, the project's committed entries from the project's alone; a project that adds
// nothing leaves the person's config.
func TestPlanConfig(t *testing.T) {
	person := config.Parse("/p/config.yaml", []byte("hooks:\n  post_tool_call:\n    - command: sh -c mine\n"), config.Options{LookupEnv: noLookup})
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".agent-hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".agent-hooks", "team.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	projectCfg := config.Parse(filepath.Join(root, ".agent-hooks", "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: .agent-hooks/team.sh\n"), config.Options{LookupEnv: noLookup, Layer: config.LayerProject, Root: root})
	for _, p := range projectCfg.Problems {
		t.Fatalf("project config: %s", p)
	}
	empty := config.Parse(filepath.Join(root, ".agent-hooks", "config.yaml"), []byte("hooks: {}\n"), config.Options{LookupEnv: noLookup, Layer: config.LayerProject, Root: root})
	tests := []struct {
		name          string
		project       *consent.Project
		projectWiring bool
		ok            bool
		want          []string // the events planned from
	}{
		{"no project", nil, false, false, []string{"post_tool_call"}},
		{"a project with hooks", &consent.Project{Config: projectCfg}, false, true, []string{"post_tool_call", "pre_tool_call"}},
		{"the project's own wiring", &consent.Project{Config: projectCfg}, true, true, []string{"pre_tool_call"}},
		{"a project without hooks", &consent.Project{Config: empty}, true, false, []string{"post_tool_call"}},
		{"a project config unread", &consent.Project{Config: projectCfg, ConfigErr: errors.New("not trusted")}, false, false, []string{"post_tool_call"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, ok := PlanConfig(person, tt.project, tt.projectWiring)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			var got []string
			for _, e := range []string{"pre_tool_call", "post_tool_call"} {
				if len(cfg.HooksFor(e)) > 0 {
					got = append(got, e)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("planned from %v, want %v", got, tt.want)
			}
			for _, e := range tt.want {
				if len(cfg.HooksFor(e)) == 0 {
					t.Errorf("no hook for %s, want one", e)
				}
			}
			if cfg.Path != person.Path {
				t.Errorf("path %q, want the person's %q", cfg.Path, person.Path)
			}
		})
	}
}

// TestUnapproved: the hooks wired that consent would skip, each hookctl event counted once
// however many agent events fire it, and only those that run under the agent.
func TestUnapproved(t *testing.T) {
	dir := t.TempDir()
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(`hooks:
  pre_tool_call:
    - command: sh -c approved
    - command: sh -c new
    - command: sh -c cursor-only
      agents: [cursor]
  post_tool_call:
    - command: sh -c after
`), config.Options{LookupEnv: noLookup})
	for _, p := range cfg.Problems {
		t.Fatalf("config: %s", p)
	}
	store := consent.NewStore(filepath.Join(dir, "allowlist.json"))
	if _, err := store.Approve(cfg.HooksFor("pre_tool_call")[0]); err != nil {
		t.Fatal(err)
	}
	list, err := store.Load()
	if err != nil {
		t.Fatal(err)
	}
	claude, _ := agent.Lookup("claude-code")
	cursor, _ := agent.Lookup("cursor")
	tests := []struct {
		name string
		d    *agent.Dialect
		want []Want
		n    int
	}{
		{"nothing wired", claude, nil, 0},
		{"pre only", claude, []Want{{Event: "PreToolUse"}}, 1},
		{"pre and post", claude, []Want{{Event: "PreToolUse"}, {Event: "PostToolUse"}}, 2},
		{"two agent events, one hookctl event", cursor, []Want{{Event: "preToolUse"}, {Event: "beforeShellExecution"}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := Unapproved(cfg, list, tt.d, tt.want); n != tt.n {
				t.Fatalf("Unapproved = %d, want %d", n, tt.n)
			}
		})
	}
}

// TestHomes: the homes the wirings name, each once, in order; a wiring without --home names none.
func TestHomes(t *testing.T) {
	tests := []struct {
		name  string
		wired []Wiring
		want  []string
	}{
		{"none", nil, nil},
		{"no home named", []Wiring{{Agent: "codex"}}, nil},
		{"each once", []Wiring{{Home: "/a"}, {}, {Home: "/b"}, {Home: "/a"}}, []string{"/a", "/b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Homes(tt.wired); !slices.Equal(got, tt.want) {
				t.Fatalf("Homes = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestConfigThere: a config that is not there refuses, naming it and the file left unchanged;
// one that is there, even empty, does not.
func TestConfigThere(t *testing.T) {
	dir := t.TempDir()
	there := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(there, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
	}{
		{"there", there, ""},
		{"missing", filepath.Join(dir, "none.yaml"), "there is no config at " + filepath.Join(dir, "none.yaml") + " (hookctl init creates one); /s is unchanged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ConfigThere(tt.path, "/s")
			if got := fmt.Sprint(err); tt.want == "" && err != nil || tt.want != "" && got != tt.want {
				t.Fatalf("ConfigThere = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestFoldersRecord: the person's wiring records its folders in the hookctl home, an
// administrator file nowhere.
func TestFoldersRecord(t *testing.T) {
	tests := []struct {
		name string
		t    Target
		want string
	}{
		{"the person's", Target{Path: "/h/.claude/settings.json"}, FoldersPath("/home/.agent-hooks")},
		{"an administrator file", Target{Path: "/etc/claude-code/managed-settings.json", System: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FoldersRecord(tt.t, "/home/.agent-hooks"); got != tt.want {
				t.Fatalf("FoldersRecord = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestUnapprovedWarning: nothing to say for none; the count and the fix otherwise.
func TestUnapprovedWarning(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, ""}, {3, "3 of the hooks wired are not approved and will be skipped until you review them and run: hookctl hooks approve --all"}} {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			if got := UnapprovedWarning(tt.n); got != tt.want {
				t.Fatalf("UnapprovedWarning(%d) = %q, want %q", tt.n, got, tt.want)
			}
		})
	}
}

package hookslock

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestProjectHooks(t *testing.T) {
	for _, tt := range []struct {
		name     string
		config   string // "": no project
		hooks    int
		problems int
		wantErr  string
	}{
		{"a project", "hooks:\n  pre_tool_call:\n    - command: .agent-hooks/guard.sh\n      fail_closed: true\n", 1, 0, ""},
		{"an error refuses", "hooks:\n  pre_tool_call:\n    - timeout: 3\n", 0, 1, "hooks lock"},
		{"no project", "", 0, 0, "is in no project"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			person := t.TempDir()
			repo := filepath.Join(person, "repo")
			if err := os.MkdirAll(filepath.Join(repo, ".agent-hooks"), 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.config != "" {
				for rel, text := range map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".agent-hooks/config.yaml": tt.config, ".agent-hooks/guard.sh": "#!/bin/sh\nexit 0\n"} {
					if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, rel)), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(repo, rel), []byte(text), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			home := filepath.Join(person, ".agent-hooks")
			src := config.Sources{Person: config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")},
				PersonHome: person, Lookup: func(string) (string, bool) { return "", false }, ProjectFrom: repo}
			_, hooks, problems, err := ProjectHooks(src, "hooks lock")
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("error %v, want %q", err, tt.wantErr)
			}
			if len(hooks) != tt.hooks || len(problems) != tt.problems {
				t.Errorf("%d hook(s), problems %q; want %d, %d", len(hooks), problems, tt.hooks, tt.problems)
			}
		})
	}
}

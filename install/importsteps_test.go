package install

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestImportAll: each source that exists is imported in order; one that does not is named as
// missing, not a failure.
func TestImportAll(t *testing.T) {
	claude, _ := agent.Lookup("claude-code")
	noEnv := func(string) (string, bool) { return "", false }
	tests := []struct {
		name    string
		sources []string // "settings" is a file with one hook; anything else is missing
		results int
		missing int
	}{
		{"one file", []string{"settings"}, 1, 0},
		{"one missing", []string{"gone"}, 0, 1},
		{"one of two", []string{"gone", "settings"}, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			settings := filepath.Join(dir, "settings")
			if err := os.WriteFile(settings, []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/bin/true"}]}]}}`), 0o600); err != nil {
				t.Fatal(err)
			}
			var sources []string
			for _, s := range tt.sources {
				sources = append(sources, filepath.Join(dir, s))
			}
			cfg := filepath.Join(dir, "config.yaml")
			results, missing, err := ImportAll(cfg, sources, claude, noEnv)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != tt.results || len(missing) != tt.missing {
				t.Fatalf("%d results, missing %v; want %d and %d", len(results), missing, tt.results, tt.missing)
			}
			for _, m := range missing {
				if filepath.Base(m) != "gone" {
					t.Errorf("missing %s", m)
				}
			}
			if tt.results > 0 {
				data, _ := os.ReadFile(cfg)
				if len(results[0].Added) != 1 || !strings.Contains(string(data), "/bin/true") {
					t.Fatalf("added %+v, config:\n%s", results[0].Added, data)
				}
			}
		})
	}
}

// TestImportNext: the steps name the agent and its file, approval before wiring, and the
// originals removed last.
func TestImportNext(t *testing.T) {
	text := ImportNext("codex", "/h/.codex/hooks.json")
	steps := []string{"hookctl hooks list", "hookctl hooks approve --all", "hookctl install codex", "remove the originals from /h/.codex/hooks.json"}
	at := 0
	for _, s := range steps {
		i := strings.Index(text[at:], s)
		if i < 0 {
			t.Fatalf("%q missing or out of order in:\n%s", s, text)
		}
		at += i
	}
}

// TestImportJSON: one file read prints its result, several a list.
func TestImportJSON(t *testing.T) {
	one := []ImportResult{{File: "a"}}
	two := []ImportResult{{File: "a"}, {File: "b"}}
	tests := []struct {
		name    string
		results []ImportResult
		want    any
	}{
		{"one", one, one[0]},
		{"two", two, two},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ImportJSON(tt.results); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ImportJSON = %#v, want %#v", got, tt.want)
			}
		})
	}
}

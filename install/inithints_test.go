package install

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestHints: an agent is named when its user settings folder is a folder under the home, and
// only an agent whose settings hookctl can edit.
func TestHints(t *testing.T) {
	claude, _ := agent.Lookup("claude-code")
	cursor, _ := agent.Lookup("cursor")
	noEnv := func(string) (string, bool) { return "", false }
	dirOf := func(home string, d *agent.Dialect) string { return filepath.Dir(d.UserSettings(home, noEnv)) }
	tests := []struct {
		name string
		make func(home string) error
		want []string
	}{
		{"none", func(string) error { return nil }, nil},
		{"one folder", func(home string) error { return os.MkdirAll(dirOf(home, claude), 0o700) }, []string{"claude-code"}},
		{"a file where the folder goes", func(home string) error {
			return os.WriteFile(dirOf(home, cursor), nil, 0o600)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			if err := tt.make(home); err != nil {
				t.Fatal(err)
			}
			hints := Hints(home, noEnv)
			var got []string
			for _, h := range hints {
				got = append(got, h.Agent.Name)
				if h.Dir != dirOf(home, h.Agent) || h.Agent.SettingsFile == "" {
					t.Errorf("hint %+v", h)
				}
			}
			if len(got) != len(tt.want) || len(got) > 0 && got[0] != tt.want[0] {
				t.Fatalf("hints %v, want %v", got, tt.want)
			}
		})
	}
}

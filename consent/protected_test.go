package consent

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestProtectedState(t *testing.T) {
	home := filepath.Join(t.TempDir(), ".agent-hooks")
	ci := filepath.Join(t.TempDir(), "ci")
	tests := []struct {
		name      string
		allowlist string
		files     []string
	}{
		{"allowlist in the home", filepath.Join(home, "allowlist.json"), []string{filepath.Join(home, "allowlist.json"), filepath.Join(home, "allowlist.guards.json")}},
		{"allowlist elsewhere", filepath.Join(ci, "allow.json"), []string{filepath.Join(ci, "allow.json"), filepath.Join(ci, "allow.guards.json")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := ProtectedState(config.Locations{Home: home, Allowlist: tt.allowlist})
			if !slices.Contains(st.Trees, home) {
				t.Errorf("trees %v do not hold the home %s", st.Trees, home)
			}
			if !slices.Contains(st.Trees, CopiesDir(tt.allowlist)) {
				t.Errorf("trees %v do not hold the copies", st.Trees)
			}
			want := []string{filepath.Join(home, "config.yaml"), filepath.Join(home, "audit.jsonl"), filepath.Join(home, "log", "audit.jsonl")}
			if !slices.Equal(st.Except, want) {
				t.Errorf("except = %v, want %v", st.Except, want)
			}
			if !slices.Equal(st.Files, tt.files) {
				t.Errorf("files = %v, want %v", st.Files, tt.files)
			}
		})
	}
}

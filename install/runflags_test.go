package install

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestPersonRunFlags: the wiring names the home, and the allowlist and config only where they
// are not the home's; a guard record that cannot be read counts as guards recorded.
func TestPersonRunFlags(t *testing.T) {
	home := t.TempDir()
	own := config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")}
	other := t.TempDir()
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "allowlist.guards.json"), []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		loc    config.Locations
		accept bool
		want   RunFlags
	}{
		{"the home's own files", own, false, RunFlags{Home: home}},
		{"another config", config.Locations{Home: home, Config: filepath.Join(other, "c.yaml"), Allowlist: own.Allowlist}, false,
			RunFlags{Home: home, Config: filepath.Join(other, "c.yaml")}},
		{"another allowlist", config.Locations{Home: home, Config: own.Config, Allowlist: filepath.Join(other, "a.json")}, true,
			RunFlags{Home: home, Allowlist: filepath.Join(other, "a.json"), AcceptHooks: true}},
		{"an unreadable guard record", config.Locations{Home: home, Config: own.Config, Allowlist: filepath.Join(broken, "allowlist.json")}, false,
			RunFlags{Home: home, Allowlist: filepath.Join(broken, "allowlist.json"), Guarded: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PersonRunFlags(tt.loc, tt.accept); got != tt.want {
				t.Errorf("PersonRunFlags = %+v, want %+v", got, tt.want)
			}
		})
	}
}

package consent_test

import (
	"os"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/systest"
)

// TestOpenSystem: the system level as its commands open it: missing (an error with the fix,
// or an empty config for uninstall), present, and a folder others may write (an error naming
// it).
func TestOpenSystem(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	steps := []struct {
		name      string
		before    func()
		mustExist bool
		hooks     int
		err       string
	}{
		{"missing, install", func() {}, true, 0, "there is no system folder " + config.SystemDir + ": create it (mkdir -m 0755"},
		{"missing, uninstall", func() {}, false, 0, ""},
		{"present", func() { systemFolder(t) }, true, 1, ""},
		{"others may write it", func() {
			if err := os.Chmod(config.SystemDir, 0o777); err != nil {
				t.Fatal(err)
			}
		}, false, 0, config.SystemDir + " has mode 0777"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.before()
			loc, cfg, err := consent.OpenSystem("/root", s.mustExist)
			switch {
			case s.err != "":
				if err == nil || !strings.Contains(err.Error(), s.err) {
					t.Fatalf("OpenSystem = %v, want %q", err, s.err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if loc.Home != config.SystemDir || len(cfg.Hooks) != s.hooks {
				t.Fatalf("OpenSystem = %+v, %d hooks; want %s and %d", loc, len(cfg.Hooks), config.SystemDir, s.hooks)
			}
			for _, h := range cfg.Hooks {
				if h.Layer != config.LayerSystem {
					t.Errorf("hook %s of layer %q", h.Command, h.Layer)
				}
			}
		})
	}
}

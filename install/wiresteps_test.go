package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

func TestWireSteps(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	const good = "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"
	refused := errors.New("not confirmed")
	for _, tt := range []struct {
		name    string
		config  string
		events  []string
		dryRun  bool
		unwire  bool
		confirm error
		wantErr string // "" for none
		written bool   // the settings file exists after
		asked   bool
		warned  string
	}{
		{"wired", good, nil, false, false, nil, "", true, true, ""},
		{"a dry run asks nothing and writes nothing", good, nil, true, false, nil, "", false, false, ""},
		{"a config with errors changes nothing", "hooks:\n  pre_tool_call:\n    - timeout: 3\n", nil, false, false, nil, "install", false, false, ""},
		{"an event the agent lacks is a plan error", good, []string{"NoSuchEvent"}, false, false, nil, "NoSuchEvent", false, false, ""},
		{"an event without hooks is said", good, []string{"Stop"}, false, false, nil, "", false, true, "has no hooks for Stop"},
		{"refused", good, nil, false, false, refused, "not confirmed", false, true, ""},
		{"unwired", good, nil, false, true, nil, "", false, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfgPath := filepath.Join(dir, "config.yaml")
			cfg := config.Parse(cfgPath, []byte(tt.config), config.Options{})
			settings := filepath.Join(dir, "claude", "settings.json")
			target := TargetFor(d, settings, testBin, RunFlags{})
			var asked bool
			var warned []string
			st := Steps{Warn: func(s string) { warned = append(warned, s) }, Confirm: func(tg Target, preview func() (Report, error)) error {
				asked = true
				if _, err := preview(); err != nil {
					t.Errorf("preview: %v", err)
				}
				return tt.confirm
			}}
			if tt.unwire {
				_, err = Unwire(cfg, filepath.Join(dir, "home"), target, tt.dryRun, "uninstall", st)
			} else {
				_, _, err = Wire(cfg, cfgPath, filepath.Join(dir, "home"), d, target, tt.events, tt.dryRun, "install", st)
			}
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
			}
			if pe := (*PlanError)(nil); errors.As(err, &pe) != (tt.events != nil && tt.wantErr != "") {
				t.Errorf("error %v: a plan error %v", err, pe != nil)
			}
			if _, err := os.Stat(settings); (err == nil) != tt.written {
				t.Errorf("settings written: %v, want %v", err == nil, tt.written)
			}
			if asked != tt.asked {
				t.Errorf("asked: %v, want %v", asked, tt.asked)
			}
			if got := strings.Join(warned, "\n"); !strings.Contains(got, tt.warned) || (tt.warned == "") != (got == "") {
				t.Errorf("warned %q, want %q", got, tt.warned)
			}
		})
	}
}

func TestSystemTargetNamed(t *testing.T) {
	for _, tt := range []struct {
		name, agent string
		plan        bool
		wantErr     string
	}{
		{"an administrator file", "claude-code", false, ""},
		{"an unknown agent", "no-such-agent", true, "no-such-agent"},
		{"an agent without one, named", "opencode", false, "opencode: no administrator file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, tg, err := SystemTargetNamed(tt.agent, testBin, false)
			if tt.wantErr == "" {
				if err != nil || d == nil || tg.Path == "" {
					t.Fatalf("got %v, %+v, %v", d, tg, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want %q", err, tt.wantErr)
			}
			if pe := (*PlanError)(nil); errors.As(err, &pe) != tt.plan {
				t.Errorf("error %v: a plan error %v, want %v", err, pe != nil, tt.plan)
			}
		})
	}
}

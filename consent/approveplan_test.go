package consent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestToApprove(t *testing.T) {
	cfg := config.Parse("/c/config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: ./a.sh\n    - command: ./b.sh\n  post_tool_call:\n    - command: ./a.sh\n"), config.Options{})
	empty := config.Parse("/c/config.yaml", []byte("hooks: {}\n"), config.Options{})
	tests := []struct {
		name    string
		cfg     *config.Config
		command string
		event   string
		all     bool
		want    int
		wantErr string
	}{
		{"all", cfg, "", "", true, 3, ""},
		{"a command on every event", cfg, "./a.sh", "", false, 2, ""},
		{"a command on one event", cfg, "./a.sh", "post_tool_call", false, 1, ""},
		{"a command not configured", cfg, "./c.sh", "", false, 0, "./c.sh"},
		{"all of nothing", empty, "", "", true, 0, "no hooks are configured in /c/config.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hooks, err := ToApprove(tt.cfg, "/c/config.yaml", tt.command, tt.event, tt.all, false)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(hooks) != tt.want {
				t.Errorf("got %d hooks, %v; want %d", len(hooks), err, tt.want)
			}
		})
	}
}

func TestApproveDrops(t *testing.T) {
	guard := hook(t, "pre_tool_call", "./g.sh", "Bash", true)
	open := hook(t, "pre_tool_call", "./g.sh", "Bash", false)
	other := hook(t, "post_tool_call", "./n.sh", "", false)
	tests := []struct {
		name      string
		approve   []config.Hook
		all       bool
		record    string // "" keeps the record; "missing" removes it
		wantDrops int
		wantNote  string
	}{
		{"the guard unchanged", []config.Hook{guard}, false, "", 0, ""},
		{"the guard's fail_closed taken away", []config.Hook{open}, false, "", 1, ""},
		{"--all without the guard", []config.Hook{other}, true, "", 1, ""},
		{"a missing record: every approved guard is a change", []config.Hook{other}, false, "missing", 1, "guard"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStore(filepath.Join(t.TempDir(), "allowlist.json"))
			mustApprove(t, s, guard)
			if tt.record == "missing" {
				if err := os.Remove(strings.TrimSuffix(s.Path, ".json") + ".guards.json"); err != nil {
					t.Fatal(err)
				}
			}
			p, errs := s.Prepare(tt.approve)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			drops, notes := s.ApproveDrops(p, tt.all, nil)
			if len(drops) != tt.wantDrops {
				t.Errorf("drops %v, want %d", drops, tt.wantDrops)
			}
			if tt.wantNote != "" && (len(notes) == 0 || !strings.Contains(notes[0], tt.wantNote)) {
				t.Errorf("notes %q, want one with %q", notes, tt.wantNote)
			}
		})
	}
}

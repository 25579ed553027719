package view

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// TestSessionNotices: which lines the session notice holds, in order, for the person's state.
func TestSessionNotices(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		setup func(*testing.T, personWorld, *Session)
		want  []string // each the start of a line, in order
	}{
		{"nothing approved", func(*testing.T, personWorld, *Session) {}, []string{
			"hookctl: guard DIR/guard.sh on pre_tool_call blocks every call it covers",
			"hookctl skips 1 hook(s) not approved: DIR/plain.sh on pre_tool_call (not approved)"}},
		{"all approved", func(t *testing.T, w personWorld, s *Session) {
			w.approve(t, s.Config, "guard.sh", "plain.sh")
			s.List = w.allowlist(t)
		}, nil},
		{"accept-hooks comes first and counts no hook", func(_ *testing.T, _ personWorld, s *Session) { s.AcceptHooks = true }, []string{
			"hookctl: hooks run here without approval: this agent's wiring carries --accept-hooks (a CI machine's setting); on your own machine, at your own terminal: hookctl install claude-code"}},
		{"auto-accept counts no hook", func(_ *testing.T, _ personWorld, s *Session) { s.Config.AutoAccept = true }, nil},
		{"an unreadable config is the one line", func(_ *testing.T, _ personWorld, s *Session) {
			s.Err, s.Later = errors.New("config.yaml: bad"), []string{"later"}
		}, []string{"hookctl: config.yaml: bad"}},
		{"an unreadable allowlist counts nothing", func(_ *testing.T, _ personWorld, s *Session) { s.List = nil }, nil},
		{"the guard record unreadable", func(_ *testing.T, _ personWorld, s *Session) {
			s.List, s.Held.Err = nil, errors.New("reading the guard record: bad")
		}, []string{"hookctl: reading the guard record: bad; the calls a guard could cover are blocked; at your own terminal: hookctl hooks doctor"}},
		{"a recorded guard gone from the config", func(_ *testing.T, _ personWorld, s *Session) {
			s.List = nil
			s.Held.Recorded = []consent.Guard{{Event: "pre_tool_call", Command: "/gone.sh"}}
		}, []string{"hookctl: guard /gone.sh"}},
		{"later lines come last", func(_ *testing.T, _ personWorld, s *Session) {
			s.List, s.Later = nil, []string{"hookctl: the wall is up"}
		},
			[]string{"hookctl: the wall is up"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newPersonWorld(t, noticeConfig, map[string]os.FileMode{"guard.sh": 0o755, "plain.sh": 0o755, "codex-only.sh": 0o755})
			s := Session{Agent: d, Config: w.config(t), List: w.allowlist(t), Held: runner.Guards{}}
			tt.setup(t, w, &s)
			got := SessionNotices(s)
			if len(got) != len(tt.want) {
				t.Fatalf("SessionNotices = %q, want %d lines like %q", got, len(tt.want), tt.want)
			}
			for i, want := range tt.want {
				if want = strings.ReplaceAll(want, "DIR", filepath.ToSlash(w.dir)); !strings.HasPrefix(got[i], want) {
					t.Errorf("line %d = %q, want %q...", i, got[i], want)
				}
			}
		})
	}
}

func TestProjectNoticesNone(t *testing.T) {
	d, _ := agent.Lookup("codex")
	if got := ProjectNotices(d, nil, false); got != nil {
		t.Fatalf("ProjectNotices(nil) = %q", got)
	}
}

package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

const noticeConfig = `hooks:
  pre_tool_call:
    - command: DIR/guard.sh
      fail_closed: true
    - command: DIR/plain.sh
    - command: DIR/codex-only.sh
      agents: [codex]
`

// TestNotInForce: the hooks the session notice names, by what the dispatch does with them.
func TestNotInForce(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(*testing.T, personWorld)
		blocked map[int]bool
		counted func(config.Hook) bool
		skipped []string // each the start of a skipped hook's name
		blocks  []string // each a part of a blocking guard's line
	}{
		{"nothing approved", func(*testing.T, personWorld) {}, nil, nil,
			[]string{"DIR/plain.sh on pre_tool_call (not approved)"}, []string{"guard DIR/guard.sh on pre_tool_call blocks every call it covers"}},
		{"all approved", func(t *testing.T, w personWorld) { w.approve(t, w.config(t), "guard.sh", "plain.sh") }, nil, nil, nil, nil},
		{"both changed", func(t *testing.T, w personWorld) {
			w.approve(t, w.config(t), "guard.sh", "plain.sh")
			w.script(t, "guard.sh", "#!/bin/sh\nexit 1\n")
			w.script(t, "plain.sh", "#!/bin/sh\nexit 1\n")
		}, nil, nil, []string{"DIR/plain.sh on pre_tool_call (changed)"}, []string{"changed since approval; at your own terminal: "}},
		{"named already", func(*testing.T, personWorld) {}, map[int]bool{0: true}, nil, []string{"DIR/plain.sh"}, nil},
		{"not counted", func(*testing.T, personWorld) {}, nil, func(config.Hook) bool { return false }, nil, nil},
	}
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newPersonWorld(t, noticeConfig, map[string]os.FileMode{"guard.sh": 0o755, "plain.sh": 0o755, "codex-only.sh": 0o755})
			tt.setup(t, w)
			counted := tt.counted
			if counted == nil {
				counted = func(config.Hook) bool { return true }
			}
			skipped, blocks := NotInForce(d, w.config(t).Hooks, w.allowlist(t), tt.blocked, counted)
			dir := filepath.ToSlash(w.dir)
			match := func(what string, got, want []string, has func(string, string) bool) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("%s: %q, want %d like %q", what, got, len(want), want)
				}
				for i := range want {
					if !has(got[i], strings.ReplaceAll(want[i], "DIR", dir)) {
						t.Errorf("%s[%d] = %q, want it to hold %q", what, i, got[i], want[i])
					}
				}
			}
			match("skipped", skipped, tt.skipped, strings.HasPrefix)
			match("blocks", blocks, tt.blocks, strings.Contains)
		})
	}
}

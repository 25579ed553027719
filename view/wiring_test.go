package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
)

// TestWiringStateFindings: what doctor says first of each agent's own wiring, once per
// settings file of the person's.
func TestWiringStateFindings(t *testing.T) {
	home := t.TempDir()
	allowlist := filepath.Join(home, "allowlist.json")
	if err := os.WriteFile(allowlist, []byte(`{"version":1,"approvals":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	const file = "/h/.claude/settings.json"
	tests := []struct {
		name  string
		wired []install.Wiring
		want  []string // a part of each finding's message, in order
	}{
		{"its runs read doctor's home", []install.Wiring{{Agent: "claude-code", Scope: "user", File: file, Home: home}}, nil},
		{"another home", []install.Wiring{{Agent: "claude-code", Scope: "user", File: file, Home: other}},
			[]string{"runs hookctl against " + filepath.Join(other, "allowlist.json") + ", not " + allowlist}},
		{"another home whose consent state is gone, wired --guarded", []install.Wiring{{Agent: "claude-code", Scope: "user", File: file, Home: other, Guarded: true}},
			[]string{"runs hookctl against", "every tool call of Claude Code is blocked: "}},
		{"--accept-hooks", []install.Wiring{{Agent: "codex", Scope: "user", File: "/h/.codex/hooks.json", AcceptHooks: true}},
			[]string{"Codex's wiring (/h/.codex/hooks.json) carries --accept-hooks"}},
		{"one file once", []install.Wiring{{Agent: "codex", Scope: "user", File: "/h/.codex/hooks.json", AcceptHooks: true, Event: "pre_tool_call"},
			{Agent: "codex", Scope: "user", File: "/h/.codex/hooks.json", AcceptHooks: true, Event: "post_tool_call"}},
			[]string{"carries --accept-hooks"}},
		{"a project's wiring is not the person's", []install.Wiring{{Agent: "codex", Scope: "project", File: "/r/.codex/hooks.json", AcceptHooks: true}}, nil},
		{"an agent hookctl does not know", []install.Wiring{{Agent: "no-such-agent", Scope: "user", File: "/h/x.json", AcceptHooks: true}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WiringStateFindings(allowlist, home, tt.wired)
			if len(got) != len(tt.want) {
				t.Fatalf("findings %+v, want %d", got, len(tt.want))
			}
			for i, f := range got {
				if !strings.Contains(f.Message, tt.want[i]) || f.Fix == "" || f.Check != "agent_wiring" {
					t.Errorf("finding %d: %+v, want agent_wiring with %q and a fix", i, f, tt.want[i])
				}
				if strings.Contains(tt.want[i], "accept-hooks") != (f.Severity == doctor.SeverityWarning) {
					t.Errorf("finding %d: severity %s", i, f.Severity)
				}
			}
		})
	}
}

package install

import (
	"os"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestDeadlineFindingsMerged: hookctl's entries in one settings file that do not pass the
// deadline are one doctor finding naming every event, not one per event; another file has its
// own.
func TestDeadlineFindingsMerged(t *testing.T) {
	bin, err := os.Executable() // a binary that exists, so no missing-binary finding
	if err != nil {
		t.Fatal(err)
	}
	deadline := func(n int64) *int64 { return &n }
	const yamlText = `hooks:
  pre_tool_call:
    - command: /bin/true
      timeout: 4
  post_tool_call:
    - command: /bin/true
      timeout: 4
  on_session_start:
    - command: /bin/true
      timeout: 20
`
	cfg := config.Parse("/cfg/config.yaml", []byte(yamlText), config.Options{LookupEnv: testEnv})
	wiring := func(file, agentEvent, event string, d *int64) Wiring {
		return Wiring{Agent: "claude-code", Scope: "user", File: file, AgentEvent: agentEvent, Event: event, Binary: bin, Deadline: d}
	}
	const user, project = "/h/.claude/settings.json", "/p/.claude/settings.json"
	tests := []struct {
		name  string
		wired []Wiring
		want  []string // each deadline finding's message, in order
	}{
		{"an older wiring, no --deadline anywhere", []Wiring{
			wiring(user, "PreToolUse", "pre_tool_call", nil),
			wiring(user, "PostToolUse", "post_tool_call", nil),
			wiring(user, "SessionStart", "on_session_start", nil),
		}, []string{"hookctl's entries for PreToolUse, PostToolUse, SessionStart in " + user +
			" do not pass how long Claude Code waits (PreToolUse 9 s, PostToolUse 9 s, SessionStart 25 s) (--deadline)"}},
		{"the same deadline is said once", []Wiring{
			wiring(user, "PreToolUse", "pre_tool_call", deadline(3)),
			wiring(user, "PostToolUse", "post_tool_call", nil),
			wiring(user, "SessionStart", "on_session_start", deadline(25)),
		}, []string{"hookctl's entries for PreToolUse, PostToolUse in " + user + " do not pass the 9 s Claude Code waits (--deadline)"}},
		{"one event keeps the one-entry wording", []Wiring{
			wiring(user, "PreToolUse", "pre_tool_call", deadline(9)),
			wiring(user, "PostToolUse", "post_tool_call", deadline(9)),
			wiring(user, "SessionStart", "on_session_start", deadline(20)),
		}, []string{"hookctl's entry for SessionStart in " + user + " does not pass the 25 s Claude Code waits (--deadline)"}},
		{"each file its own finding", []Wiring{
			wiring(user, "PreToolUse", "pre_tool_call", nil),
			wiring(user, "PostToolUse", "post_tool_call", nil),
			wiring(user, "SessionStart", "on_session_start", deadline(25)),
			wiring(project, "PreToolUse", "pre_tool_call", nil),
			wiring(project, "PostToolUse", "post_tool_call", nil),
			wiring(project, "SessionStart", "on_session_start", deadline(25)),
		}, []string{
			"hookctl's entries for PreToolUse, PostToolUse in " + user + " do not pass the 9 s",
			"hookctl's entries for PreToolUse, PostToolUse in " + project + " do not pass the 9 s",
		}},
		{"all in time, nothing said", []Wiring{
			wiring(user, "PreToolUse", "pre_tool_call", deadline(9)),
			wiring(user, "PostToolUse", "post_tool_call", deadline(9)),
			wiring(user, "SessionStart", "on_session_start", deadline(25)),
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range Findings(cfg, tt.wired) {
				if strings.Contains(f.Message, "--deadline") {
					got = append(got, f.Message)
					if f.Fix == "" {
						t.Errorf("no fix: %+v", f)
					}
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("deadline findings:\n%s\nwant %d", strings.Join(got, "\n"), len(tt.want))
			}
			for i := range got {
				if !strings.Contains(got[i], tt.want[i]) {
					t.Errorf("finding %d = %q\nwant it to contain %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

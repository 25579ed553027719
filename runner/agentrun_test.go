package runner

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestAgentRunSteps(t *testing.T) {
	home := t.TempDir()
	loc := config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")}
	bash, mine := "Bash", "MyTool"
	errRead := errors.New("reading stdin: gone")
	for _, tc := range []struct {
		name, agent, named, raw string
		tool                    *string
		readErr                 error
		projectWiring           bool
		// want: the event and tool learnt, whether the payload was read, Build's none and error.
		event        string
		toolName     *string
		toolKnown    bool
		none, err    bool
		callToolName *string
	}{
		{name: "a mapped event and its tool", agent: "claude-code", raw: `{"hook_event_name":"PreToolUse","tool_name":"Bash"}`,
			event: "pre_tool_call", toolName: &bash, toolKnown: true, callToolName: &bash},
		{name: "--tool wins over the payload's", agent: "claude-code", raw: `{"hook_event_name":"PreToolUse","tool_name":"Bash"}`, tool: &mine,
			event: "pre_tool_call", toolName: &mine, toolKnown: true, callToolName: &mine},
		{name: "an event nothing fires at", agent: "claude-code", raw: `{"hook_event_name":"Elsewhere"}`, none: true, toolKnown: true},
		{name: "an unread payload keeps the command line's event, mapped", agent: "cline", named: "PreToolUse", readErr: errRead,
			event: "pre_tool_call"},
		{name: "a payload that names no event", agent: "cline", raw: `{}`, err: true},
		{name: "a project's wiring fires its mapped event", agent: "claude-code", raw: `{"hook_event_name":"PreToolUse"}`, projectWiring: true,
			event: "pre_tool_call", toolKnown: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &AgentRun{Dialect: lookup(t, tc.agent), Named: tc.named, Tool: tc.tool, ProjectWiring: tc.projectWiring}
			err := r.Read(func() ([]byte, error) { return []byte(tc.raw), tc.readErr })
			if err == nil {
				var none bool
				none, err = r.Build(StackOptions{Locations: loc, PersonHome: home,
					LoadConfig: func(string) (*config.Config, error) { return &config.Config{}, nil }})
				if none != tc.none {
					t.Errorf("Build none = %v, want %v", none, tc.none)
				}
			}
			if wantErr := tc.err || tc.readErr != nil; (err != nil) != wantErr {
				t.Fatalf("error = %v, want an error %v", err, wantErr)
			}
			if r.Event != tc.event || r.ToolKnown != tc.toolKnown || !samePtr(r.ToolName, tc.toolName) {
				t.Errorf("learnt event %q, tool %v (known %v); want %q, %v (%v)", r.Event, deref(r.ToolName), r.ToolKnown, tc.event, deref(tc.toolName), tc.toolKnown)
			}
			if !tc.none && err == nil && !samePtr(r.Call.Call.ToolName, tc.callToolName) {
				t.Errorf("the call's tool %v, want %v", deref(r.Call.Call.ToolName), deref(tc.callToolName))
			}
			if err != nil {
				u := r.Unjudged(GuardSource{Allowlist: loc.Allowlist, Config: loc.Config, Home: home}, func() *config.Config { return &config.Config{} })
				if u.Event != r.Event || u.ToolKnown != r.ToolKnown || u.Config == nil {
					t.Errorf("Unjudged = %+v, want what the run learnt", u)
				}
			}
		})
	}
}

func TestAgentRunAnswerNotices(t *testing.T) {
	for _, tc := range []struct {
		name, agent, event string
		asked              bool
	}{
		{name: "a session start of an agent that shows notices", agent: "claude-code", event: "on_session_start", asked: true},
		{name: "another event", agent: "claude-code", event: "pre_tool_call"},
		{name: "an agent that shows none", agent: "codex", event: "on_session_start"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &AgentRun{Dialect: lookup(t, tc.agent), Event: tc.event}
			asked := false
			res := &Result{Decision: DecisionAllow}
			r.Answer(res, func() []string { asked = true; return []string{"hookctl: a notice"} }, func(string) {})
			if asked != tc.asked || tc.asked && res.SystemMessage != "hookctl: a notice" {
				t.Errorf("notices asked %v (message %q), want %v", asked, res.SystemMessage, tc.asked)
			}
		})
	}
}

func samePtr(a, b *string) bool { return deref(a) == deref(b) && (a == nil) == (b == nil) }

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

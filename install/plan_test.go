package install

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

const planConfig = `hooks:
  pre_tool_call:
    - command: /bin/true
      timeout: 5
    - command: /bin/echo
      timeout: 12.5
  post_tool_call:
    - command: /bin/true
      agents: [cursor]
  pre_verify:
    - command: /bin/true
  Notification:
    - command: /bin/true
      timeout: 2
  my_event:
    - command: /bin/true
custom_events: [Notification, my_event]
`

func TestPlan(t *testing.T) {
	cfg := config.Parse("/cfg/config.yaml", []byte(planConfig), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
	for _, p := range cfg.Problems {
		t.Fatalf("config: %s", p)
	}
	tests := []struct {
		agent  string
		events []string
		want   []Want
	}{
		// Largest timeout 12.5 s + 5 s, rounded up; post_tool_call's only hook is Cursor's;
		// Notification is one of Claude Code's events, my_event is no agent's. The session start,
		// where the agent shows the person hookctl's message, is wired with no hook of its own
		// (5 s: the margin alone); not for Codex or Cursor (SessionNotice).
		{"claude-code", nil, []Want{{"PreToolUse", 18, 18}, {"Stop", 65, 65}, {"Notification", 7, 7}, {"SessionStart", 5, 5}}},
		{"codex", nil, []Want{{"PreToolUse", 18, 18}, {"Stop", 65, 65}}},
		{"gemini", nil, []Want{{"BeforeTool", 17500, 18}, {"AfterAgent", 65000, 65}, {"Notification", 7000, 7}, {"SessionStart", 5000, 5}}},
		// Cursor: the general events only, not beforeShellExecution and the like.
		{"cursor", nil, []Want{{"preToolUse", 18, 18}, {"postToolUse", 65, 65}, {"stop", 65, 65}}},
		{"cursor", []string{"beforeShellExecution", "afterFileEdit"}, []Want{{"beforeShellExecution", 18, 18}, {"afterFileEdit", 65, 65}}},
	}
	for _, tt := range tests {
		d, _ := agent.Lookup(tt.agent)
		got, _, err := Plan(cfg, d, tt.events)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %v: %v, %v; want %v", tt.agent, tt.events, got, err, tt.want)
		}
	}
}

func TestPlanSequentialSumsTimeouts(t *testing.T) {
	cfg := config.Parse("/cfg/config.yaml", []byte(planConfig+"parallel: false\n"), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
	d, _ := agent.Lookup("claude-code")
	got, _, _ := Plan(cfg, d, nil)
	// 5 + 2 + 12.5 + 2 + 5, rounded up: hooks run one by one take their timeouts and up to
	// 2 s more each (the kill's grace and the wait for output).
	if got[0] != (Want{"PreToolUse", 27, 27}) {
		t.Errorf("got %v", got[0])
	}
}

func TestPlanEventsErrors(t *testing.T) {
	cfg := config.Parse("/cfg/config.yaml", []byte(planConfig), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
	d, _ := agent.Lookup("claude-code")
	_, _, err := Plan(cfg, d, []string{"PreToolUs"})
	if err == nil || !strings.Contains(err.Error(), `did you mean "PreToolUse"?`) {
		t.Errorf("error %v", err)
	}
	want, skipped, err := Plan(cfg, d, []string{"SessionStart", "PreToolUse"})
	if err != nil || len(want) != 1 || !reflect.DeepEqual(skipped, []string{"SessionStart"}) {
		t.Errorf("got %v, %v, %v", want, skipped, err)
	}
}

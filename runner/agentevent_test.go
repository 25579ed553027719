package runner

import (
	"errors"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

func TestAgentEvent(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{CustomEvents: []string{"Notification"}}
	mapped := agent.Call{AgentEvent: "PreToolUse", Mapped: true, Mapping: agent.Mapping{Event: "pre_tool_call"}}
	tests := []struct {
		name    string
		call    agent.Call
		named   string
		want    string
		wantErr string
	}{
		{"the agent's event, mapped", mapped, "", "pre_tool_call", ""},
		{"the event named wins", mapped, "post_tool_call", "post_tool_call", ""},
		{"an event named that hookctl does not know", mapped, "pre_tool_cal", "", "unknown event"},
		{"no hook_event_name", agent.Call{}, "", "", "the payload has no hook_event_name: send Claude Code's hook payload on stdin, or name the event (hookctl run --agent claude-code EVENT)"},
		{"an event with no hookctl meaning and no hooks", agent.Call{AgentEvent: "Elicitation"}, "", "", ""},
		{"an event with no hookctl meaning that the config hooks", agent.Call{AgentEvent: "Notification", Mapping: agent.Mapping{Event: "Notification"}}, "", "Notification", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := AgentEvent(cfg, d, tt.call, tt.named)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("AgentEvent error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("AgentEvent = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	if _, err := AgentEvent(cfg, d, mapped, "nope"); !errors.Is(err, ErrUnknownEvent) {
		t.Errorf("an unknown event named: %v, want ErrUnknownEvent", err)
	}
}

func TestStatusFailed(t *testing.T) {
	for s, want := range map[Status]bool{
		StatusTimeout: true, StatusError: true, StatusFailed: true, StatusInvalidOutput: true,
		StatusOK: false, StatusBlocked: false, StatusModified: false, StatusNoMatch: false, StatusNotRun: false,
		StatusSkippedUnapproved: false, StatusSkippedChanged: false, StatusChangedDuringRun: false,
	} {
		t.Run(string(s), func(t *testing.T) {
			if got := s.Failed(); got != want {
				t.Errorf("%s.Failed() = %v, want %v", s, got, want)
			}
		})
	}
}

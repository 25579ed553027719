package consent

import (
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestChangeLoss(t *testing.T) {
	guard := func(event, matcher string, agents ...string) Guard {
		g := GuardOf(config.Hook{Event: event, Command: "./guard.sh", Matcher: matcher, Agents: agents, FailClosed: true})
		return g
	}
	entry := func(event, matcher string, failClosed bool) *config.Hook {
		return &config.Hook{Event: event, Command: "./guard.sh", Matcher: matcher, FailClosed: failClosed}
	}
	claude := []string{"claude-code"}
	tests := []struct {
		name   string
		c      Change
		agents []string
		want   string
	}{
		{name: "content changed", c: Change{Guard: guard("pre_tool_call", "Bash"), Now: entry("pre_tool_call", "Bash", true), Why: "its content changed: guard.sh"},
			agents: claude, want: "`./guard.sh` will go on blocking, but as changed since its approval: its content changed: guard.sh"},
		{name: "dropped, not a tool event", c: Change{Guard: guard("pre_llm_call", "")},
			want: "`./guard.sh` will no longer block pre_llm_call"},
		{name: "no longer fail_closed, not a tool event", c: Change{Guard: guard("pre_llm_call", ""), Now: entry("pre_llm_call", "", false)},
			want: "`./guard.sh` will no longer block pre_llm_call when it fails, is edited or goes missing (its entry is no longer fail_closed)"},
		{name: "dropped, every tool, no agent wired", c: Change{Guard: guard("pre_tool_call", "")},
			want: "`./guard.sh` will no longer block any tool call in any agent"},
		{name: "dropped, every tool, in the wired agent", c: Change{Guard: guard("pre_tool_call", "")}, agents: claude,
			want: "`./guard.sh` will no longer block any tool call in Claude Code"},
		{name: "no longer fail_closed, one tool", c: Change{Guard: guard("pre_tool_call", "Bash"), Now: entry("pre_tool_call", "Bash", false)}, agents: claude,
			want: "`./guard.sh` will no longer block Bash calls in Claude Code when it fails, is edited or goes missing (its entry is no longer fail_closed)"},
		{name: "narrowed", c: Change{Guard: guard("pre_tool_call", "Bash|Read"), Now: entry("pre_tool_call", "Bash", true)}, agents: claude,
			want: "`./guard.sh` will no longer block Read calls in Claude Code"},
		{name: "narrowed to nothing: four tools named, then how many more", c: Change{Guard: guard("pre_tool_call", "Bash|Read|Write|Edit|Glob|Grep"), Now: entry("pre_tool_call", "NoSuchTool", true)},
			agents: claude, want: "`./guard.sh` will no longer block Bash, Read, Write, Edit and 2 more calls in Claude Code"},
		{name: "widened", c: Change{Guard: guard("pre_tool_call", "Bash"), Now: entry("pre_tool_call", "Bash|Read", true)}, agents: claude,
			want: "`./guard.sh` will cover other calls than it was approved for (./guard.sh on pre_tool_call (matcher Bash))"},
		{name: "a guard of an agent not wired", c: Change{Guard: guard("pre_tool_call", "", "gemini")}, agents: claude,
			want: "`./guard.sh` will cover other calls than it was approved for (./guard.sh on pre_tool_call (agents gemini))"},
		{name: "an agent hookctl does not know", c: Change{Guard: guard("pre_tool_call", "")}, agents: []string{"no-such-agent"},
			want: "`./guard.sh` will cover other calls than it was approved for (./guard.sh on pre_tool_call)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.c.Loss(tt.agents); got != tt.want {
				t.Errorf("Loss(%q) =\n  %s\nwant\n  %s", tt.agents, got, tt.want)
			}
		})
	}
}

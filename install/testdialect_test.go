package install

import (
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// TestSmokeDialect: doctor's smoke run speaks the dialect of the one agent wired to the event,
// else hermes, unless the hook names the agents it runs under.
func TestSmokeDialect(t *testing.T) {
	wired := []Wiring{
		{Agent: "claude-code", Event: "pre_tool_call", AgentEvent: "PreToolUse"},
		{Agent: "codex", Event: "post_tool_call", AgentEvent: "PostToolUse"},
		{Agent: "gemini", Event: "post_tool_call", AgentEvent: "AfterTool"},
	}
	tests := []struct {
		name   string
		hook   config.Hook
		want   string
		reason string
	}{
		{"the one agent wired", config.Hook{Event: "pre_tool_call"}, "claude-code", "the one agent wired to pre_tool_call; --agent picks another"},
		{"none wired", config.Hook{Event: "pre_llm_call"}, agent.Default, "no agent is wired to pre_llm_call; --agent picks one"},
		{"several wired", config.Hook{Event: "post_tool_call"}, agent.Default, "several agents are wired to post_tool_call (codex, gemini); --agent picks one"},
		{"a named agent wired to the event", config.Hook{Event: "post_tool_call", Agents: []string{"cursor", "gemini"}}, "gemini", "an agent this hook names, wired to post_tool_call"},
		{"a named agent wired to none", config.Hook{Event: "pre_tool_call", Agents: []string{"cursor", "codex"}}, "cursor", "the first agent this hook names; it runs under no other"},
		{"the wired agent is named", config.Hook{Event: "pre_tool_call", Agents: []string{"claude-code"}}, "claude-code", "the one agent wired to pre_tool_call; --agent picks another"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, why := SmokeDialect(wired)(tt.hook)
			if d == nil || d.Name != tt.want || why != tt.reason {
				name := "<nil>"
				if d != nil {
					name = d.Name
				}
				t.Errorf("SmokeDialect = %s (%q), want %s (%q)", name, why, tt.want, tt.reason)
			}
		})
	}
}

package config

import (
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestMatchesIn: under an agent a matcher names a tool by the agent's name or by hookctl's,
// each whole; a mistyped matcher matches neither, and a matcher on another event still
// matches every call.
func TestMatchesIn(t *testing.T) {
	tests := []struct {
		agent, event, matcher string
		tool                  *string
		want                  bool
	}{
		{"claude-code", "pre_tool_call", "terminal", ptr("Bash"), true},
		{"claude-code", "pre_tool_call", "Bash", ptr("Bash"), true},
		{"claude-code", "pre_tool_call", "terminal", ptr("Write"), false},
		{"claude-code", "pre_tool_call", "write_file|patch", ptr("Edit"), true},
		{"claude-code", "pre_tool_call", "termnal", ptr("Bash"), false},
		{"claude-code", "pre_tool_call", "Bas", ptr("Bash"), false},
		{"claude-code", "pre_tool_call", "terminal", nil, false},
		{"claude-code", "pre_tool_call", "", nil, true},
		{"claude-code", "pre_llm_call", "terminal", nil, true},
		{"codex", "post_tool_call", "terminal", ptr("Bash"), true},
		{"gemini", "pre_tool_call", "terminal", ptr("run_shell_command"), true},
		{"gemini", "pre_tool_call", "mcp__github__.*", ptr("mcp_github_create_issue"), true},
		{"copilot", "pre_tool_call", "terminal", ptr("bash"), true},
		{"copilot", "pre_tool_call", "Bash", ptr("bash"), false}, // Claude Code's name is not Copilot's
		{"cursor", "pre_tool_call", "terminal", ptr("Shell"), true},
		{"windsurf", "pre_tool_call", "terminal", ptr("run_command"), true},
		{"cline", "pre_tool_call", "terminal", ptr("run_commands"), true},
		{"hermes", "pre_tool_call", "terminal", ptr("terminal"), true},
	}
	for _, tt := range tests {
		d, err := agent.Lookup(tt.agent)
		if err != nil {
			t.Fatal(err)
		}
		h := Hook{Event: tt.event}
		if err := h.SetMatcher(tt.matcher); err != nil {
			t.Fatal(err)
		}
		if got := h.MatchesIn(d, tt.tool); got != tt.want {
			t.Errorf("%s %s: matcher %q on %v = %v, want %v", tt.agent, tt.event, tt.matcher, toolString(tt.tool), got, tt.want)
		}
		if tt.tool != nil && h.Matches(tt.tool) && !h.MatchesIn(d, tt.tool) {
			t.Errorf("%s: MatchesIn narrows Matches for %q", tt.agent, *tt.tool)
		}
	}
	h := Hook{Event: "pre_tool_call"}
	if err := h.SetMatcher("terminal"); err != nil {
		t.Fatal(err)
	}
	if h.MatchesIn(nil, ptr("Bash")) || !h.MatchesIn(nil, ptr("terminal")) {
		t.Error("with no dialect MatchesIn is not Matches")
	}
}

// TestMatchesInTypoNeverWidens: a matcher that matches none of an agent's tools by their own
// names and is not one of hookctl's names matches none of them under that agent either.
func TestMatchesInTypoNeverWidens(t *testing.T) {
	for _, m := range []string{"termnal", "Terminal", "terminal_", "read_fil", "writefile", "Patch", "bash|shell", "mcp__x"} {
		h := Hook{Event: "pre_tool_call"}
		if err := h.SetMatcher(m); err != nil {
			t.Fatal(err)
		}
		for _, d := range agent.Dialects() {
			for _, tool := range d.Tools {
				if h.MatchesIn(d, &tool) != h.Matches(&tool) {
					t.Errorf("%s: matcher %q widened to %q", d.Name, m, tool)
				}
			}
		}
	}
}

func toolString(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

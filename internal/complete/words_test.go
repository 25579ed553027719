package complete

import (
	"slices"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestWords(t *testing.T) {
	hooks := []config.Hook{{Event: "pre_tool_call", Command: "./a.sh"}, {Event: "post_tool_call", Command: "./a.sh"},
		{Event: "post_tool_call", Command: "./b.sh"}, {Event: "pre_tool_call", Command: "./a.sh"}}
	for _, tt := range []struct {
		name string
		got  []string
		want []string
	}{
		{"commands of every event, each once", Commands(hooks, "", "./"), []string{"./a.sh", "./b.sh"}},
		{"commands of one event", Commands(hooks, "post_tool_call", ""), []string{"./a.sh", "./b.sh"}},
		{"commands by prefix", Commands(hooks, "", "./b"), []string{"./b.sh"}},
		{"an agent's events after a comma", AgentEvents("claude-code", "Stop,PreTool"), []string{"Stop,PreToolUse"}},
		{"an unknown agent", AgentEvents("no-such-agent", ""), nil},
		{"hookctl's tools", MatcherTools("", "terminal|read_f"), []string{"terminal|read_file"}},
		{"a dialect's tools", MatcherTools("claude-code", "Ba"), []string{"Bash"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !slices.Equal(tt.got, tt.want) {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

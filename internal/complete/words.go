package complete

import (
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// AgentEvents completes the last of a comma-separated list of the events of the agent named
// (install --events): nil for an agent hookctl has no name for.
func AgentEvents(name, typed string) []string {
	d, err := agent.Lookup(name)
	if err != nil {
		return nil
	}
	var events []string
	for _, e := range config.Events() {
		events = append(events, d.HookEvents(e)...)
	}
	return List(events, typed, ",", false)
}

// Commands are the commands of hooks (of event, when not "") that start with prefix, each once,
// in config order.
func Commands(hooks []config.Hook, event, prefix string) []string {
	var out []string
	for _, h := range hooks {
		if (event == "" || h.Event == event) && !slices.Contains(out, h.Command) && strings.HasPrefix(h.Command, prefix) {
			out = append(out, h.Command)
		}
	}
	return out
}

// MatcherTools completes the last tool of a matcher's "a|b" list: hookctl's own tool names,
// or the tool names of the script dialect named.
func MatcherTools(dialect, typed string) []string {
	var tools []string
	for _, r := range agent.Own().ToolRows() {
		tools = append(tools, r.Hookctl)
	}
	if dialect != "" && dialect != agent.ScriptHookctl {
		if d, err := agent.ForScript(dialect); err == nil && d != nil {
			tools = d.Tools
		}
	}
	return List(tools, typed, "|", true)
}

package agent

import (
	"encoding/json"
	"testing"
)

// FuzzFeed checks the translation of any agent's payload into the two protocols a script may
// speak: it never panics, what it gives a script is one JSON object, a call of the agent's
// shell tool is fed as terminal / Bash, and hookctl's protocol carries the agent's payload.
func FuzzFeed(f *testing.F) {
	for _, d := range Dialects() {
		for _, m := range d.Events {
			f.Add(d.Name, m.AgentEvent, d.Synthetic(m, "/w"))
		}
	}
	f.Add("codex", "PreToolUse", []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["bash","-lc","rm -rf /"]}}`))
	f.Add("cline", "PreToolUse", []byte(`{"tool_call":{"name":"run_commands","input":{"commands":["a","b"]}}}`))
	f.Add("copilot", "preToolUse", []byte(`{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`))
	f.Add("claude-code", "PreToolUse", []byte("\xEF\xBB\xBF{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"\xff\"}}"))
	f.Fuzz(func(t *testing.T, name, event string, data []byte) {
		from, err := Lookup(name)
		if err != nil {
			from = registry()[len(name)%len(registry())]
		}
		named := ""
		if from.EventFromArgs {
			if !from.HasEvent(event) {
				return
			}
			named = event
		}
		call, err := from.ReadPayloadAs(data, named)
		if err != nil {
			return
		}
		m := from.MappingFor(call, call.Mapping.Event)
		for _, script := range ScriptDialects() {
			to, _ := ForScript(script)
			feed, err := to.Feed(from, call, m, data)
			if err != nil {
				continue
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal(feed.Payload, &got); err != nil {
				t.Fatalf("%s -> %s: %q is not an object: %v", from.Name, script, feed.Payload, err)
			}
			if call.ToolName != nil && m.Event == "pre_tool_call" {
				if own, _ := from.HookctlTool(*call.ToolName); own == ToolTerminal && feed.Tool != to.ShellTools()[0] {
					t.Fatalf("%s -> %s: shell tool %q fed as %q", from.Name, script, *call.ToolName, feed.Tool)
				}
			}
			if to.ChainsPayload() && got["agent"] == nil {
				t.Fatalf("%s -> %s: no agent in %s", from.Name, script, feed.Payload)
			}
		}
	})
}

// BenchmarkFeed is the translation a hook of another dialect costs on the run path.
func BenchmarkFeed(b *testing.B) {
	from, _ := Lookup("copilot")
	m, _ := from.Mapping("preToolUse")
	raw := from.Synthetic(m, "/w")
	call, err := from.ReadPayloadAs(raw, "preToolUse")
	if err != nil {
		b.Fatal(err)
	}
	for _, script := range ScriptDialects() {
		to, _ := ForScript(script)
		b.Run(script, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := to.Feed(from, call, m, raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package runner

import (
	"encoding/json"

	"github.com/hookctl/hookctl/config"
)

// Synthetic returns the payload `hooks test` and doctor's smoke run fire: the Hermes defaults
// for the event (a terminal call of `echo hello` for tool events, a weather question before an
// LLM turn, and so on), with cwd set to dir.
func Synthetic(event, dir string) *Payload {
	p := &Payload{HookEventName: event, SessionID: "test-session", Cwd: dir, Extra: map[string]json.RawMessage{}}
	set := func(k, v string) { p.Extra[k] = json.RawMessage(v) }
	if config.IsToolEvent(event) {
		tool := "terminal"
		p.ToolName = &tool
		p.ToolInput = json.RawMessage(`{"command":"echo hello"}`)
		set("task_id", `"test-task"`)
		set("tool_call_id", `"test-call"`)
		if event != "pre_tool_call" {
			set("result", `"{\"output\": \"hello\"}"`)
		}
		return p
	}
	switch event {
	case "pre_llm_call":
		set("user_message", `"What is the weather?"`)
		set("conversation_history", `[]`)
		set("is_first_turn", `true`)
		set("model", `"test-model"`)
		set("platform", `"cli"`)
	case "post_llm_call":
		set("user_message", `"What is the weather?"`)
		set("assistant_response", `"It is sunny."`)
		set("conversation_history", `[]`)
		set("model", `"test-model"`)
		set("platform", `"cli"`)
	case "transform_terminal_output":
		set("command", `"echo hello"`)
		set("output", `"hello"`)
		set("returncode", `0`)
	case "transform_llm_output":
		set("response", `"It is sunny."`)
	case "subagent_start", "subagent_stop":
		p.SessionID = "parent-session"
		set("child_role", `null`)
		set("child_summary", `"done"`)
		set("child_status", `"completed"`)
		set("duration_ms", `1234`)
	}
	return p
}

// Overlay merges a caller's payload shallowly over p: its wire fields replace p's when set,
// and its extra keys replace p's one by one.
func (p *Payload) Overlay(o *Payload) {
	if o.HookEventName != "" {
		p.HookEventName = o.HookEventName
	}
	if o.ToolName != nil {
		p.ToolName = o.ToolName
	}
	if o.ToolInput != nil {
		p.ToolInput = o.ToolInput
	}
	if o.SessionID != "" {
		p.SessionID = o.SessionID
	}
	if o.Cwd != "" {
		p.Cwd = o.Cwd
	}
	for k, v := range o.Extra {
		p.Extra[k] = v
	}
}

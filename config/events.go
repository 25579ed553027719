package config

// Events lists the built-in event names, the ones the Hermes agent fires.
var Events = []string{
	"pre_tool_call", "post_tool_call", "pre_llm_call", "post_llm_call",
	"pre_api_request", "post_api_request", "api_request_error",
	"on_session_start", "on_session_end", "on_session_finalize", "on_session_reset",
	"subagent_start", "subagent_stop", "pre_verify",
	"transform_tool_result", "transform_terminal_output", "transform_llm_output",
}

// IsToolEvent reports whether matchers apply to the event: only tool events carry a tool name.
func IsToolEvent(event string) bool {
	switch event {
	case "pre_tool_call", "post_tool_call", "transform_tool_result":
		return true
	}
	return false
}

// IsBlockingEvent reports whether a hook of the event can stop the agent (exit status 2,
// fail_closed). pre_tool_call is the only one.
func IsBlockingEvent(event string) bool { return event == "pre_tool_call" }

// TransformField names the extra field that carries the text a transform event's hooks
// rewrite, or "" when the event is not a transform.
func TransformField(event string) string {
	switch event {
	case "transform_tool_result":
		return "result"
	case "transform_terminal_output":
		return "output"
	case "transform_llm_output":
		return "response"
	}
	return ""
}

// IsBuiltinEvent reports whether name is one of Events.
func IsBuiltinEvent(name string) bool {
	for _, e := range Events {
		if e == name {
			return true
		}
	}
	return false
}

package config

import "github.com/hookctl/hookctl/agent"

// Events lists the built-in event names, the ones the Hermes agent fires. What each event
// can do is the one table in package agent.
func Events() []string { return agent.EventNames() }

// IsToolEvent reports whether matchers apply to the event: only tool events carry a tool name.
func IsToolEvent(event string) bool {
	e, _ := agent.LookupEvent(event)
	return e.Tool
}

// IsBlockingEvent reports whether a hook of the event can stop the agent (exit status 2,
// fail_closed). pre_tool_call is the only one.
func IsBlockingEvent(event string) bool {
	e, _ := agent.LookupEvent(event)
	return e.Blocking
}

// TransformField names the extra field that carries the text a transform event's hooks
// rewrite, or "" when the event is not a transform.
func TransformField(event string) string {
	e, _ := agent.LookupEvent(event)
	return e.TransformField
}

// IsBuiltinEvent reports whether name is one of Events.
func IsBuiltinEvent(name string) bool {
	_, ok := agent.LookupEvent(name)
	return ok
}

package runner

import (
	"errors"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func TestUnjudgedBlock(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	bash, read := "Bash", "Read"
	guard := config.Hook{Event: "pre_tool_call", Matcher: "Bash", Command: "./guard.sh", FailClosed: true}
	plain := config.Hook{Event: "pre_tool_call", Command: "./log.sh"}
	geminiOnly := config.Hook{Event: "pre_tool_call", Command: "./g.sh", FailClosed: true, Agents: []string{"gemini"}}
	cfg := func(hooks ...config.Hook) *config.Config { return &config.Config{Hooks: hooks} }
	recorded := consent.Guard{Event: "post_tool_call", Command: "./audit.sh", FailClosed: true}
	tests := []struct {
		name string
		u    Unjudged
		// guard is what the reason names, "" for no block; agentEvent the convention, exit2
		// whether the run exits 2 too.
		guard, agentEvent string
		exit2             bool
	}{
		{name: "no guard", u: Unjudged{Event: "pre_tool_call", Tool: &bash, ToolKnown: true, Config: cfg(plain)}},
		{name: "no config, no record", u: Unjudged{Event: "pre_tool_call"}},
		{name: "configured guard covers the tool", u: Unjudged{Event: "pre_tool_call", Tool: &bash, ToolKnown: true, Config: cfg(plain, guard)},
			guard: "./guard.sh on pre_tool_call (matcher Bash)", agentEvent: "PreToolUse"},
		{name: "configured guard of another tool", u: Unjudged{Event: "pre_tool_call", Tool: &read, ToolKnown: true, Config: cfg(guard)}},
		{name: "tool not known: the event's guards", u: Unjudged{Event: "pre_tool_call", Config: cfg(guard)},
			guard: "./guard.sh on pre_tool_call (matcher Bash)", agentEvent: "PreToolUse"},
		{name: "guard of another event", u: Unjudged{Event: "pre_llm_call", Config: cfg(guard)}},
		{name: "event not known: any guard, exit 2", u: Unjudged{Config: cfg(guard)},
			guard: "./guard.sh on pre_tool_call (matcher Bash)", agentEvent: "PreToolUse", exit2: true},
		{name: "event not known, no guard", u: Unjudged{Config: cfg(plain)}},
		{name: "guard of another agent", u: Unjudged{Config: cfg(geminiOnly)}},
		{name: "recorded guard", u: Unjudged{Event: "post_tool_call", Tool: &bash, ToolKnown: true, Held: Guards{Recorded: []consent.Guard{recorded}}},
			guard: "./audit.sh on post_tool_call", agentEvent: "PostToolUse"},
		{name: "guard record unreadable", u: Unjudged{Event: "pre_tool_call", Tool: &read, ToolKnown: true, Config: cfg(plain),
			Held: Guards{Err: consent.ErrGuardRecord}, GuardPath: "/h/guards.json"},
			guard: "record /h/guards.json", agentEvent: "PreToolUse"},
	}
	failure := errors.New("reading the payload: too large")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, ok := tt.u.Block(d, failure)
			if ok != (tt.guard != "") {
				t.Fatalf("Block() blocks = %v, want %v (reason %q)", ok, tt.guard != "", b.Reason)
			}
			if !ok {
				return
			}
			want := "blocked: hookctl could not judge this call (reading the payload: too large), and the guard " + tt.guard + " could cover it; " + GuardFix
			if b.Reason != want {
				t.Errorf("reason = %q\nwant     %q", b.Reason, want)
			}
			if b.Mapping.AgentEvent != tt.agentEvent || b.Exit2 != tt.exit2 {
				t.Errorf("answer in %s, exit2 %v; want %s, %v", b.Mapping.AgentEvent, b.Exit2, tt.agentEvent, tt.exit2)
			}
		})
	}
}

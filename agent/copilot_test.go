package agent

import (
	"errors"
	"strings"
	"testing"
)

// copilotBash is a preToolUse payload as Copilot CLI 1.0.102 sends it: camelCase, no event
// name, toolArgs an object.
const copilotBash = `{"sessionId":"s1","timestamp":1767225600000,"cwd":"/work","toolName":"bash","toolArgs":{"command":"rm -rf build","description":"Clean"}}`

func TestCopilotPayload(t *testing.T) {
	d := mustLookup(t, "copilot")
	for _, tc := range []struct{ name, payload, tool, input string }{
		{"as sent", copilotBash, "bash", `{"command":"rm -rf build","description":"Clean"}`},
		// Copilot's reference shows toolArgs as a JSON string: it is decoded.
		{"as documented", `{"timestamp":1704614600000,"cwd":"/work","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`, "bash", `{"command":"ls"}`},
	} {
		c, err := d.ReadPayloadAs([]byte(tc.payload), "preToolUse")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.ToolName == nil || *c.ToolName != tc.tool || string(c.ToolInput) != tc.input || c.Mapping.Event != "pre_tool_call" || c.Cwd != "/work" {
			t.Errorf("%s: read %+v (input %s)", tc.name, c, c.ToolInput)
		}
	}
	// A Claude Code payload is not Copilot's: the error names the fix.
	_, err := d.ReadPayloadAs([]byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), "preToolUse")
	if !errors.Is(err, ErrPayload) || !strings.Contains(err.Error(), "toolName") || !strings.Contains(err.Error(), "hookctl install copilot") {
		t.Errorf("a Claude Code payload: %v", err)
	}
	// The event comes from the command line: the payload names none.
	if c, _ := d.ReadPayload([]byte(copilotBash)); c.AgentEvent != "" {
		t.Errorf("event read from a payload that has none: %q", c.AgentEvent)
	}
}

func TestCopilotReader(t *testing.T) {
	d := mustLookup(t, "copilot")
	for _, tc := range []struct {
		event, stdout string
		want          want
	}{
		{"preToolUse", `{"permissionDecision":"deny","permissionDecisionReason":"Destructive command blocked"}`, want{block: true, message: "Destructive command blocked"}},
		{"preToolUse", `{"permissionDecision":"ask","permissionDecisionReason":"check"}`, want{ask: true, message: "check"}},
		{"preToolUse", `{"permissionDecision":"allow","modifiedArgs":{"command":"ls -la"}}`, want{allow: true, replace: true, modify: `{"command":"ls -la"}`}},
		{"postToolUse", `{"additionalContext":"ran in /work"}`, want{context: "ran in /work"}},
		{"userPromptSubmitted", `{"modifiedPrompt":"say hi"}`, want{}},
		{"agentStop", `{"decision":"block","reason":"tests fail"}`, want{block: true, message: "tests fail"}},
		// Copilot ignores continue: false on preToolUse; hookctl reads it as a stop (and
		// writes a deny), so the tool never runs.
		{"preToolUse", `{"continue":false,"stopReason":"quota"}`, want{halt: true}},
		// Invalid JSON lets the tool run in Copilot: plain text, no directive.
		{"preToolUse", `not json`, want{}},
	} {
		a, err := d.Reader(tc.stdout, mustMapping(t, d, tc.event))
		check(t, tc.event+" "+tc.stdout, a, err, tc.want)
	}
	a, _ := d.Reader(`{"modifiedResult":{"resultType":"success","textResultForLlm":"redacted"}}`, mustMapping(t, d, "postToolUse"))
	if a.Result == nil || *a.Result != `{"resultType":"success","textResultForLlm":"redacted"}` {
		t.Errorf("modifiedResult read as %v", a.Result)
	}
	a, _ = d.Reader(`{"modifiedPrompt":"say hi"}`, mustMapping(t, d, "userPromptSubmitted"))
	if a.Result == nil || *a.Result != "say hi" {
		t.Errorf("modifiedPrompt read as %v", a.Result)
	}
}

func TestCopilotWriter(t *testing.T) {
	d := mustLookup(t, "copilot")
	text := func(s string) *string { return &s }
	for _, tc := range []struct {
		event string
		d     Decision
		want  string
	}{
		{"preToolUse", Decision{Verdict: "block", Reason: "no"}, `{"permissionDecision":"deny","permissionDecisionReason":"no"}`},
		{"preToolUse", Decision{Verdict: "ask", Reason: "sure?"}, `{"permissionDecision":"ask","permissionDecisionReason":"sure?"}`},
		{"preToolUse", Decision{Verdict: "allow", Allowed: true}, `{"permissionDecision":"allow"}`},
		{"preToolUse", Decision{Verdict: "allow", Allowed: true, ToolInput: []byte(`{"command":"ls"}`)}, `{"permissionDecision":"allow","modifiedArgs":{"command":"ls"}}`},
		// A rewrite no hook allowed, or with an ask, is not carried: a deny that says so.
		{"preToolUse", Decision{Verdict: "allow", ToolInput: []byte(`{"command":"ls"}`), RewrittenBy: "./rw.sh"},
			`{"permissionDecision":"deny","permissionDecisionReason":"confirmation required: tool input rewritten by hook ./rw.sh"}`},
		{"preToolUse", Decision{Verdict: "ask", Reason: "sure?", ToolInput: []byte(`{}`)}, `{"permissionDecision":"deny","permissionDecisionReason":"confirmation required: sure?"}`},
		// continue: false is ignored by Copilot on preToolUse: a stop is a deny.
		{"preToolUse", Decision{Verdict: "allow", Halt: true, StopReason: "quota"}, `{"permissionDecision":"deny","permissionDecisionReason":"quota"}`},
		{"preToolUse", Decision{Verdict: "allow"}, ``},
		{"postToolUse", Decision{Verdict: "allow", Context: "c", Result: text(`{"resultType":"success"}`)}, `{"modifiedResult":{"resultType":"success"},"additionalContext":"c"}`},
		{"userPromptSubmitted", Decision{Verdict: "allow", Result: text("hi"), Context: "c"}, `{"modifiedPrompt":"hi","additionalContext":"c"}`},
		{"userPromptSubmitted", Decision{Verdict: "block", Reason: "no secrets"}, `{"decision":"block","reason":"no secrets"}`},
		{"agentStop", Decision{Verdict: "continue", Reason: "run the tests"}, `{"decision":"block","reason":"run the tests"}`},
		{"sessionStart", Decision{Verdict: "allow", Context: "branch main"}, `{"additionalContext":"branch main"}`},
	} {
		out, _ := d.Writer(mustMapping(t, d, tc.event), tc.d)
		if string(out) != tc.want {
			t.Errorf("%s %+v:\n got %s\nwant %s", tc.event, tc.d, out, tc.want)
		}
	}
}

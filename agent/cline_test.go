package agent

import (
	"errors"
	"strings"
	"testing"
)

// clinePreToolUse is a PreToolUse payload as Cline CLI 3.0.65 sends it: hookName is internal
// (tool_call), parameters that are not strings arrive as JSON strings, the raw input is
// tool_call.input.
const clinePreToolUse = `{"clineVersion":"3.0.65","hookName":"tool_call","timestamp":"2026-01-01T00:00:00.000Z","taskId":"task-1","sessionContext":{"rootSessionId":"task-1"},"workspaceRoots":["/work"],"userId":"me","agent_id":"a1","parent_agent_id":null,"iteration":1,"tool_call":{"id":"call_1","name":"run_commands","input":{"commands":["rm -rf build"]}},"preToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"rm -rf build\"]"}}}`

func TestClinePayload(t *testing.T) {
	d := mustLookup(t, "cline")
	c, err := d.ReadPayloadAs([]byte(clinePreToolUse), "PreToolUse")
	if err != nil {
		t.Fatal(err)
	}
	if c.Mapping.Event != "pre_tool_call" || c.ToolName == nil || *c.ToolName != "run_commands" ||
		string(c.ToolInput) != `{"commands":["rm -rf build"]}` || c.SessionID != "task-1" || c.Cwd != "/work" {
		t.Errorf("read %+v, input %s", c, c.ToolInput)
	}
	// hookName is not the event: without one on the command line, none is read.
	if c, _ := d.ReadPayload([]byte(clinePreToolUse)); c.AgentEvent != "" {
		t.Errorf("event %q read from hookName", c.AgentEvent)
	}
	// A TaskStart payload fired as PreToolUse is not a tool call: an error that names the fix.
	_, err = d.ReadPayloadAs([]byte(`{"hookName":"agent_start","taskId":"t","taskStart":{"taskMetadata":{}}}`), "PreToolUse")
	if !errors.Is(err, ErrPayload) || !strings.Contains(err.Error(), "preToolUse.toolName") {
		t.Errorf("a TaskStart payload as PreToolUse: %v", err)
	}
}

func TestClineReader(t *testing.T) {
	d := mustLookup(t, "cline")
	for _, tc := range []struct {
		stdout string
		want   want
	}{
		{`{"cancel":true,"errorMessage":"no rm"}`, want{block: true, message: "no rm"}},
		{`{"cancel":false,"contextModification":"careful: prod"}`, want{context: "careful: prod"}},
		// An errorMessage without cancel reaches the model as context, as Cline reads it.
		{`{"errorMessage":"heads up"}`, want{context: "heads up"}},
		{`{"overrideInput":{"commands":["ls"]}}`, want{replace: true, modify: `{"commands":["ls"]}`}},
		// The control line Cline looks for among other output.
		{"checking...\nHOOK_CONTROL\t{\"cancel\":true,\"errorMessage\":\"r\"}\n", want{block: true, message: "r"}},
		// Other forms every dialect reads.
		{`{"decision":"block","reason":"R"}`, want{block: true, message: "R"}},
		{`plain text`, want{}},
	} {
		a, err := d.Reader(tc.stdout, mustMapping(t, d, "PreToolUse"))
		check(t, tc.stdout, a, err, tc.want)
	}
}

func TestClineWriter(t *testing.T) {
	d := mustLookup(t, "cline")
	for _, tc := range []struct {
		event string
		d     Decision
		want  string
	}{
		{"PreToolUse", Decision{Verdict: "block", Reason: "no rm"}, `{"cancel":true,"errorMessage":"no rm"}`},
		{"PreToolUse", Decision{Verdict: "ask", Reason: "sure?"}, `{"cancel":true,"errorMessage":"confirmation required: sure?"}`},
		{"PreToolUse", Decision{Verdict: "allow", Halt: true, StopReason: "quota"}, `{"cancel":true,"errorMessage":"quota"}`},
		{"PreToolUse", Decision{Verdict: "allow", ToolInput: []byte(`{"commands":["ls"]}`), Context: "c"}, `{"overrideInput":{"commands":["ls"]},"contextModification":"c"}`},
		{"PostToolUse", Decision{Verdict: "allow", Context: "c"}, `{"contextModification":"c"}`},
		{"PreToolUse", Decision{Verdict: "allow"}, `{}`},
		{"TaskComplete", Decision{Verdict: "continue", Reason: "more"}, `{}`},
	} {
		out, _ := d.Writer(mustMapping(t, d, tc.event), tc.d)
		if string(out) != tc.want {
			t.Errorf("%s %+v:\n got %s\nwant %s", tc.event, tc.d, out, tc.want)
		}
	}
}

package runner

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestAppendJSONMatchesEncodingJSON: the hand-written encoder writes what encoding/json writes.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	zero, two := 0, 2
	text := "new <text> & \"quotes\"\n\u2028\xff"
	results := []*Result{
		{Event: "post_llm_call", Decision: DecisionAllow, Hooks: []HookResult{}},
		{Event: "pre_tool_call", Decision: DecisionBlock, Reason: "blocked: rm -rf / \"no\"",
			ToolInput: json.RawMessage(`{ "command" : "ls",  "n": [1, 2] }`), Context: "a\n\nb", Result: &text,
			Hooks: []HookResult{
				{Command: "./a.sh", Status: StatusBlocked, ExitCode: &zero, DurationMS: 3, Message: "blocked", OutputTruncated: true},
				{Command: "./b.sh --x 'y'", Status: StatusTimeout, DurationMS: 1000, Message: "timed out after 1s"},
				{Command: "c", Status: StatusFailed, ExitCode: &two},
			}},
	}
	for _, r := range results {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		if got := append(r.AppendJSON(nil), '\n'); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("AppendJSON\n got %s\nwant %s", got, want.Bytes())
		}
	}
}

// TestPayloadMarshalMatchesEncodingJSON: the payload hooks read is what encoding/json writes
// for the six wire keys (with HTML escaping off).
func TestPayloadMarshalMatchesEncodingJSON(t *testing.T) {
	tool := "terminal <x>"
	p := &Payload{HookEventName: "pre_tool_call", ToolName: &tool, ToolInput: json.RawMessage(` {"command": "echo hello"} `),
		SessionID: "s\u2028", Cwd: "/tmp/\xff", Extra: map[string]json.RawMessage{"b": json.RawMessage(`[1, 2]`), "a": json.RawMessage(`"x"`), "n": nil}}
	got, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	wire := struct {
		HookEventName string                     `json:"hook_event_name"`
		ToolName      *string                    `json:"tool_name"`
		ToolInput     json.RawMessage            `json:"tool_input"`
		SessionID     string                     `json:"session_id"`
		Cwd           string                     `json:"cwd"`
		Extra         map[string]json.RawMessage `json:"extra"`
	}{p.HookEventName, p.ToolName, p.ToolInput, p.SessionID, p.Cwd, p.Extra}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(wire); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(got, '\n'), want.Bytes()) {
		t.Errorf("MarshalJSON\n got %s\nwant %s", got, want.Bytes())
	}
	p.ToolInput = json.RawMessage(`{"broken"`)
	if _, err := p.MarshalJSON(); err == nil {
		t.Error("invalid raw tool_input marshalled")
	}
}

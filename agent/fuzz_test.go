package agent

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

var answerSeeds = []string{
	"",
	"{}",
	"plain text",
	`{"action":"block","message":"no"}`,
	`{"action":"approve","message":"ask a person"}`,
	`{"decision":"block","decision":"approve"}`,
	`{"decision":"deny","reason":"r"}`,
	`{"decision":"modify","modifiedParams":{"a":1}}`,
	`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"x":[1,{"y":null}]}}}`,
	`{"hookSpecificOutput":{"tool_input":{"a":1},"additionalContext":"c"}}`,
	`{"continue":false,"stopReason":"s","systemMessage":"m","suppressOutput":true}`,
	`{"permission":"ask","user_message":"u","agent_message":"a"}`,
	`{"followup_message":"more"}`,
	`{"decision":5,"continue":"no","hookSpecificOutput":"x"}`,
	"log\n{\"action\":\"block\"}",
	"\uFEFF{\"permission\":\"deny\"}",
	"{\"reason\":\"\xff\"}",
	`{"decision": "block"`,
}

// fuzzReader checks one dialect's reader: any stdout is read or refused cleanly; what is read
// is coherent (valid UTF-8, a rewrite is a JSON object); and a deny put in front of an answer
// that was read always blocks, whatever the rest says (a repeated key cannot outweigh it).
func fuzzReader(f *testing.F, name, event string) {
	d, err := Lookup(name)
	if err != nil {
		f.Fatal(err)
	}
	m, ok := d.Mapping(event)
	if !ok {
		f.Fatalf("%s has no %s", name, event)
	}
	for _, s := range answerSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, stdout string) {
		stdout = strings.ToValidUTF8(stdout, "\uFFFD")
		a, err := d.Reader(stdout, m)
		if err != nil {
			if !a.Empty() {
				t.Fatalf("%q failed with %v but returned %+v", stdout, err, a)
			}
			return
		}
		if a.Modify != nil {
			b, err := json.Marshal(a.Modify)
			if err != nil || !strings.HasPrefix(string(b), "{") {
				t.Fatalf("%q: rewrite %s is not a JSON object: %v", stdout, b, err)
			}
		}
		for _, s := range []string{a.Message, a.Context, a.StopReason, a.SystemMessage} {
			if !utf8.ValidString(s) {
				t.Fatalf("%q: invalid UTF-8 in %q", stdout, s)
			}
		}
		trimmed := strings.TrimSpace(strings.TrimPrefix(stdout, "\uFEFF"))
		if !strings.HasPrefix(trimmed, "{") || !strings.HasSuffix(trimmed, "}") || strings.Contains(trimmed, "\n") {
			return
		}
		rest := strings.TrimSpace(strings.TrimPrefix(trimmed, "{"))
		denied := `{"decision":"deny",` + rest
		if rest == "}" {
			denied = `{"decision":"deny"}`
		}
		b, err := d.Reader(denied, m)
		if err == nil && !b.Block {
			t.Fatalf("%q with a deny in front read as %+v: the deny was outweighed", stdout, b)
		}
		if err != nil && errors.Is(err, ErrNotJSON) {
			t.Fatalf("%q read, but not with a deny in front: %v", stdout, err)
		}
	})
}

func FuzzReadHermes(f *testing.F)     { fuzzReader(f, "hermes", "pre_tool_call") }
func FuzzReadClaudeCode(f *testing.F) { fuzzReader(f, "claude-code", "PreToolUse") }
func FuzzReadCodex(f *testing.F)      { fuzzReader(f, "codex", "PreToolUse") }
func FuzzReadGemini(f *testing.F)     { fuzzReader(f, "gemini", "BeforeTool") }
func FuzzReadCursor(f *testing.F)     { fuzzReader(f, "cursor", "beforeShellExecution") }
func FuzzReadCopilot(f *testing.F)    { fuzzReader(f, "copilot", "preToolUse") }
func FuzzReadWindsurf(f *testing.F)   { fuzzReader(f, "windsurf", "pre_run_command") }
func FuzzReadCline(f *testing.F)      { fuzzReader(f, "cline", "PreToolUse") }

// FuzzReadPayload checks that any agent payload is read or refused cleanly, and that what is
// read is coherent: a tool input is JSON, the strings are valid UTF-8.
func FuzzReadPayload(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"session_id":"s","cwd":"/"}`,
		`{"hook_event_name":"beforeShellExecution","command":"ls","cwd":"/","workspace_roots":["/w"]}`,
		`{"hook_event_name":"beforeMCPExecution","tool_name":"t","tool_input":"{\"a\":1}"}`,
		`{"hook_event_name":["x"]}`,
		`{"hook_event_name":"BeforeTool","tool_name":null,"tool_input":"x"}`,
		"[]", "", "{", "\xff",
	} {
		for _, name := range []string{"claude-code", "cursor", "gemini"} {
			f.Add(name, s)
		}
	}
	f.Fuzz(func(t *testing.T, name, payload string) {
		d, err := Lookup(name)
		if err != nil {
			return
		}
		c, err := d.ReadPayload([]byte(payload))
		if err != nil {
			if !errors.Is(err, ErrPayload) {
				t.Fatalf("%q: error %v does not wrap ErrPayload", payload, err)
			}
			return
		}
		if c.ToolInput != nil && !json.Valid(c.ToolInput) {
			t.Fatalf("%q: tool input %q is not JSON", payload, c.ToolInput)
		}
		for _, s := range []string{c.AgentEvent, c.SessionID, c.Cwd, c.Prompt} {
			if !utf8.ValidString(s) {
				t.Fatalf("%q: invalid UTF-8 in %q", payload, s)
			}
		}
	})
}

// FuzzReadPayloadAs is FuzzReadPayload for a call whose event is named on the command line, as
// Copilot CLI and Cline call hookctl, and for Windsurf's envelope: nested tool names and inputs
// are read or refused cleanly.
func FuzzReadPayloadAs(f *testing.F) {
	for _, s := range []struct{ name, event, payload string }{
		{"copilot", "preToolUse", `{"sessionId":"s","timestamp":1,"cwd":"/w","toolName":"bash","toolArgs":{"command":"ls"}}`},
		{"copilot", "preToolUse", `{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`},
		{"copilot", "postToolUse", `{"toolName":"bash","toolArgs":{},"toolResult":{"resultType":"success"}}`},
		{"copilot", "preToolUse", `{"hook_event_name":"PreToolUse","tool_name":"Bash"}`},
		{"cline", "PreToolUse", `{"taskId":"t","workspaceRoots":["/w"],"tool_call":{"id":"c","name":"run_commands","input":{"commands":["ls"]}},"preToolUse":{"toolName":"run_commands","parameters":{}}}`},
		{"cline", "PostToolUse", `{"tool_result":{"input":[1]},"postToolUse":{"toolName":7}}`},
		{"cline", "PreToolUse", `{"preToolUse":"x","tool_call":null}`},
		{"windsurf", "", `{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_tool_name":"t","mcp_tool_arguments":"{\"a\":1}"}}`},
		{"windsurf", "", `{"agent_action_name":"pre_run_command","tool_info":{"command_line":"ls"}}`},
		{"windsurf", "", `{"agent_action_name":"pre_read_code","tool_info":[]}`},
	} {
		f.Add(s.name, s.event, s.payload)
	}
	f.Fuzz(func(t *testing.T, name, event, payload string) {
		d, err := Lookup(name)
		if err != nil {
			return
		}
		c, err := d.ReadPayloadAs([]byte(payload), event)
		if err != nil {
			if !errors.Is(err, ErrPayload) {
				t.Fatalf("%q: error %v does not wrap ErrPayload", payload, err)
			}
			return
		}
		if c.ToolInput != nil && !json.Valid(c.ToolInput) {
			t.Fatalf("%q: tool input %q is not JSON", payload, c.ToolInput)
		}
		if c.Mapping.Tool.Required && c.ToolName == nil && c.Mapped {
			t.Fatalf("%q: read without the tool name %s requires", payload, event)
		}
		for _, s := range []string{c.AgentEvent, c.SessionID, c.Cwd, c.Prompt} {
			if !utf8.ValidString(s) {
				t.Fatalf("%q: invalid UTF-8 in %q", payload, s)
			}
		}
	})
}

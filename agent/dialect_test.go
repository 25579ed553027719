package agent

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func mustLookup(t *testing.T, name string) *Dialect {
	t.Helper()
	d, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustMapping(t *testing.T, d *Dialect, event string) Mapping {
	t.Helper()
	m, ok := d.Mapping(event)
	if !ok {
		t.Fatalf("%s has no event %s", d.Name, event)
	}
	return m
}

// A key given twice errs toward the block in every dialect: a hook (or an attacker who can
// append to its output) cannot undo a deny by repeating the key with a kinder value.
func TestRepeatedKeysErrTowardTheBlock(t *testing.T) {
	for _, tc := range []struct{ agent, event, stdout string }{
		{"hermes", "pre_tool_call", `{"decision":"block","decision":"approve"}`},
		{"hermes", "pre_tool_call", `{"action":"block","action":"allow"}`},
		{"claude-code", "PreToolUse", `{"decision":"block","decision":"approve"}`},
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecision":"allow"}}`},
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":{"permissionDecision":"deny"},"hookSpecificOutput":{"permissionDecision":"allow"}}`},
		{"codex", "PreToolUse", `{"decision":"block","decision":"approve"}`},
		{"gemini", "BeforeTool", `{"decision":"deny","decision":"allow"}`},
		{"cursor", "beforeShellExecution", `{"permission":"deny","permission":"allow"}`},
		{"cursor", "preToolUse", `{"decision":"block","decision":"approve"}`},
		// A copy of the wrong type beside the deny must not make the whole answer invalid
		// output, which fails open.
		{"claude-code", "PreToolUse", `{"decision":"block","reason":"r","decision":5}`},
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":{"permissionDecision":"deny"},"hookSpecificOutput":7}`},
		{"codex", "PreToolUse", `{"decision":"deny","decision":[1]}`},
		{"gemini", "BeforeTool", `{"decision":"deny","decision":{}}`},
		{"cursor", "preToolUse", `{"permission":"deny","permission":7}`},
		{"cursor", "preToolUse", `{"permission":7,"permission":"deny"}`},
	} {
		d := mustLookup(t, tc.agent)
		a, err := d.Reader(tc.stdout, mustMapping(t, d, tc.event))
		if err != nil || !a.Block {
			t.Errorf("%s %s: %s read as %+v, %v; want a block", tc.agent, tc.event, tc.stdout, a, err)
		}
	}
}

type want struct {
	block, allow, ask, cont, halt, replace bool
	message, context, modify, system       string
	user, model                            string // Cursor's user_message and agent_message
	err                                    string
}

func check(t *testing.T, name string, a Answer, err error, w want) {
	t.Helper()
	if w.err != "" {
		if err == nil || !strings.Contains(err.Error(), w.err) {
			t.Errorf("%s: error %v, want one containing %q", name, err, w.err)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	modify := ""
	if a.Modify != nil {
		b, _ := json.Marshal(a.Modify)
		modify = string(b)
	}
	got := want{block: a.Block, allow: a.Allow, ask: a.Ask, cont: a.Continue, halt: a.Halt, replace: a.Replace,
		message: a.Message, context: a.Context, modify: modify, system: a.SystemMessage, user: a.UserMessage, model: a.AgentMessage}
	if got != w {
		t.Errorf("%s:\n got %+v\nwant %+v", name, got, w)
	}
}

// Answers as each agent's hook reference shows them, and the forms every dialect accepts.
func TestReaders(t *testing.T) {
	for _, tc := range []struct {
		agent, event, stdout string
		want                 want
	}{
		// Claude Code.
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Destructive command blocked"}}`,
			want{block: true, message: "Destructive command blocked"}},
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la"}}}`,
			want{allow: true, replace: true, modify: `{"command":"ls -la"}`}},
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"check"}}`,
			want{ask: true, message: "check"}},
		{"claude-code", "UserPromptSubmit", "Current time: noon\n", want{context: "Current time: noon"}},
		{"claude-code", "SessionStart", "branch: main", want{context: "branch: main"}},
		{"claude-code", "PreToolUse", "just some logging", want{}},
		{"claude-code", "Stop", `{"decision":"block","reason":"tests are failing"}`, want{block: true, message: "tests are failing"}},
		{"claude-code", "UserPromptSubmit", `{"continue":false,"stopReason":"quota reached","systemMessage":"bye"}`,
			want{halt: true, system: "bye"}},
		{"claude-code", "PreToolUse", `{"decision":5}`, want{err: "decision must be a string"}},
		{"claude-code", "PreToolUse", `{"continue":"no"}`, want{err: "continue must be a boolean"}},
		{"claude-code", "PreToolUse", `{"hookSpecificOutput":"deny"}`, want{err: "hookSpecificOutput must be an object"}},
		{"claude-code", "PreToolUse", `{"decision": "block",}`, want{err: "not a JSON object"}},
		{"claude-code", "PreToolUse", `{"decision": "block"`, want{}}, // not an object by Claude Code's rule: plain text, ignored
		// Forms every dialect accepts: stratus's deny and modify, Hermes's approve (an ask).
		{"claude-code", "PreToolUse", `{"decision":"deny","reason":"R"}`, want{block: true, message: "R"}},
		{"claude-code", "PreToolUse", `{"decision":"modify","modifiedParams":{"a":1}}`, want{modify: `{"a":1}`}},
		{"gemini", "BeforeTool", `{"action":"approve","message":"a person should look"}`, want{ask: true, message: "a person should look"}},
		{"hermes", "pre_tool_call", `{"action":"approve","message":"M"}`, want{ask: true, message: "M"}},
		{"hermes", "pre_tool_call", `{"decision":"approve"}`, want{allow: true}},
		{"hermes", "pre_tool_call", `{"decision":"modify","modifiedParams":{"a":1}}`, want{modify: `{"a":1}`}},
		{"hermes", "pre_tool_call", "log line\n{\"action\":\"block\"}", want{block: true}},
		{"hermes", "pre_tool_call", `{"continue":false,"systemMessage":"x"}`, want{}},
		// Codex: Claude Code's shapes.
		{"codex", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`,
			want{block: true, message: "no"}},
		// Gemini CLI.
		{"gemini", "BeforeTool", `{"decision":"deny","reason":"Security Policy: secrets"}`, want{block: true, message: "Security Policy: secrets"}},
		{"gemini", "BeforeTool", `{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"ls"}}}`, want{modify: `{"command":"ls"}`}},
		{"gemini", "BeforeAgent", `{"hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"Branch: main"}}`, want{context: "Branch: main"}},
		{"gemini", "BeforeTool", "plain text", want{err: "not a JSON object"}},
		{"gemini", "AfterAgent", `{"decision":"deny","reason":"run the tests"}`, want{block: true, message: "run the tests"}},
		// Cursor.
		{"cursor", "beforeShellExecution", `{"permission":"deny","user_message":"no","agent_message":"not allowed"}`,
			want{block: true, message: "not allowed", user: "no", model: "not allowed"}},
		{"cursor", "beforeShellExecution", `{"permission":"ask","userMessage":"sure?"}`, want{ask: true, message: "sure?", user: "sure?"}},
		{"cursor", "beforeShellExecution", `{"permission":"deny","agentMessage":"use rg"}`, want{block: true, message: "use rg", model: "use rg"}},
		{"cursor", "beforeMCPExecution", `{"permission":"allow"}`, want{allow: true}},
		{"cursor", "stop", `{"followup_message":"now update the docs"}`, want{cont: true, message: "now update the docs"}},
		{"cursor", "beforeSubmitPrompt", `{"continue":false,"user_message":"not now"}`, want{halt: true, message: "not now", user: "not now"}},
		{"cursor", "beforeShellExecution", `{"permission":["deny"]}`, want{err: "permission must be a string"}},
	} {
		d := mustLookup(t, tc.agent)
		a, err := d.Reader(tc.stdout, mustMapping(t, d, tc.event))
		check(t, tc.agent+" "+tc.event+" "+tc.stdout, a, err, tc.want)
	}
}

func TestReaderNotJSONWraps(t *testing.T) {
	d := mustLookup(t, "gemini")
	_, err := d.Reader("hello", mustMapping(t, d, "BeforeTool"))
	if !errors.Is(err, ErrNotJSON) {
		t.Fatalf("error %v does not wrap ErrNotJSON", err)
	}
}

// What each agent is told, per decision, as its hook reference expects it.
func TestWriters(t *testing.T) {
	rewrite := []byte(`{"command":"ls"}`)
	for _, tc := range []struct {
		agent, event string
		d            Decision
		want         string
		warning      string
	}{
		{"claude-code", "PreToolUse", Decision{Verdict: "allow"}, "", ""},
		{"claude-code", "PreToolUse", Decision{Verdict: "block", Reason: "no"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, ""},
		{"claude-code", "PreToolUse", Decision{Verdict: "ask", Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}`, ""},
		{"claude-code", "PreToolUse", Decision{Verdict: "allow", Allowed: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, ""},
		{"claude-code", "PreToolUse", Decision{Verdict: "allow", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"tool input rewritten by hook ./r.sh","updatedInput":{"command":"ls"}}}`, ""},
		{"claude-code", "PreToolUse", Decision{Verdict: "allow", Allowed: true, ToolInput: rewrite, Context: "c"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"tool input rewritten by hook ","updatedInput":{"command":"ls"},"additionalContext":"c"}}`, ""},
		{"claude-code", "PostToolUse", Decision{Verdict: "block", Reason: "lint failed"}, `{"decision":"block","reason":"lint failed"}`, ""},
		{"claude-code", "UserPromptSubmit", Decision{Verdict: "allow", Context: "c1\n\nc2"},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"c1\n\nc2"}}`, ""},
		{"claude-code", "Stop", Decision{Verdict: "continue", Reason: "tests fail"}, `{"decision":"block","reason":"tests fail"}`, ""},
		// Claude Code runs the tool before it stops on continue: false alone.
		{"claude-code", "PreToolUse", Decision{Verdict: "block", Reason: "no", Halt: true, StopReason: "halt"},
			`{"continue":false,"stopReason":"halt","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"halt"}}`, ""},
		{"claude-code", "PreToolUse", Decision{Verdict: "allow", Halt: true, StopReason: "halt"},
			`{"continue":false,"stopReason":"halt","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"halt"}}`, ""},
		{"claude-code", "PostToolUse", Decision{Verdict: "allow", Halt: true, StopReason: "halt"}, `{"continue":false,"stopReason":"halt"}`, ""},
		{"claude-code", "SessionEnd", Decision{Verdict: "allow", SystemMessage: "a\nb"}, `{"systemMessage":"a\nb"}`, ""},
		{"codex", "PreToolUse", Decision{Verdict: "ask", Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"confirmation required: sure?"}}`, ""},
		{"codex", "PreToolUse", Decision{Verdict: "allow", Allowed: true}, "", ""},
		// Codex's PreToolUse takes a deny with its reason, allow only with updatedInput, and no
		// other field: anything else marks the hook failed and runs the tool.
		{"codex", "PreToolUse", Decision{Verdict: "allow", Allowed: true, ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls"}}}`, ""},
		{"codex", "PreToolUse", Decision{Verdict: "allow", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"confirmation required: tool input rewritten by hook ./r.sh"}}`, ""},
		{"codex", "PreToolUse", Decision{Verdict: "allow", ToolInput: rewrite, RewrittenBy: "./r.sh", Reason: "quoted"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"confirmation required: quoted"}}`, ""},
		{"codex", "PreToolUse", Decision{Verdict: "block", Reason: "no", SuppressOutput: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, ""},
		{"codex", "PreToolUse", Decision{Verdict: "allow", Halt: true, StopReason: "halt", SystemMessage: "m"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"halt"}}`, "codex takes no systemMessage"},
		{"codex", "PreToolUse", Decision{Verdict: "block", Reason: "no", Context: "c"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, "codex takes no context"},
		{"codex", "PostToolUse", Decision{Verdict: "block", Reason: "lint", SuppressOutput: true},
			`{"decision":"block","reason":"lint","suppressOutput":true}`, ""},
		{"codex", "Stop", Decision{Verdict: "continue", Reason: "tests fail"}, `{"decision":"block","reason":"tests fail"}`, ""},
		// Qwen Code 0.24.4 drops updatedInput and a PreToolUse context: a rewrite is a deny, even
		// one a hook allowed (the original input must not run in its place), a context a warning.
		{"qwen-code", "PreToolUse", Decision{Verdict: "allow", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Qwen Code cannot apply a rewritten tool input: tool input rewritten by hook ./r.sh"}}`, ""},
		{"qwen-code", "PreToolUse", Decision{Verdict: "allow", Allowed: true, ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Qwen Code cannot apply a rewritten tool input: tool input rewritten by hook ./r.sh"}}`, ""},
		{"qwen-code", "PreToolUse", Decision{Verdict: "ask", Reason: "sure?", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Qwen Code cannot apply a rewritten tool input: sure?"}}`, ""},
		{"qwen-code", "PreToolUse", Decision{Verdict: "ask", Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}`, ""},
		{"qwen-code", "PreToolUse", Decision{Verdict: "block", Reason: "no", ToolInput: rewrite},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, ""},
		{"qwen-code", "PreToolUse", Decision{Verdict: "allow", Context: "c"}, "", "qwen code takes no context on PreToolUse"},
		{"qwen-code", "PreToolUse", Decision{Verdict: "allow", Allowed: true},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, ""},
		{"qwen-code", "UserPromptSubmit", Decision{Verdict: "allow", Context: "c"},
			`{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"c"}}`, ""},
		// Factory Droid merges updatedInput into the input: a rewrite that leaves a key out is a
		// deny; one that keeps every key is Claude Code's answer.
		{"droid", "PreToolUse", Decision{Verdict: "allow", Allowed: true, ToolInput: rewrite, RewrittenBy: "./r.sh", Dropped: []string{"summary", "timeout"}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Factory Droid merges a rewritten tool input into the old one and cannot remove summary, timeout: tool input rewritten by hook ./r.sh"}}`, ""},
		{"droid", "PreToolUse", Decision{Verdict: "allow", Allowed: true, ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"tool input rewritten by hook ./r.sh","updatedInput":{"command":"ls"}}}`, ""},
		// It reads updatedInput only beside an allow: a rewrite no hook allowed, or one asked
		// about, would run the original input, so it is a deny.
		{"droid", "PreToolUse", Decision{Verdict: "allow", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Factory Droid applies a rewritten tool input only when a hook allows the call: confirmation required: tool input rewritten by hook ./r.sh"}}`, ""},
		{"droid", "PreToolUse", Decision{Verdict: "ask", Reason: "sure?", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Factory Droid applies a rewritten tool input only when a hook allows the call: confirmation required: sure?"}}`, ""},
		{"droid", "PreToolUse", Decision{Verdict: "ask", Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}`, ""},
		{"droid", "PreToolUse", Decision{Verdict: "allow", Context: "c"}, "", "factory droid takes no context on PreToolUse"},
		{"droid", "PreToolUse", Decision{Verdict: "block", Reason: "no", ToolInput: rewrite, Dropped: []string{"x"}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, ""},
		{"gemini", "BeforeTool", Decision{Verdict: "block", Reason: "no"}, `{"decision":"deny","reason":"no"}`, ""},
		{"gemini", "BeforeTool", Decision{Verdict: "ask", Reason: "sure?"}, `{"decision":"deny","reason":"confirmation required: sure?"}`, ""},
		{"gemini", "BeforeTool", Decision{Verdict: "allow", ToolInput: rewrite},
			`{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"ls"}}}`, ""},
		{"gemini", "BeforeTool", Decision{Verdict: "allow", Allowed: true}, `{"decision":"allow"}`, ""},
		{"gemini", "AfterAgent", Decision{Verdict: "continue", Reason: "again"}, `{"decision":"deny","reason":"again"}`, ""},
		{"gemini", "BeforeAgent", Decision{Verdict: "allow", Context: "c"},
			`{"hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"c"}}`, ""},
		{"cursor", "beforeShellExecution", Decision{Verdict: "block", Reason: "no"},
			`{"permission":"deny","user_message":"no","agent_message":"no"}`, ""},
		{"cursor", "beforeShellExecution", Decision{Verdict: "ask", Reason: "sure?"},
			`{"permission":"ask","user_message":"sure?","agent_message":"sure?"}`, ""},
		{"cursor", "preToolUse", Decision{Verdict: "ask", Reason: "sure?"},
			`{"permission":"deny","user_message":"confirmation required: sure?","agent_message":"confirmation required: sure?"}`, ""},
		{"cursor", "beforeMCPExecution", Decision{Verdict: "allow", Allowed: true}, `{"permission":"allow"}`, ""},
		{"cursor", "beforeShellExecution", Decision{Verdict: "allow", ToolInput: rewrite, RewrittenBy: "./r.sh"},
			`{"permission":"ask","user_message":"hook ./r.sh rewrote the tool input, which Cursor cannot carry: review the call (no reason given)","agent_message":"hook ./r.sh rewrote the tool input, which Cursor cannot carry: review the call (no reason given)"}`, ""},
		{"cursor", "beforeSubmitPrompt", Decision{Verdict: "block", Reason: "not now"}, `{"continue":false,"user_message":"not now"}`, ""},
		// Cursor's two messages go back apart, each as the hook gave it.
		{"cursor", "beforeShellExecution", Decision{Verdict: "block", Reason: "for the model", UserMessage: "for you", AgentMessage: "for the model"},
			`{"permission":"deny","user_message":"for you","agent_message":"for the model"}`, ""},
		{"cursor", "beforeShellExecution", Decision{Verdict: "block", Reason: "for the model", AgentMessage: "for the model"},
			`{"permission":"deny","agent_message":"for the model"}`, ""},
		{"cursor", "preToolUse", Decision{Verdict: "ask", Reason: "sure?", UserMessage: "sure?"},
			`{"permission":"deny","user_message":"confirmation required: sure?"}`, ""},
		{"cursor", "stop", Decision{Verdict: "continue", Reason: "docs too"}, `{"followup_message":"docs too"}`, ""},
		{"cursor", "beforeSubmitPrompt", Decision{Verdict: "allow", Context: "c"}, "", "cursor takes no context"},
	} {
		d := mustLookup(t, tc.agent)
		out, warnings := d.Writer(mustMapping(t, d, tc.event), tc.d)
		if string(out) != tc.want {
			t.Errorf("%s %s %+v:\n got %s\nwant %s", tc.agent, tc.event, tc.d, out, tc.want)
		}
		if out != nil && !json.Valid(out) {
			t.Errorf("%s %s: invalid JSON %s", tc.agent, tc.event, out)
		}
		if (tc.warning == "") != (len(warnings) == 0) || (tc.warning != "" && !strings.Contains(warnings[0], tc.warning)) {
			t.Errorf("%s %s: warnings %q, want %q", tc.agent, tc.event, warnings, tc.warning)
		}
	}
}

// Payload reading follows 9.2: tool name and input, session id and cwd, per agent.
func TestReadPayload(t *testing.T) {
	for _, tc := range []struct {
		agent, payload                   string
		event, tool, input, session, cwd string
		mapped                           bool
		err                              string
	}{
		{agent: "claude-code", payload: `{"session_id":"s","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			event: "pre_tool_call", tool: "Bash", input: `{"command":"ls"}`, session: "s", cwd: "/w", mapped: true},
		{agent: "claude-code", payload: `{"hook_event_name":"Notification","message":"hi"}`, event: "Notification"},
		{agent: "claude-code", payload: `{"hook_event_name":"UserPromptSubmit","tool_name":"Bash","prompt":"p"}`, event: "pre_llm_call", mapped: true},
		{agent: "claude-code", payload: `{"hook_event_name":7}`, err: "hook_event_name must be a string"},
		// Other fields of an unexpected type read as absent: the hooks still run.
		{agent: "claude-code", payload: `{"hook_event_name":"PreToolUse","tool_name":5,"session_id":{},"cwd":[]}`, event: "pre_tool_call", mapped: true},
		{agent: "claude-code", payload: `[1]`, err: "invalid payload"},
		{agent: "cursor", payload: `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["/r","/q"],"command":"rm -rf /","cwd":"/x"}`,
			event: "pre_tool_call", tool: "Shell", input: `{"command":"rm -rf /","cwd":"/x"}`, session: "c", cwd: "/r", mapped: true},
		{agent: "cursor", payload: `{"hook_event_name":"beforeMCPExecution","tool_name":"db","tool_input":"{\"q\": 1}"}`,
			event: "pre_tool_call", tool: "db", input: `{"q": 1}`, mapped: true},
		{agent: "cursor", payload: `{"hook_event_name":"beforeReadFile","file_path":"/etc/passwd","content":"x"}`,
			event: "pre_tool_call", tool: "Read", input: `{"file_path":"/etc/passwd"}`, mapped: true},
		{agent: "cursor", payload: `{"hook_event_name":"afterFileEdit","file_path":"a","edits":[]}`,
			event: "post_tool_call", tool: "Edit", input: `{"file_path":"a","edits":[]}`, mapped: true},
		{agent: "gemini", payload: `{"hook_event_name":"BeforeTool","session_id":"g","cwd":"/g","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
			event: "pre_tool_call", tool: "run_shell_command", input: `{"command":"ls"}`, session: "g", cwd: "/g", mapped: true},
	} {
		d := mustLookup(t, tc.agent)
		c, err := d.ReadPayload([]byte(tc.payload))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrPayload) {
				t.Errorf("%s %s: error %v, want %q", tc.agent, tc.payload, err, tc.err)
			}
			continue
		}
		tool := ""
		if c.ToolName != nil {
			tool = *c.ToolName
		}
		if err != nil || c.Mapping.Event != tc.event || tool != tc.tool || string(c.ToolInput) != tc.input ||
			c.SessionID != tc.session || c.Cwd != tc.cwd || c.Mapped != tc.mapped {
			t.Errorf("%s %s:\n got %+v (tool %q, input %s), %v", tc.agent, tc.payload, c, tool, c.ToolInput, err)
		}
	}
}

// TestNamedEvent: the event run --agent's command line names is the agent's own (read the
// payload as it), a hookctl event (fired; for an agent whose payload names none, read as the
// agent event install wires for it), or missing where the payload cannot name it.
func TestNamedEvent(t *testing.T) {
	tests := []struct {
		agent, name     string
		named, agentEvt string
		err             string
	}{
		{"claude-code", "PreToolUse", "", "PreToolUse", ""},
		{"claude-code", "pre_tool_call", "pre_tool_call", "", ""},
		{"claude-code", "", "", "", ""},
		{"cline", "PreToolUse", "", "PreToolUse", ""},
		{"cline", "pre_tool_call", "pre_tool_call", "PreToolUse", ""},
		{"cline", "", "", "", "Cline's payload does not name its event: name it, as hookctl install cline writes it (hookctl run --agent cline "},
	}
	for _, tt := range tests {
		t.Run(tt.agent+" "+tt.name, func(t *testing.T) {
			named, agentEvt, err := mustLookup(t, tt.agent).NamedEvent(tt.name)
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("NamedEvent(%q) error %v, want %q...", tt.name, err, tt.err)
				}
				return
			}
			if err != nil || named != tt.named || agentEvt != tt.agentEvt {
				t.Errorf("NamedEvent(%q) = %q, %q, %v; want %q, %q", tt.name, named, agentEvt, err, tt.named, tt.agentEvt)
			}
		})
	}
}

package agent

import "time"

var cursor = Dialect{
	Name:  "cursor",
	Title: "Cursor",
	Events: []Mapping{
		{AgentEvent: "beforeShellExecution", Event: "pre_tool_call", Honours: Block | Ask | Modify, Exit2: Block,
			Tool:      ToolSource{Name: "Shell", Input: []string{"command", "cwd"}},
			Synthetic: `"command":"echo hello","cwd":$CWD`},
		{AgentEvent: "beforeMCPExecution", Event: "pre_tool_call", Honours: Block | Ask | Modify, Exit2: Block,
			Tool:      ToolSource{DecodeString: true},
			Synthetic: `"tool_name":"test_tool","tool_input":"{\"query\":\"hello\"}","command":"test-mcp-server"`},
		{AgentEvent: "beforeReadFile", Event: "pre_tool_call", Honours: Block | Ask | Modify, Exit2: Block,
			Tool:      ToolSource{Name: "Read", Input: []string{"file_path"}},
			Synthetic: `"file_path":"README.md","content":"hello\n","attachments":[]`},
		{AgentEvent: "afterFileEdit", Event: "post_tool_call",
			Tool:      ToolSource{Name: "Edit", Input: []string{"file_path", "edits"}},
			Synthetic: `"file_path":"README.md","edits":[{"old_string":"hello","new_string":"hello, world"}]`},
		{AgentEvent: "preToolUse", Event: "pre_tool_call", General: true, Honours: Block | Ask | Modify, Exit2: Block,
			Synthetic: `"tool_name":"Shell","tool_input":{"command":"echo hello"}`},
		{AgentEvent: "postToolUse", Event: "post_tool_call", General: true,
			Synthetic: `"tool_name":"Shell","tool_input":{"command":"echo hello"},"tool_output":"hello\n"`},
		{AgentEvent: "beforeSubmitPrompt", Event: "pre_llm_call", Honours: Block | Halt, Exit2: Block,
			Synthetic: `"prompt":"What is the weather?","attachments":[]`},
		{AgentEvent: "stop", Event: "pre_verify", Honours: Continue,
			Synthetic: `"status":"completed","loop_count":0`},
		{AgentEvent: "sessionStart", Event: "on_session_start"},
		{AgentEvent: "sessionEnd", Event: "on_session_end"},
		{AgentEvent: "subagentStart", Event: "subagent_start"},
		{AgentEvent: "subagentStop", Event: "subagent_stop"},
	},
	Tools:    []string{"Shell", "Read", "Write", "Edit", "Delete", "Grep", "Task"},
	toolRows: cursorTools,
	OtherEvents: []string{"afterShellExecution", "afterMCPExecution", "afterAgentResponse",
		"afterAgentThought", "preCompact", "postToolUseFailure", "beforeTabFileRead", "afterTabFileEdit"},
	SettingsFile:    ".cursor/hooks.json",
	SettingsVersion: 1,
	TimeoutUnit:     time.Second,
	Fields:          Fields{Session: "conversation_id", CwdList: "workspace_roots"},
	base:            `"generation_id":"test-generation","model":"test-model","cursor_version":"1.7.0"`,
	Reader:          readCursor,
	Writer:          writeCursor,
	// No shell variable of Cursor's is recorded: its agent is known by its process.
	Signs: Signs{Programs: []string{"cursor-agent"}},
	switches: Switches{
		None: "Cursor has none in its documents: a hook is off only when its entry leaves hooks.json, which the wiring check and the self-guard already see (no package to read here: unverified in its code)",
	},
	Layout:       LayoutFlat,
	WindowsShell: ShellCmd,
	// From its documentation, with no CLI to prove it on.
	FailSwitch: FailSwitch{Key: "failClosed", Value: true},
	Admin: Admin{ // the enterprise hooks.json
		Linux:   "/etc/cursor/hooks.json",
		Darwin:  "/Library/Application Support/Cursor/hooks.json",
		Windows: "Cursor/hooks.json",
	},
}

func init() { register(func() *Dialect { return &cursor }) }

// writeCursor writes the decision as Cursor reads it. Cursor cannot rewrite a tool's input,
// take context, or ask on preToolUse and beforeReadFile; what it cannot carry errs toward the
// block (see the README's Cursor table).
func writeCursor(m Mapping, d Decision) ([]byte, []string) {
	var out obj
	var warnings []string
	if d.Context != "" {
		warnings = append(warnings, "cursor takes no context from hooks: dropped")
	}
	switch m.Event {
	case "pre_tool_call":
		permission := toolPermission(d)
		user, model := cursorMessages(d)
		if rewriteOnly(d, permission) {
			permission = "ask"
			reason := "hook " + d.RewrittenBy + " rewrote the tool input, which Cursor cannot carry: " +
				"review the call (" + orFirst(d.Reason, "no reason given") + ")"
			user, model = reason, reason
		}
		// preToolUse and beforeReadFile take allow and deny only.
		if permission == "ask" && (m.AgentEvent == "preToolUse" || m.AgentEvent == "beforeReadFile") {
			permission = "deny"
			if user != "" {
				user = confirmationRequired(user)
			}
			if model != "" {
				model = confirmationRequired(model)
			}
		}
		out.str("permission", permission)
		out.str("user_message", user)
		out.str("agent_message", model)
	case "pre_llm_call":
		if d.Halt {
			out.raw("continue", []byte("false"))
			out.str("user_message", orFirst(d.StopReason, d.Reason))
		} else if d.Verdict == "block" {
			user, _ := cursorMessages(d)
			out.raw("continue", []byte("false"))
			out.str("user_message", user)
		}
	case "pre_verify":
		if d.Verdict == "continue" {
			out.str("followup_message", d.Reason)
		}
	}
	return out.bytes(), warnings
}

// cursorMessages are the user_message and agent_message to write: the winning hook's own two,
// each as it gave it (one is never copied over the other), else its one reason as both.
func cursorMessages(d Decision) (user, model string) {
	if d.UserMessage != "" || d.AgentMessage != "" {
		return d.UserMessage, d.AgentMessage
	}
	return d.Reason, d.Reason
}

// Cursor: beforeShellExecution and beforeReadFile are read as Shell and Read (cursor.go);
// preToolUse sends the same names. From Cursor's hook reference only.
var cursorTools = []ToolRow{
	{Agent: "Shell", Hookctl: ToolTerminal},
	{Agent: "Read", Hookctl: ToolReadFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "Write", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "Edit", Hookctl: ToolPatch, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "Grep", Hookctl: ToolSearchFiles},
	{Agent: "Task", Hookctl: ToolDelegateTask},
}

// cursorShape is how Cursor reads a hook's stdout; readCursor its reader as a plain function.
var cursorShape = shape{plainText: plainStrict, strict: true, control: true,
	verdicts:    []string{"permission"},
	userMessage: []string{"user_message", "userMessage"}, agentMessage: []string{"agent_message", "agentMessage"},
	followup: "followup_message"}

func readCursor(stdout string, m Mapping) (Answer, error) { return cursorShape.read(stdout, m) }

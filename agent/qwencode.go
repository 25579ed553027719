package agent

import "time"

// qwenEvents are Qwen Code's events with a hookctl meaning (0.24.4, HookEventName): Claude
// Code's names and answers, except on PreToolUse (writeQwen).
var qwenEvents = []Mapping{
	{AgentEvent: "PreToolUse", Event: "pre_tool_call", Honours: Block | Ask | Modify | Context | Halt | Notice, Exit2: Block,
		Synthetic: `"tool_name":"run_shell_command","tool_input":{"command":"echo hello"},"tool_use_id":"toolu_test"`},
	{AgentEvent: "PostToolUse", Event: "post_tool_call", Honours: Block | Context | Halt | Notice, Exit2: Block,
		Synthetic: `"tool_name":"run_shell_command","tool_input":{"command":"echo hello"},"tool_response":{"llmContent":"hello"},"tool_use_id":"toolu_test"`},
	// Qwen Code also fires it with "prompt": "" before the model reads a tool's result.
	{AgentEvent: "UserPromptSubmit", Event: "pre_llm_call", Honours: Block | Context | Halt | Notice, Exit2: Block, PlainContext: true,
		Synthetic: `"prompt":"What is the weather?"`},
	{AgentEvent: "Stop", Event: "pre_verify", Honours: Continue | Halt | Notice, Exit2: Continue,
		Synthetic: `"stop_hook_active":false`},
	{AgentEvent: "SubagentStop", Event: "subagent_stop", Honours: Continue | Halt | Notice, Exit2: Continue,
		Synthetic: `"stop_hook_active":false`},
	{AgentEvent: "SessionStart", Event: "on_session_start", Honours: Context | Halt | Notice, PlainContext: true,
		Synthetic: `"source":"startup"`},
	{AgentEvent: "SessionEnd", Event: "on_session_end", Honours: Notice,
		Synthetic: `"reason":"other"`},
	{AgentEvent: "SubagentStart", Event: "subagent_start", Honours: Halt | Notice},
}

var qwenCode = Dialect{
	Name:   "qwen-code",
	Title:  "Qwen Code",
	Events: qwenEvents,
	Tools: []string{"run_shell_command", "read_file", "write_file", "edit", "notebook_edit", "glob",
		"grep_search", "list_directory", "web_fetch", "web_search", "agent", "save_memory", "todo_write", "skill"},
	toolRows: qwenTools,
	OtherEvents: []string{"PostToolUseFailure", "PostToolBatch", "UserPromptExpansion", "Notification",
		"PermissionRequest", "PermissionDenied", "PreCompact", "PostCompact", "StopFailure",
		"InstructionsLoaded", "MessageDisplay", "SessionDelete", "TodoCreated", "TodoCompleted"},
	SettingsFile: ".qwen/settings.json",
	DirEnv:       "QWEN_HOME",
	ProjectDir:   true,
	// Seconds; 0.24.4 reads a command hook's value of 1000 or more as milliseconds.
	TimeoutUnit: time.Second,
	Fields:      Fields{Session: "session_id", Cwd: "cwd"},
	// 0.24.4 reads its settings files through strip-json-comments.
	SettingsComments: true,
	base:             `"transcript_path":"","timestamp":"2026-01-01T00:00:00Z","permission_mode":"default"`,
	Reader:           readClaude,
	Writer:           writeQwen,
	Signs: Signs{
		Variables: []string{"QWEN_CODE", "QWEN_CODE_SESSION_ID", "QWEN_CODE_CLI"},
		Programs:  []string{"qwen"},
		Packages:  []string{"@qwen-code/qwen-code"},
	},
	switches: Switches{
		// 0.24.4: disableAllHooks from the merged settings (system last) turns every hook off,
		// the system file's included unless that file pins it false.
		Files: []SwitchFile{
			{Layer: LayerUser, Rel: ".qwen/settings.json", DirEnv: "QWEN_HOME"},
			{Layer: LayerProject, Rel: ".qwen/settings.json"},
		},
		Key:     "disableAllHooks",
		Needles: []string{"disableAllHooks"},
		Read:    disableAllHooks,
		Live:    "at the next session: Qwen Code reads disableAllHooks when it starts (its schema says requiresRestart)",
		Escapes: []Escape{
			{Env: "QWEN_HOME", What: "moves the user settings (and their hooks) to another folder"},
			{Env: "QWEN_CODE_SYSTEM_SETTINGS_PATH", What: "moves the system settings, and the hooks pinned there, to another file"},
			{Env: "QWEN_CODE_SYSTEM_DEFAULTS_PATH", What: "moves the system defaults to another file"},
			{Flag: "--bare", What: "turns every hook off (sets QWEN_CODE_SIMPLE)"},
			{Env: "QWEN_CODE_SIMPLE", What: "what --bare sets: every hook off"},
			{Flag: "--safe-mode", What: "turns every hook off"},
			{Env: "QWEN_CODE_SAFE_MODE", What: "as --safe-mode"},
		},
	},
	Layout:       LayoutGrouped,
	WindowsShell: ShellPowerShell,
	FailSwitch:   FailSwitch{None: "Qwen Code 0.24.4 has none: a killed or timed-out hook lets the call through"},
	Admin: Admin{
		// getSystemSettingsPath in 0.24.4; the system scope is merged last.
		Linux:   "/etc/qwen-code/settings.json",
		Darwin:  "/Library/Application Support/QwenCode/settings.json",
		Windows: "qwen-code/settings.json",
		// A person's disableAllHooks: true turns the system file's hooks off too, unless the
		// system file says false (seen: the system guard then blocked).
		Pin: "disableAllHooks", PinValue: false,
	},
}

func init() { register(func() *Dialect { return &qwenCode }) }

// writeQwen writes the decision as Qwen Code reads it: Claude Code's answers, but on
// PreToolUse 0.24.4 takes only deny, ask, continue: false and a context nothing reads
// (firePreToolUseHook), never updatedInput. So a rewrite is a deny naming its hook (the
// original input must not run in its place), and a context is dropped with a warning.
func writeQwen(m Mapping, d Decision) ([]byte, []string) {
	if m.Event != "pre_tool_call" {
		return claudeWriter{}.write(m, d)
	}
	var warnings []string
	if d.ToolInput != nil && d.Verdict != "block" && !d.Halt {
		d.Verdict, d.Allowed = "block", false
		d.Reason = "Qwen Code cannot apply a rewritten tool input: " + orFirst(d.Reason, "tool input rewritten by hook "+d.RewrittenBy)
	}
	d.ToolInput = nil
	if d.Context != "" {
		warnings = append(warnings, "qwen code takes no context on PreToolUse: dropped")
		d.Context = ""
	}
	out, more := claudeWriter{}.write(m, d)
	return out, append(warnings, more...)
}

// Qwen Code 0.24.4: Gemini CLI's names with Claude Code's keys (file_path, old_string,
// new_string), edit where Gemini CLI has replace.
var qwenTools = []ToolRow{
	{Agent: "run_shell_command", Hookctl: ToolTerminal, Keys: []Key{{Agent: "directory", Hookctl: "cwd"}}, Seen: true},
	{Agent: "read_file", Hookctl: ToolReadFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "write_file", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "edit", Hookctl: ToolPatch, Keys: claudeEdit},
	{Agent: "glob", Hookctl: ToolSearchFiles},
	{Agent: "grep_search", Hookctl: ToolSearchFiles},
	{Agent: "web_fetch", Hookctl: ToolWebFetch},
	{Agent: "web_search", Hookctl: ToolWebSearch},
	{Agent: "agent", Hookctl: ToolDelegateTask},
}

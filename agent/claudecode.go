package agent

import "time"

// claudeEvents is Claude Code's event table, which Codex shares (codex.go).
var claudeEvents = []Mapping{
	{AgentEvent: "PreToolUse", Event: "pre_tool_call", Honours: Block | Ask | Modify | Context | Halt | Notice, Exit2: Block,
		Synthetic: `"tool_name":"Bash","tool_input":{"command":"echo hello"},"tool_use_id":"toolu_test"`},
	{AgentEvent: "PostToolUse", Event: "post_tool_call", Honours: Block | Context | Halt | Notice, Exit2: Block,
		Synthetic: `"tool_name":"Bash","tool_input":{"command":"echo hello"},"tool_response":{"stdout":"hello\n","stderr":"","interrupted":false},"tool_use_id":"toolu_test"`},
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

// claudeBase is the part of every Claude Code (and Codex) payload that is not the session
// id, the cwd or the event name, for synthetic payloads.
const claudeBase = `"transcript_path":null,"permission_mode":"default"`

var claudeCode = Dialect{
	Name:   "claude-code",
	Title:  "Claude Code",
	Events: claudeEvents,
	Tools: []string{"Bash", "Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS", "WebFetch",
		"WebSearch", "Agent", "Task", "NotebookEdit", "TodoWrite"},
	toolRows: claudeCodeTools,
	OtherEvents: []string{"Notification", "PermissionRequest", "PostToolUseFailure", "PreCompact",
		"PostCompact", "StopFailure"},
	SettingsFile:  ".claude/settings.json",
	DirEnv:        "CLAUDE_CONFIG_DIR",
	ProjectDir:    true,
	TimeoutUnit:   time.Second,
	Fields:        Fields{Session: "session_id", Cwd: "cwd"},
	SessionNotice: true,
	WallStart:     true,
	base:          claudeBase,
	Reader:        readClaude,
	Writer:        writeClaude,
	Signs: Signs{
		Variables: []string{"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SESSION_ID", "CLAUDE_CODE_EXECPATH",
			"CLAUDE_CODE_CHILD_SESSION"},
		Programs: []string{"claude"},
		Packages: []string{"@anthropic-ai/claude-code"},
	},
	switches: Switches{
		// K7r in 2.1.197: a merged disableAllHooks === true keeps only the policy settings'
		// hooks; user, project and local settings all merge into it.
		Files: []SwitchFile{
			{Layer: LayerUser, Rel: ".claude/settings.json", DirEnv: "CLAUDE_CONFIG_DIR"},
			{Layer: LayerProject, Rel: ".claude/settings.json"},
			{Layer: LayerLocal, Rel: ".claude/settings.local.json"},
		},
		Key:     "disableAllHooks",
		Needles: []string{"disableAllHooks"},
		Read:    disableAllHooks,
		Live:    "at once: Claude Code watches its settings files and takes its hooks again from them on a change (\"Settings changed from ...\"; from the code, the e2e will assert)",
		Escapes: []Escape{
			{Flag: "--settings", What: "loads one more settings layer, which can carry disableAllHooks"},
			{Flag: "--setting-sources", What: "loads only the named layers (user, project, local): the others' hooks are dropped"},
			{Flag: "--bare", What: "skips hooks (sets CLAUDE_CODE_SIMPLE=1)"},
			{Env: "CLAUDE_CODE_SIMPLE", What: "what --bare sets: hooks skipped"},
			{Flag: "--safe-mode", What: "starts with every customization, hooks included, off (managed settings still apply)"},
			{Env: "CLAUDE_CODE_SAFE_MODE", What: "as --safe-mode"},
			{Env: "CLAUDE_CONFIG_DIR", What: "moves the user settings (and their hooks) to another folder"},
			{Flag: "--managed-settings", What: "a policy-tier settings object from the parent process (SDK use): can carry disableAllHooks"},
		},
	},
	Layout:       LayoutGrouped,
	WindowsShell: ShellGitBash, // Claude Code needs Git for Windows and runs hooks with its bash
	// From its settings schema (2.1.332): a command hook's onFailure "block" counts a failure
	// as exit 2; ignored on Stop, SubagentStop, TaskCompleted and TeammateIdle and for async
	// hooks.
	FailSwitch: FailSwitch{Key: "onFailure", Value: "block", Since: "2.1.332", Proven: true},
	Admin: Admin{
		Linux:       "/etc/claude-code/managed-settings.json",
		Darwin:      "/Library/Application Support/ClaudeCode/managed-settings.json",
		Windows:     "ClaudeCode/managed-settings.json",
		ManagedOnly: "allowManagedHooksOnly",
		// 2.1.197: its hooks are taken from the merged settings, in which the policy tier
		// wins, unless disableAllHooks is true there; a policy "disableAllHooks": false
		// therefore outweighs the person's true (from the code; the e2e will assert).
		Pin: "disableAllHooks", PinValue: false,
	},
}

// claudeShape is how Claude Code (and Codex) read a hook's stdout: JSON when it looks like an
// object, plain text otherwise; fields of the wrong type are rejected.
var claudeShape = shape{plainText: plainContext, strict: true, control: true, replace: true}

// readClaude and writeClaude are claudeShape's reader and claudeWriter's writer as plain
// functions: a method value in a registration would be built at every start.
func readClaude(stdout string, m Mapping) (Answer, error) { return claudeShape.read(stdout, m) }

func writeClaude(m Mapping, d Decision) ([]byte, []string) { return claudeWriter{}.write(m, d) }

func init() { register(func() *Dialect { return &claudeCode }) }

// claudeWriter writes the decision as Claude Code reads it; Codex uses it for its events other
// than PreToolUse (codex.go).
type claudeWriter struct{}

func (w claudeWriter) write(m Mapping, d Decision) ([]byte, []string) {
	var out, hso obj
	if d.Halt {
		out.raw("continue", []byte("false"))
		out.str("stopReason", d.StopReason)
		out.str("systemMessage", d.SystemMessage)
		if m.Event == "pre_tool_call" {
			// Claude Code 2.1 runs the tool before it stops on continue: false alone; the deny
			// keeps the tool from running.
			hso.str("permissionDecision", "deny")
			hso.str("permissionDecisionReason", orFirst(d.StopReason, d.Reason))
			out.object("hookSpecificOutput", hookSpecific(m.AgentEvent, &hso))
		}
		return out.bytes(), nil
	}
	switch {
	case m.Event == "pre_tool_call":
		w.preToolUse(&hso, d)
	case d.Verdict == "block" || d.Verdict == "continue":
		// PostToolUse: feedback to the model; UserPromptSubmit: the prompt is blocked;
		// Stop and SubagentStop: keep working with the reason.
		out.str("decision", "block")
		out.str("reason", d.Reason)
	}
	return finish(&out, &hso, m, d), nil
}

func (w claudeWriter) preToolUse(hso *obj, d Decision) {
	decision, reason := toolPermission(d), d.Reason
	if rewriteOnly(d, decision) {
		// A rewrite never skips the agent's own permission check by itself.
		if decision == "" {
			decision = "ask"
		}
		if reason == "" {
			reason = "tool input rewritten by hook " + d.RewrittenBy
		}
	}
	hso.str("permissionDecision", decision)
	hso.str("permissionDecisionReason", reason)
	if d.ToolInput != nil && decision != "deny" {
		hso.raw("updatedInput", d.ToolInput)
	}
}

// Claude Code: file_path for path; Edit's old_string and new_string. Task was renamed
// Agent (2.1.197 offers Agent); both are kept for older versions.
var claudeCodeTools = []ToolRow{
	{Agent: "Bash", Hookctl: ToolTerminal, Seen: true},
	{Agent: "Read", Hookctl: ToolReadFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}, Seen: true},
	{Agent: "Write", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}, Seen: true},
	{Agent: "Edit", Hookctl: ToolPatch, Keys: claudeEdit, Seen: true},
	{Agent: "MultiEdit", Hookctl: ToolPatch, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "NotebookEdit", Hookctl: ToolPatch, Keys: []Key{{Agent: "notebook_path", Hookctl: "path"}, {Agent: "new_source", Hookctl: "new"}}, Seen: true},
	{Agent: "Glob", Hookctl: ToolSearchFiles},
	{Agent: "Grep", Hookctl: ToolSearchFiles},
	{Agent: "WebFetch", Hookctl: ToolWebFetch, Seen: true},
	{Agent: "WebSearch", Hookctl: ToolWebSearch, Seen: true},
	{Agent: "Agent", Hookctl: ToolDelegateTask, Seen: true},
	{Agent: "Task", Hookctl: ToolDelegateTask},
}

// claudeEdit are the keys of Claude Code's Edit, which Gemini CLI's replace shares.
var claudeEdit = []Key{{Agent: "file_path", Hookctl: "path"}, {Agent: "old_string", Hookctl: "old"}, {Agent: "new_string", Hookctl: "new"}}

// disableAllHooks reads the top-level "disableAllHooks": true of Claude Code's settings, which
// Qwen Code took over as it is.
func disableAllHooks(data []byte) (string, bool, error) {
	return readJSONSwitch(data, func(doc map[string]any) (string, bool) {
		return "disableAllHooks", doc["disableAllHooks"] == true
	})
}

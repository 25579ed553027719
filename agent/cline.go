package agent

import (
	"strings"
	"time"
)

// ClineTimeout is how long Cline waits for a hook before it goes on without its answer (the
// tool runs): hookctl ends its own dispatch before it.
const ClineTimeout = 120 * time.Second

// DispatchMargin is how long before an agent's own fixed limit (Dialect.Limit) hookctl ends
// its dispatch, so that its answer still arrives in time.
const DispatchMargin = 2 * time.Second

// cline is Cline's dialect (its CLI, as seen in 3.0.65). Its hooks are executable files named
// after the event; the payload's hookName carries internal names (tool_call), so the file
// install writes names the event on hookctl's command line. Only {"cancel": true} blocks, and
// it ends the whole task; exit statuses and invalid JSON are ignored.
var cline = Dialect{
	Name:      "cline",
	Title:     "Cline",
	WallStart: true,
	Events: []Mapping{
		// Cline never reads TaskStart's answer.
		{AgentEvent: "TaskStart", Event: "on_session_start",
			Synthetic: `"hookName":"agent_start","taskStart":{"taskMetadata":{}}`},
		// Cline itself ignores exit statuses; hookctl reads exit 2 as the block it is
		// everywhere else (stricter, never looser), and writes it as cancel.
		{AgentEvent: "PreToolUse", Event: "pre_tool_call", Honours: Block | Ask | Modify | Context | Halt, Exit2: Block,
			Tool: ToolSource{NameAt: []string{"preToolUse", "toolName"}, InputAt: []string{"tool_call", "input"}, Required: true},
			Synthetic: `"hookName":"tool_call","iteration":1,"tool_call":{"id":"call_test","name":"run_commands","input":{"commands":["echo hello"]}},` +
				`"preToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"echo hello\"]"}}`},
		{AgentEvent: "PostToolUse", Event: "post_tool_call", Honours: Block | Context | Halt, Exit2: Block,
			Tool: ToolSource{NameAt: []string{"postToolUse", "toolName"}, InputAt: []string{"tool_result", "input"}, Required: true},
			Synthetic: `"hookName":"tool_result","iteration":1,"tool_result":{"id":"call_test","name":"run_commands","input":{"commands":["echo hello"]},"output":"hello\n","durationMs":5},` +
				`"postToolUse":{"toolName":"run_commands","parameters":{"commands":"[\"echo hello\"]"},"result":"hello\n","success":true,"executionTimeMs":5}`},
		// Cline runs UserPromptSubmit, TaskComplete and SessionShutdown hooks detached: their
		// answers are never read.
		{AgentEvent: "UserPromptSubmit", Event: "pre_llm_call",
			Synthetic: `"hookName":"prompt_submit","userPromptSubmit":{"prompt":"What is the weather?","attachments":[]}`},
		{AgentEvent: "TaskComplete", Event: "pre_verify",
			Synthetic: `"hookName":"agent_end","iteration":1,"turn":{"outputText":"It is sunny.","status":"completed"},"taskComplete":{"taskMetadata":{}}`},
		{AgentEvent: "SessionShutdown", Event: "on_session_end",
			Synthetic: `"hookName":"session_shutdown","reason":"completed"`},
	},
	Tools: []string{"run_commands", "read_files", "editor", "search_codebase", "fetch_web_content",
		"spawn_agent", "skills", "ask_question", "attempt_completion",
		// The VS Code extension's.
		"execute_command", "read_file", "write_to_file", "replace_in_file", "search_files", "web_fetch"},
	toolRows:    clineTools,
	OtherEvents: []string{"TaskResume", "TaskCancel", "TaskError", "PreCompact"},
	// A folder of executables, one per event, rather than a settings file.
	SettingsFile:  ".cline/hooks",
	ProjectFile:   ".clinerules/hooks",
	HookFiles:     true,
	Limit:         ClineTimeout,
	TimeoutUnit:   time.Second,
	Fields:        Fields{Session: "taskId", CwdList: "workspaceRoots"},
	EventFromArgs: true,
	ExitIgnored:   true,
	base:          `"clineVersion":"3.0.65","timestamp":"2026-01-01T00:00:00.000Z","userId":"test-user","agent_id":"test-agent","parent_agent_id":null`,
	Reader:        readCline,
	Writer:        writeCline,
	Signs: Signs{
		Variables: []string{"CLINE_CONNECTOR_CLI_LAUNCH"},
		Programs:  []string{"cline"},
		Packages:  []string{"cline"},
	},
	switches: Switches{
		None: "Cline has none: it runs every executable hook file it finds in its hooks folders, so its hooks are off only when the file is gone, which the wiring check and the self-guard already see (3.0.65's code has no hooks setting of its own)",
	},
	WindowsShell: ShellGitBash, // its hooks are the sh scripts install writes: only bash reads them
	FailSwitch:   FailSwitch{None: "Cline 3.0.65 has none: a killed hook lets the call through"},
	Admin:        Admin{None: "Cline has none: it runs hooks only from the person's own folders (~/Documents/Cline/Hooks, a project's .clinerules/hooks), which the person can change, so no system wiring can hold there"},
}

func init() { register(func() *Dialect { return &cline }) }

// clineShape is the JSON Cline reads: cancel, errorMessage, contextModification (or context)
// and overrideInput, besides the forms every dialect accepts; continue: false, which Cline does
// not read, is read as the stop it means elsewhere, and written as cancel (stricter).
var clineShape = shape{plainText: plainContext, control: true, cancel: "cancel", messages: []string{"errorMessage"},
	contexts: []string{"contextModification"}, rewrite: "overrideInput"}

// readCline reads a hook's answer as Cline does: the last line that starts with
// "HOOK_CONTROL<tab>" when there is one, else the whole of stdout; an errorMessage without
// cancel is context, as Cline reads it.
func readCline(stdout string, m Mapping) (Answer, error) {
	for _, line := range strings.Split(stdout, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "HOOK_CONTROL\t"); ok {
			stdout = rest
		}
	}
	a, err := clineShape.read(stdout, m)
	if err == nil && !a.Block && a.Context == "" && a.Message != "" && strings.Contains(stdout, `"errorMessage"`) {
		a.Context, a.Message = a.Message, ""
	}
	return a, err
}

// writeCline writes the decision as Cline reads it, always a JSON object. Cline has one way
// to refuse, cancel, which ends the task: a block, a stop and an ask (Cline has none) are
// written as it. A rewrite is overrideInput, context is contextModification.
func writeCline(m Mapping, d Decision) ([]byte, []string) {
	var out obj
	var warnings []string
	switch {
	case !m.Honours.Has(Block):
		if d.Verdict == "continue" {
			warnings = append(warnings, "Cline does not wait for a hook on "+m.AgentEvent+": it cannot keep working")
		}
	case d.Verdict == "block":
		cancel(&out, d.Reason)
	case d.Halt:
		cancel(&out, orFirst(d.StopReason, "stopped by a hook"))
	case d.Verdict == "ask":
		cancel(&out, confirmationRequired(d.Reason))
	default:
		if d.ToolInput != nil {
			out.raw("overrideInput", d.ToolInput)
		}
		out.str("contextModification", d.Context)
	}
	if b := out.bytes(); b != nil {
		return b, warnings
	}
	return []byte("{}"), warnings
}

func cancel(out *obj, reason string) {
	out.raw("cancel", []byte("true"))
	out.str("errorMessage", orFirst(reason, "blocked by a hook"))
}

// Cline: the CLI's tools (3.0.65) take lists; the VS Code extension's take one value each
// (its reference).
var clineTools = []ToolRow{
	{Agent: "run_commands", Hookctl: ToolTerminal, Keys: []Key{{Agent: "commands", Hookctl: "command", Form: Lines}}, Seen: true},
	{Agent: "read_files", Hookctl: ToolReadFile, Keys: []Key{{Agent: "files", Hookctl: "path", Form: Single, Elem: "path"}}, Seen: true},
	{Agent: "editor", Hookctl: ToolPatch, Keys: []Key{{Agent: "old_text", Hookctl: "old"}, {Agent: "new_text", Hookctl: "new"}}, Seen: true},
	{Agent: "search_codebase", Hookctl: ToolSearchFiles, Keys: []Key{{Agent: "queries", Hookctl: "pattern", Form: Alternatives}}, Seen: true},
	{Agent: "fetch_web_content", Hookctl: ToolWebFetch, Keys: []Key{{Agent: "requests", Hookctl: "url", Form: Single, Elem: "url"}}, Seen: true},
	{Agent: "spawn_agent", Hookctl: ToolDelegateTask, Keys: []Key{{Agent: "task", Hookctl: "prompt"}}, Seen: true},
	{Agent: "execute_command", Hookctl: ToolTerminal},
	{Agent: "read_file", Hookctl: ToolReadFile},
	{Agent: "write_to_file", Hookctl: ToolWriteFile},
	{Agent: "replace_in_file", Hookctl: ToolPatch, Keys: []Key{{Agent: "diff", Hookctl: "patch"}}},
	{Agent: "search_files", Hookctl: ToolSearchFiles, Keys: []Key{{Agent: "regex", Hookctl: "pattern"}}},
	{Agent: "web_fetch", Hookctl: ToolWebFetch},
}

package agent

import (
	"strings"
	"time"
)

var gemini = Dialect{
	Name:  "gemini",
	Title: "Gemini CLI",
	Events: []Mapping{
		{AgentEvent: "BeforeTool", Event: "pre_tool_call", Honours: Block | Ask | Modify | Context | Halt | Notice, Exit2: Block,
			Synthetic: `"tool_name":"run_shell_command","tool_input":{"command":"echo hello"}`},
		{AgentEvent: "AfterTool", Event: "post_tool_call", Honours: Block | Context | Halt | Notice,
			Synthetic: `"tool_name":"run_shell_command","tool_input":{"command":"echo hello"},"tool_response":{"llmContent":"hello"}`},
		{AgentEvent: "BeforeAgent", Event: "pre_llm_call", Honours: Block | Context | Halt | Notice, Exit2: Block,
			Synthetic: `"prompt":"What is the weather?"`},
		{AgentEvent: "AfterAgent", Event: "pre_verify", Honours: Continue | Halt | Notice, Exit2: Continue,
			Synthetic: `"prompt":"What is the weather?","prompt_response":"It is sunny.","stop_hook_active":false`},
		{AgentEvent: "SessionStart", Event: "on_session_start", Honours: Context | Halt | Notice,
			Synthetic: `"source":"startup"`},
		{AgentEvent: "SessionEnd", Event: "on_session_end", Honours: Notice,
			Synthetic: `"reason":"exit"`},
	},
	Tools: []string{"run_shell_command", "read_file", "write_file", "replace", "glob",
		"grep_search", "search_file_content", "list_directory", "read_many_files", "web_fetch",
		"google_web_search", "invoke_agent", "save_memory", "write_todos"},
	toolRows:     geminiTools,
	mcpSingle:    true,
	OtherEvents:  []string{"BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress", "Notification"},
	SettingsFile: ".gemini/settings.json",
	HomeEnv:      "GEMINI_CLI_HOME",
	// Gemini CLI reads hook timeouts in milliseconds.
	TimeoutUnit:      time.Millisecond,
	Fields:           Fields{Session: "session_id", Cwd: "cwd"},
	SessionNotice:    true,
	WallStart:        true,
	SettingsComments: true,
	base:             `"transcript_path":"","timestamp":"2026-01-01T00:00:00Z"`,
	// Gemini CLI takes stdout as JSON only, and merges hookSpecificOutput.tool_input.
	Reader: readGemini,
	Writer: writeGemini,
	Signs: Signs{
		Variables: []string{"GEMINI_CLI", "GEMINI_CLI_NO_RELAUNCH"},
		Programs:  []string{"gemini"},
		Packages:  []string{"@google/gemini-cli"},
	},
	switches: Switches{
		// 0.61.0: enableHooks is settings.hooksConfig.enabled; hooksConfig.disabled lists
		// hooks by name, a command hook's name being its command when it has none.
		Files: []SwitchFile{
			{Layer: LayerUser, Rel: ".gemini/settings.json", HomeEnv: "GEMINI_CLI_HOME"},
			{Layer: LayerProject, Rel: ".gemini/settings.json"},
		},
		Key:     "hooksConfig",
		Needles: []string{"hooksConfig"},
		Read:    geminiSwitch,
		Live:    "at the next session: Gemini CLI builds its hook list when it starts (from the code, the e2e will assert)",
		Escapes: []Escape{
			{Env: "GEMINI_CLI_HOME", What: "moves the user settings to another home folder"},
			{Env: "GEMINI_CLI_SYSTEM_SETTINGS_PATH", What: "moves the system settings, and the hooks pinned there, to another file"},
			{Env: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", What: "moves the system defaults to another file"},
		},
	},
	Layout:       LayoutGrouped,
	WindowsShell: ShellPowerShell,
	FailSwitch:   FailSwitch{None: "Gemini CLI 0.61.0 has none: a killed hook lets the call through"},
	Admin: Admin{
		// The system settings.json, which overrides the person's.
		Linux:   "/etc/gemini-cli/settings.json",
		Darwin:  "/Library/Application Support/GeminiCli/settings.json",
		Windows: "gemini-cli/settings.json",
		// 0.61.0 deep-merges its settings with the system file last, so the system's
		// hooksConfig.enabled true wins over a person's false; its disabled list merges with
		// the person's, so no pin undoes a person's entry naming hookctl there (doctor
		// reports that).
		Pin: "hooksConfig", // PinValue, a map, is set with the registry (init)
	},
}

func init() {
	register(func() *Dialect {
		gemini.Admin.PinValue = map[string]any{"enabled": true}
		return &gemini
	})
}

// geminiWritesAsk says whether an ask on BeforeTool is written as Gemini's own
// `decision: "ask"`. Gemini CLI has it (the person is asked), but under -p and --yolo Gemini CLI
// 0.61.0 was seen to keep the tool from running and then wait, with no person to answer, until
// it was killed. So an ask is a deny whose reason says confirmation is required, which errs
// toward the block and ends the turn.
const geminiWritesAsk = false

// writeGemini writes the decision as Gemini CLI reads it.
func writeGemini(m Mapping, d Decision) ([]byte, []string) {
	var out, hso obj
	if d.Halt {
		out.raw("continue", []byte("false"))
		out.str("stopReason", d.StopReason)
		out.str("systemMessage", d.SystemMessage)
		return out.bytes(), nil
	}
	switch d.Verdict {
	case "block", "continue": // AfterAgent: deny means retry with the reason
		out.str("decision", "deny")
		out.str("reason", d.Reason)
	case "ask":
		if geminiWritesAsk && m.Event == "pre_tool_call" {
			out.str("decision", "ask")
			out.str("reason", d.Reason)
		} else {
			out.str("decision", "deny")
			out.str("reason", confirmationRequired(d.Reason))
		}
	default:
		if d.Allowed {
			out.str("decision", "allow")
		}
		if d.ToolInput != nil {
			hso.raw("tool_input", d.ToolInput)
		}
	}
	return finish(&out, &hso, m, d), nil
}

// geminiSwitch reads gemini's switch file (geminiOff).
func geminiSwitch(data []byte) (string, bool, error) { return readJSONSwitch(data, geminiOff) }

func geminiOff(doc map[string]any) (string, bool) {
	hc, ok := doc["hooksConfig"].(map[string]any)
	if !ok {
		return "", false
	}
	if hc["enabled"] == false {
		return "hooksConfig.enabled", true
	}
	list, _ := hc["disabled"].([]any)
	for _, v := range list {
		// A name install writes: hookctl's command (install sets no name of its own).
		if s, ok := v.(string); ok && (strings.Contains(strings.ToLower(s), "hookctl") || strings.Contains(s, "--agent gemini")) {
			return "hooksConfig.disabled", true
		}
	}
	return "", false
}

// Gemini CLI: file_path and dir_path; web_fetch takes a prompt that holds the URLs, so
// it has no url key.
var geminiTools = []ToolRow{
	{Agent: "run_shell_command", Hookctl: ToolTerminal, Keys: []Key{{Agent: "dir_path", Hookctl: "cwd"}}, Seen: true},
	{Agent: "read_file", Hookctl: ToolReadFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}, Seen: true},
	{Agent: "write_file", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}, Seen: true},
	{Agent: "replace", Hookctl: ToolPatch, Keys: claudeEdit, Seen: true},
	{Agent: "grep_search", Hookctl: ToolSearchFiles, Keys: []Key{{Agent: "dir_path", Hookctl: "path"}}, Seen: true},
	{Agent: "search_file_content", Hookctl: ToolSearchFiles},
	{Agent: "glob", Hookctl: ToolSearchFiles, Keys: []Key{{Agent: "dir_path", Hookctl: "path"}}, Seen: true},
	{Agent: "web_fetch", Hookctl: ToolWebFetch, Seen: true},
	{Agent: "google_web_search", Hookctl: ToolWebSearch, Seen: true},
	{Agent: "invoke_agent", Hookctl: ToolDelegateTask, Seen: true},
}

// readGemini reads a hook's stdout as Gemini CLI does.
func readGemini(stdout string, m Mapping) (Answer, error) {
	return shape{plainText: plainStrict, strict: true, control: true}.read(stdout, m)
}

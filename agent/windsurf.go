package agent

import "time"

// A Windsurf pre- or post-hook's tool: a fixed name for each kind of action (Windsurf has no
// general tool event) and its tool_info object as the input. Written as values, not built by a
// function, so that the table is static data and costs `run` nothing at start-up.
var (
	windsurfRun   = ToolSource{Name: "run_command", InputAt: []string{"tool_info"}}
	windsurfWrite = ToolSource{Name: "write_code", InputAt: []string{"tool_info"}}
	windsurfRead  = ToolSource{Name: "read_code", InputAt: []string{"tool_info"}}
)

// windsurfMCP reads an MCP call's tool name and arguments from tool_info.
var windsurfMCP = ToolSource{NameAt: []string{"tool_info", "mcp_tool_name"},
	InputAt: []string{"tool_info", "mcp_tool_arguments"}, DecodeString: true, Required: true}

// pre is what a Windsurf pre-hook's answer is read for: a block, and the ask and rewrite that
// Windsurf cannot carry, which become a block.
const windsurfPre = Block | Ask | Modify | Halt

// windsurf is the dialect of Windsurf's Cascade hooks. A pre-hook refuses the action with exit
// status 2 and its reason on stderr; Windsurf reads nothing on stdout and has no ask and no
// rewrite, so those err toward the block. Windsurf has no command-line agent: this dialect is
// tested from Windsurf's published examples only.
var windsurf = Dialect{
	Name:  "windsurf",
	Title: "Windsurf",

	Tools:       []string{"run_command", "write_code", "read_code"},
	toolRows:    windsurfTools,
	OtherEvents: []string{"post_setup_worktree"},
	WireAll:     true,
	// ~/.codeium/windsurf/hooks.json for the user, .windsurf/hooks.json in a project.
	SettingsFile: ".codeium/windsurf/hooks.json",
	ProjectFile:  ".windsurf/hooks.json",
	TimeoutUnit:  time.Second,
	Fields:       Fields{Event: "agent_action_name", Session: "trajectory_id"},
	ExitWriter:   true,
	base:         `"execution_id":"test-execution","timestamp":"2026-01-01T00:00:00Z"`,
	Reader:       readWindsurf,
	Writer:       writeWindsurf,
	// No shell variable of Windsurf's is recorded: it is known by its process.
	Signs: Signs{Programs: []string{"windsurf"}},
	switches: Switches{
		None: "Windsurf has none in its documents: a hook is off only when its entry leaves hooks.json, which the wiring check and the self-guard already see (no package to read here: unverified in its code)",
	},
	Layout:       LayoutWindsurf,
	WindowsShell: ShellCmd,
	FailSwitch:   FailSwitch{None: "hookctl knows none of Windsurf's (no package to read here): a killed hook lets the call through"},
	Admin: Admin{ // the system-level hooks.json
		Linux:   "/etc/windsurf/hooks.json",
		Darwin:  "/Library/Application Support/Windsurf/hooks.json",
		Windows: "Windsurf/hooks.json",
	},
}

// Its events are built with the registry (windsurfEvents), not at start-up: their tool
// sources are copied into each row, which a start would otherwise pay for.
func init() {
	register(func() *Dialect {
		windsurf.Events = windsurfEvents()
		return &windsurf
	})
}

// windsurfEvents is Windsurf's event table.
func windsurfEvents() []Mapping {
	return []Mapping{
		{AgentEvent: "pre_run_command", Event: "pre_tool_call", Honours: windsurfPre, Exit2: Block,
			Tool:      windsurfRun,
			Synthetic: `"tool_info":{"command_line":"echo hello","cwd":$CWD}`},
		{AgentEvent: "pre_write_code", Event: "pre_tool_call", Honours: windsurfPre, Exit2: Block,
			Tool:      windsurfWrite,
			Synthetic: `"tool_info":{"file_path":"README.md","edits":[{"old_string":"hello","new_string":"hello, world"}]}`},
		{AgentEvent: "pre_read_code", Event: "pre_tool_call", Honours: windsurfPre, Exit2: Block,
			Tool:      windsurfRead,
			Synthetic: `"tool_info":{"file_path":"README.md"}`},
		{AgentEvent: "pre_mcp_tool_use", Event: "pre_tool_call", Honours: windsurfPre, Exit2: Block,
			Tool:      windsurfMCP,
			Synthetic: `"tool_info":{"mcp_server_name":"github","mcp_tool_name":"create_issue","mcp_tool_arguments":{"title":"hello"}}`},
		{AgentEvent: "pre_user_prompt", Event: "pre_llm_call", Honours: Block | Halt, Exit2: Block,
			Synthetic: `"tool_info":{"user_prompt":"What is the weather?"}`},
		{AgentEvent: "post_run_command", Event: "post_tool_call",
			Tool:      windsurfRun,
			Synthetic: `"tool_info":{"command_line":"echo hello","cwd":$CWD}`},
		{AgentEvent: "post_write_code", Event: "post_tool_call",
			Tool:      windsurfWrite,
			Synthetic: `"tool_info":{"file_path":"README.md","edits":[{"old_string":"hello","new_string":"hello, world"}]}`},
		{AgentEvent: "post_read_code", Event: "post_tool_call",
			Tool:      windsurfRead,
			Synthetic: `"tool_info":{"file_path":"README.md"}`},
		{AgentEvent: "post_mcp_tool_use", Event: "post_tool_call",
			Tool:      windsurfMCP,
			Synthetic: `"tool_info":{"mcp_server_name":"github","mcp_tool_name":"create_issue","mcp_tool_arguments":{"title":"hello"},"mcp_result":"created"}`},
		{AgentEvent: "post_cascade_response", Event: "post_llm_call",
			Synthetic: `"tool_info":{"response":"It is sunny."}`},
	}
}

// readWindsurf reads a hook's stdout: Windsurf reads none, but a JSON answer in the forms every
// dialect reads still counts; other text is ignored.
func readWindsurf(stdout string, m Mapping) (Answer, error) {
	return shape{plainText: plainContext}.read(stdout, m)
}

// writeWindsurf returns the reason a pre-hook refuses the action with, nil to let it go on.
// Windsurf takes exit status 2 and stderr only: an ask, a rewrite or a stop becomes a refusal,
// context is dropped.
func writeWindsurf(m Mapping, d Decision) ([]byte, []string) {
	var warnings []string
	if d.Context != "" {
		warnings = append(warnings, "Windsurf takes no context from hooks: dropped")
	}
	if !m.Honours.Has(Block) {
		return nil, warnings
	}
	var reason string
	switch {
	case d.Verdict == "block":
		reason = d.Reason
	case d.Halt:
		reason = orFirst(d.StopReason, "stopped by a hook")
	case d.Verdict == "ask":
		reason = confirmationRequired(d.Reason)
	case d.ToolInput != nil:
		reason = confirmationRequired("hook " + d.RewrittenBy + " rewrote the tool input, which Windsurf cannot carry")
	default:
		return nil, warnings
	}
	return []byte(orFirst(reason, "blocked by a hook")), warnings
}

// Windsurf: one tool per kind of pre-hook (windsurf.go), its tool_info as the input.
var windsurfTools = []ToolRow{
	{Agent: "run_command", Hookctl: ToolTerminal, Keys: []Key{{Agent: "command_line", Hookctl: "command"}}},
	{Agent: "write_code", Hookctl: ToolPatch, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "read_code", Hookctl: ToolReadFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
}

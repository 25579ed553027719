package agent

import "time"

// copilotTool is where Copilot CLI keeps a tool call: toolName and toolArgs, an object as
// Copilot CLI 1.0.102 sends it (its reference shows a JSON string, which is decoded too).
var copilotTool = ToolSource{NameAt: []string{"toolName"}, InputAt: []string{"toolArgs"}, DecodeString: true, Required: true}

// copilot is GitHub Copilot CLI's dialect. Its command hooks get camelCase payloads that do not
// name the event, so the entry install writes names it: `hookctl run --agent copilot
// preToolUse`. Where Copilot CLI was seen to differ from its reference, what it did wins (see
// the README's Copilot table).
var copilot = Dialect{
	Name:  "copilot",
	Title: "Copilot CLI",

	Tools: []string{"bash", "powershell", "view", "create", "edit", "glob", "grep", "web_fetch", "task",
		"read_bash", "write_bash", "stop_bash", "list_bash"},
	toolRows: copilotTools,
	OtherEvents: []string{"errorOccurred", "preCompact", "notification", "permissionRequest",
		"postToolUseFailure", "preMcpToolCall", "userPromptTransformed"},
	// hookctl's own file among Copilot's hook files, which it reads from this folder.
	SettingsFile:    ".copilot/hooks/hookctl.json",
	ProjectFile:     ".github/hooks/hookctl.json",
	SettingsVersion: 1,
	TimeoutUnit:     time.Second,
	Fields:          Fields{Session: "sessionId", Cwd: "cwd"},
	EventFromArgs:   true,
	ProjectDir:      true,
	// Seen in Copilot CLI: a hook that exits 2 is reported to the model as "hook exited with
	// code 2", without its stderr.
	Exit2Hidden: true,
	base:        `"timestamp":1767225600000`,
	Reader:      readCopilot,
	Writer:      writeCopilot,
	Signs: Signs{
		Variables: []string{"COPILOT_CLI", "COPILOT_AGENT_SESSION_ID", "COPILOT_CLI_BINARY_VERSION"},
		Programs:  []string{"copilot"},
		Packages:  []string{"@github/copilot"},
	},
	switches: Switches{
		// 1.0.102's settings schema: disableAllHooks "Disable all hooks, both user-level and
		// repo-level"; disabledHooks lists hooks by content hash ("Policy hooks cannot be
		// suppressed"). ~/.copilot/config.json is retired and no longer read.
		Files: []SwitchFile{
			{Layer: LayerUser, Rel: ".copilot/settings.json", DirEnv: "COPILOT_HOME"},
			{Layer: LayerProject, Rel: ".github/copilot/settings.json"},
			{Layer: LayerLocal, Rel: ".github/copilot/settings.local.json"},
		},
		Key:     "disableAllHooks",
		Needles: []string{"disableAllHooks", "disabledHooks"},
		Read:    copilotSwitch,
		Live:    "at the next session: Copilot CLI reads its settings when it starts (from the code, the e2e will assert)",
		Escapes: []Escape{
			{Env: "COPILOT_HOME", What: "moves settings.json and the hooks folder to another folder"},
			{Flag: "--config-dir", What: "as COPILOT_HOME"},
		},
	},
	Layout:       LayoutCopilot,
	WindowsShell: ShellPowerShell, // the entry's "powershell" command
	FailSwitch:   FailSwitch{None: "Copilot CLI 1.0.102 has none: a killed hook lets the call through"},
	// A policy hook file of hookctl's own in policy.d; Copilot CLI documents none for Windows.
	Admin: Admin{
		Linux:  "/etc/github-copilot/policy.d/hookctl.json",
		Darwin: "/etc/github-copilot/policy.d/hookctl.json",
	},
}

// Its events are built with the registry (copilotEvents), not at start-up: their tool
// sources are copied into each row, which a start would otherwise pay for.
func init() {
	register(func() *Dialect {
		copilot.Events = copilotEvents()
		return &copilot
	})
}

// copilotEvents is Copilot CLI's event table.
func copilotEvents() []Mapping {
	return []Mapping{
		{AgentEvent: "sessionStart", Event: "on_session_start", Honours: Context,
			Synthetic: `"source":"new","initialPrompt":"What is the weather?"`},
		{AgentEvent: "sessionEnd", Event: "on_session_end",
			Synthetic: `"reason":"complete"`},
		// modifiedPrompt replaces the prompt (read as a result); decision block refuses it.
		{AgentEvent: "userPromptSubmitted", Event: "pre_llm_call", Honours: Block | Context | Result,
			Synthetic: `"prompt":"What is the weather?"`},
		// Copilot denies on any failed exit here (exit 2 with a fixed reason of its own); a
		// timeout or invalid JSON lets the tool run.
		{AgentEvent: "preToolUse", Event: "pre_tool_call", Honours: Block | Ask | Modify | Halt, Exit2: Block, FailBlocks: true,
			Tool:      copilotTool,
			Synthetic: `"toolName":"bash","toolArgs":{"command":"echo hello","description":"Say hello"}`},
		// modifiedResult replaces the tool's result (read as a result, kept as JSON text).
		{AgentEvent: "postToolUse", Event: "post_tool_call", Honours: Context | Result,
			Tool:      copilotTool,
			Synthetic: `"toolName":"bash","toolArgs":{"command":"echo hello","description":"Say hello"},"toolResult":{"resultType":"success","textResultForLlm":"hello\n"}`},
		// decision block keeps the agent working (at most 8 times in a row).
		{AgentEvent: "agentStop", Event: "pre_verify", Honours: Continue,
			Synthetic: `"stopReason":"end_turn","stopHookActive":false`},
		{AgentEvent: "subagentStart", Event: "subagent_start", Honours: Context,
			Synthetic: `"transcriptPath":"","agentName":"explore"`},
		{AgentEvent: "subagentStop", Event: "subagent_stop", Honours: Continue,
			Synthetic: `"transcriptPath":"","agentName":"explore","agentType":"explore","stopReason":"end_turn","response":"done"`},
	}
}

// copilotShape is what Copilot CLI reads in a hook's answer: permissionDecision and its reason,
// modifiedArgs (the whole input), additionalContext, modifiedPrompt, modifiedResult; text that
// is not JSON is ignored, as Copilot lets the tool run on it. continue: false, which Copilot
// ignores on preToolUse, is read as the stop it means elsewhere and written as a deny
// (stricter, never looser).
var copilotShape = shape{plainText: plainContext, control: true, contexts: []string{"additionalContext"},
	rewrite: "modifiedArgs", results: []string{"modifiedPrompt", "modifiedResult"}}

// readCopilot is a function, not copilotShape.read, so that the dialect table stays static
// data: a method value would be built at start-up.
func readCopilot(stdout string, m Mapping) (Answer, error) { return copilotShape.read(stdout, m) }

// writeCopilot writes the decision as Copilot CLI reads it. On preToolUse it takes deny, ask
// and allow with modifiedArgs; continue: false and decision: block are ignored there, so a stop
// is written as a deny, and a rewrite no hook allowed as a deny that asks for confirmation
// (Copilot was not seen to carry modifiedArgs without allow).
func writeCopilot(m Mapping, d Decision) ([]byte, []string) {
	var out obj
	var warnings []string
	switch m.Event {
	case "pre_tool_call":
		decision, reason := toolPermission(d), d.Reason
		switch {
		case d.Halt && decision != "deny":
			decision, reason = "deny", orFirst(d.StopReason, "stopped by a hook")
		case d.ToolInput != nil && decision == "ask":
			decision, reason = "deny", confirmationRequired(reason)
		case rewriteOnly(d, decision) && decision != "allow":
			decision = "deny"
			reason = confirmationRequired("tool input rewritten by hook " + d.RewrittenBy)
		}
		out.str("permissionDecision", decision)
		out.str("permissionDecisionReason", reason)
		if decision == "allow" && d.ToolInput != nil {
			out.raw("modifiedArgs", d.ToolInput)
		}
		if d.Context != "" {
			warnings = append(warnings, "Copilot CLI takes no context on preToolUse: dropped")
		}
		return out.bytes(), warnings
	case "pre_llm_call":
		if d.Verdict == "block" {
			out.str("decision", "block")
			out.str("reason", d.Reason)
			return out.bytes(), nil
		}
		if d.Result != nil {
			out.str("modifiedPrompt", *d.Result)
		}
	case "post_tool_call":
		if d.Result != nil && jsonObject(*d.Result) {
			out.raw("modifiedResult", []byte(*d.Result))
		} else if d.Result != nil {
			warnings = append(warnings, "Copilot CLI takes a modifiedResult object on postToolUse, not text: dropped")
		}
	case "pre_verify", "subagent_stop":
		if d.Verdict == "continue" {
			out.str("decision", "block")
			out.str("reason", d.Reason)
		}
	}
	out.str("additionalContext", d.Context)
	return out.bytes(), warnings
}

// jsonObject reports whether s is one JSON object.
func jsonObject(s string) bool {
	_, err := object(s)
	return err == nil
}

// copilotSwitch reads copilot's switch file (copilotOff).
func copilotSwitch(data []byte) (string, bool, error) { return readJSONSwitch(data, copilotOff) }

func copilotOff(doc map[string]any) (string, bool) {
	if doc["disableAllHooks"] == true {
		return "disableAllHooks", true
	}
	// The list names hooks by a hash of their content, which hookctl cannot tie to its own
	// entries: any entry may be hookctl's.
	if list, ok := doc["disabledHooks"].([]any); ok && len(list) > 0 {
		return "disabledHooks", true
	}
	return "", false
}

// Copilot CLI: bash (seen, {command, description}); the file tools take path, create its
// file_text, edit its old_str and new_str (Copilot CLI's reference).
var copilotTools = []ToolRow{
	{Agent: "bash", Hookctl: ToolTerminal, Seen: true},
	{Agent: "powershell", Hookctl: ToolTerminal},
	{Agent: "view", Hookctl: ToolReadFile},
	{Agent: "create", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "file_text", Hookctl: "content"}}},
	{Agent: "edit", Hookctl: ToolPatch, Keys: []Key{{Agent: "old_str", Hookctl: "old"}, {Agent: "new_str", Hookctl: "new"}}},
	{Agent: "grep", Hookctl: ToolSearchFiles},
	{Agent: "glob", Hookctl: ToolSearchFiles},
	{Agent: "web_fetch", Hookctl: ToolWebFetch},
	{Agent: "task", Hookctl: ToolDelegateTask},
}

package agent

import (
	"fmt"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// codex is OpenAI Codex's dialect: Claude Code's events, payload and answers, with a narrower
// answer on PreToolUse (see writeCodex).
var codex = Dialect{
	Name:         "codex",
	Title:        "Codex",
	Events:       claudeEvents,
	Tools:        []string{"Bash", "apply_patch"},
	toolRows:     codexTools,
	OtherEvents:  []string{"PermissionRequest"},
	SettingsFile: ".codex/hooks.json",
	DirEnv:       "CODEX_HOME",
	TimeoutUnit:  time.Second,
	Fields:       Fields{Session: "session_id", Cwd: "cwd"},
	base:         `"transcript_path":null,"model":"test-model"`,
	Reader:       readClaude,
	Writer:       writeCodex,
	WallStart:    true,
	// Codex's own sandbox (on by default) cannot go up behind the wall: it runs no command there
	// (the real-agent suite's wall-own-sandbox). With it on, Codex keeps its commands from the
	// hookctl home itself, and the person leaves the wall off (install codex --no-wall).
	WallStartArgs: []string{"--sandbox", "danger-full-access"},
	Signs: Signs{
		Variables: []string{"CODEX_SESSION_ID", "CODEX_THREAD_ID", "CODEX_TOOL_CALL_ID", "CODEX_CI",
			"CODEX_MANAGED_BY_NPM", "CODEX_MANAGED_PACKAGE_ROOT"},
		Programs: []string{"codex"},
		Packages: []string{"@openai/codex"},
	},
	switches: Switches{
		// [features] hooks = false turns Codex's hooks feature off: every hook, managed ones
		// too unless requirements.toml pins it on (install --system writes that pin).
		Files: []SwitchFile{
			{Layer: LayerUser, Rel: ".codex/config.toml", DirEnv: "CODEX_HOME"},
			{Layer: LayerProject, Rel: ".codex/config.toml"},
		},
		Key:     "[features] hooks = false",
		Needles: []string{"hooks"},
		Read:    codexSwitch,
		Live:    "at the next session: Codex reads config.toml when it starts (from the code, the e2e will assert)",
		Escapes: []Escape{
			{Env: "CODEX_HOME", What: "moves config.toml and hooks.json to another folder"},
			{Flag: "-c", What: "-c features.hooks=false turns the hooks feature off"},
			{Flag: "--config", What: "-c's long form"},
			{Flag: "--disable", What: "--disable hooks is -c features.hooks=false"},
			{Flag: "--profile", What: "selects a [profiles.NAME] table, whose features can turn hooks off"},
			{Flag: "--ignore-user-config", What: "skips the user's config.toml and its hook settings"},
		},
	},
	Layout:       LayoutGrouped,
	WindowsShell: ShellPowerShell,
	FailSwitch:   FailSwitch{None: "Codex 0.171.0 has none: a killed hook lets the call through"},
	Admin: Admin{
		// Inline [hooks] beside Codex's other requirements; its pin, [features] hooks = true,
		// is written with them.
		Linux:       "/etc/codex/requirements.toml",
		Darwin:      "/etc/codex/requirements.toml",
		Windows:     "OpenAI/Codex/requirements.toml",
		Layout:      LayoutRequirements,
		ManagedOnly: "allow_managed_hooks_only",
	},
}

func init() { register(func() *Dialect { return &codex }) }

// writeCodex writes the decision as Codex reads it: Claude Code's answers, except on PreToolUse.
func writeCodex(m Mapping, d Decision) ([]byte, []string) {
	if m.Event != "pre_tool_call" {
		return claudeWriter{}.write(m, d)
	}
	return codexPreToolUse(m, d)
}

// codexPreToolUse is the one answer Codex takes on PreToolUse. Codex 0.169 marks a PreToolUse
// hook failed, and runs the tool, when its answer holds permissionDecision "ask", a bare
// "allow", continue, stopReason or suppressOutput; it takes a deny with a non-empty reason, and
// an allow only together with updatedInput. So every block, stop, suppressed deny, ask and
// rewrite no hook explicitly allowed is a deny, an explicitly allowed rewrite is allow +
// updatedInput, a plain allow is nothing, and no other field is written.
func codexPreToolUse(m Mapping, d Decision) ([]byte, []string) {
	var hso obj
	decision, reason := toolPermission(d), d.Reason
	switch {
	case d.Halt:
		decision, reason = "deny", orFirst(d.StopReason, reason)
	case decision == "ask":
		decision, reason = "deny", confirmationRequired(reason)
	case rewriteOnly(d, decision) && decision == "allow":
	case rewriteOnly(d, decision):
		decision = "deny"
		reason = confirmationRequired(orFirst(reason, "tool input rewritten by hook "+d.RewrittenBy))
	case decision != "deny":
		decision = ""
	}
	var warnings []string
	if d.Context != "" {
		warnings = append(warnings, "codex takes no context on PreToolUse: dropped")
	}
	if d.SystemMessage != "" {
		warnings = append(warnings, "codex takes no systemMessage on PreToolUse: dropped")
	}
	switch decision {
	case "deny":
		hso.str("permissionDecision", "deny")
		hso.str("permissionDecisionReason", orFirst(reason, "denied by hookctl"))
	case "allow":
		hso.str("permissionDecision", "allow")
		hso.raw("updatedInput", d.ToolInput)
	default:
		return nil, warnings
	}
	var out obj
	out.object("hookSpecificOutput", hookSpecific(m.AgentEvent, &hso))
	return out.bytes(), warnings
}

// codexSwitch reads a Codex config.toml: [features] hooks = false, or the same in the profile
// the file selects.
func codexSwitch(data []byte) (string, bool, error) {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return "", false, fmt.Errorf("not TOML: %w", err)
	}
	if featureOff(doc) {
		return "[features] hooks = false", true, nil
	}
	name, _ := doc["profile"].(string)
	profiles, _ := doc["profiles"].(map[string]any)
	if p, ok := profiles[name].(map[string]any); ok && name != "" && featureOff(p) {
		return fmt.Sprintf("[profiles.%s.features] hooks = false", name), true, nil
	}
	return "", false, nil
}

func featureOff(table map[string]any) bool {
	f, _ := table["features"].(map[string]any)
	return f["hooks"] == false
}

// Codex: its hooks see each of its shell tools (exec_command {cmd}, shell {command: argv},
// as the model calls them) as Bash with {"command"} (seen), apply_patch with the patch
// text as {"command"}, and MCP tools as mcp__SERVER__TOOL (codex-rs's hook payloads).
var codexTools = []ToolRow{
	{Agent: "Bash", Hookctl: ToolTerminal, Keys: []Key{{Agent: "command", Hookctl: "command", Form: Argv}}, Seen: true},
	{Agent: "apply_patch", Hookctl: ToolPatch, Keys: []Key{{Agent: "command", Hookctl: "patch"}}},
}

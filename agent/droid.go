package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// droid is Factory Droid's dialect (0.225.2): Claude Code's events, payload and answers, except
// that a PreToolUse updatedInput is merged into the tool input, not put in its place
// (writeDroid).
var droid = Dialect{
	Name:  "droid",
	Title: "Factory Droid",
	// Claude Code's table: its UserPromptSubmit did not fire under `droid exec`.
	Tools: []string{"Execute", "Read", "Create", "Edit", "MultiEdit", "ApplyPatch", "Glob", "Grep", "LS",
		"FetchUrl", "WebSearch", "Task", "TodoWrite"},
	toolRows:    droidTools,
	OtherEvents: []string{"Notification", "PreCompact"},
	// The hooks key of settings.json, which Droid reads from ~/.factory and the project's
	// .factory beside a flat hooks.json there; see droidOff for what that file can do to it.
	SettingsFile: ".factory/settings.json",
	HomeEnv:      "FACTORY_HOME_OVERRIDE",
	ProjectDir:   true,
	TimeoutUnit:  time.Second,
	Fields:       Fields{Session: "session_id", Cwd: "cwd"},
	// 0.225.2 parses its settings and hooks files with a JSON-with-comments parser.
	SettingsComments: true,
	// Its /hooks view writes these beside the events.
	HookSettings: []string{"hooksDisabled", "showHookOutput"},
	base:         claudeBase,
	Reader:       readClaude,
	Writer:       writeDroid,
	Signs: Signs{
		// Its shell tool gets one variable of Droid's own (recorded under droid exec:
		// FACTORY_DISABLE_SETTINGS_PERSISTENCE); the process tree tells as well.
		Variables: []string{"FACTORY_DISABLE_SETTINGS_PERSISTENCE"},
		Programs:  []string{"droid"},
		Packages:  []string{"@factory/cli"},
	},
	switches: Switches{
		// 0.225.2 loads each folder's hooks from hooks.json (or, when that is missing,
		// hooks/hooks.json) and settings.json's hooks key, and merges them event by event with
		// hooks.json winning (mergeHookSettings): a hooks.json naming PreToolUse drops the
		// PreToolUse entries of settings.json in the same folder, hookctl's included.
		Files: []SwitchFile{
			{Layer: LayerUser, Rel: ".factory/settings.json", HomeEnv: "FACTORY_HOME_OVERRIDE"},
			{Layer: LayerUser, Rel: ".factory/hooks.json", HomeEnv: "FACTORY_HOME_OVERRIDE"},
			{Layer: LayerUser, Rel: ".factory/hooks/hooks.json", HomeEnv: "FACTORY_HOME_OVERRIDE"},
			{Layer: LayerProject, Rel: ".factory/settings.json"},
			{Layer: LayerLocal, Rel: ".factory/settings.local.json"},
			{Layer: LayerProject, Rel: ".factory/hooks.json"},
			{Layer: LayerProject, Rel: ".factory/hooks/hooks.json"},
		},
		Key:     "hooks.hooksDisabled",
		Needles: []string{"hooksDisabled", "PreToolUse"},
		Read:    droidSwitch,
		Live:    "at the next session: Droid takes its hooks when a session starts (its docs: edits need a /hooks review; from the code, the e2e will assert)",
		Escapes: []Escape{
			{Env: "FACTORY_HOME_OVERRIDE", What: "moves the home folder, and the user settings and hooks under it"},
			{Flag: "--settings", What: "loads one more settings file (FACTORY_RUNTIME_SETTINGS_PATH), which can carry hooks.hooksDisabled"},
			{Env: "FACTORY_RUNTIME_SETTINGS_PATH", What: "what --settings sets"},
			{Env: "FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH", What: "is the managed settings where /etc/factory/settings.json does not exist"},
		},
	},
	Layout: LayoutGrouped,
	// Its shell resolution takes SHELL, then COMSPEC (from the code; not run on Windows).
	WindowsShell: ShellCmd,
	FailSwitch:   FailSwitch{None: "Factory Droid 0.225.2 has none: a killed or timed-out hook lets the call through"},
	Admin: Admin{
		// The system-managed source, read before any other managed settings; on Windows
		// C:\Program Files\Factory\settings.json (0.225.2 names that path itself, not the
		// known folder).
		Linux:               "/etc/factory/settings.json",
		Darwin:              "/Library/Application Support/Factory/settings.json",
		Windows:             "Factory/settings.json",
		WindowsProgramFiles: true,
		ManagedOnly:         "allowManagedHooksOnly",
		// 0.225.2 puts the managed file first among its settings (org), merges their hooks
		// objects from the last to the first, and keeps a hooksDisabled already set
		// (getHooksDisabled reads the result): the managed file's false outweighs a person's
		// true. Unpinned, a person's true turns the managed hooks off too (seen in the e2e).
		Pin: "hooks.hooksDisabled", PinValue: false,
	},
}

// Its events are Claude Code's table, shared; its synthetic payloads name its shell tool.
func init() {
	register(func() *Dialect {
		droid.Events = claudeEvents
		droid.synthetic = droidSynthetic
		return &droid
	})
}

// droidSynthetic is Claude Code's synthetic payload part with Droid's shell tool, Execute, in
// it. Built when `hooks test` asks, not with the registry: cloning and rewriting the table there
// was about a quarter of the page faults the registry costs a tool call (perf).
func droidSynthetic(m Mapping) string {
	return strings.ReplaceAll(m.Synthetic, `"tool_name":"Bash"`, `"tool_name":"Execute"`)
}

// writeDroid writes the decision as Droid reads it: Claude Code's answers, but Droid merges a
// PreToolUse updatedInput into the tool input key by key, so a rewrite that leaves a key out
// cannot be carried: the key would keep its old value. Such a rewrite is a deny. Droid also
// reads updatedInput only beside an allow: with ask (Claude Code's answer to a rewrite no hook
// allowed) it drops the rewrite and asks about the original input, which droid exec
// --skip-permissions-unsafe then runs (seen in 0.225.2). So a rewrite without an allow is a
// deny too (SPEC 28.26), as where an agent cannot ask.
// Its PreToolUse additionalContext reaches no model (seen): dropped with a warning.
func writeDroid(m Mapping, d Decision) ([]byte, []string) {
	if m.Event != "pre_tool_call" {
		return claudeWriter{}.write(m, d)
	}
	rewrote := orFirst(d.Reason, "tool input rewritten by hook "+d.RewrittenBy)
	switch {
	case d.ToolInput == nil || d.Verdict == "block" || d.Halt:
	case len(d.Dropped) > 0:
		d.Verdict, d.Allowed, d.ToolInput = "block", false, nil
		d.Reason = "Factory Droid merges a rewritten tool input into the old one and cannot remove " +
			strings.Join(d.Dropped, ", ") + ": " + rewrote
	case toolPermission(d) != "allow":
		d.Verdict, d.Allowed, d.ToolInput = "block", false, nil
		d.Reason = "Factory Droid applies a rewritten tool input only when a hook allows the call: " + confirmationRequired(rewrote)
	}
	var warnings []string
	if d.Context != "" {
		warnings = append(warnings, "factory droid takes no context on PreToolUse: dropped")
		d.Context = ""
	}
	out, more := claudeWriter{}.write(m, d)
	return out, append(warnings, more...)
}

// droidSwitch reads droid's switch file (droidOff).
func droidSwitch(data []byte) (string, bool, error) { return readJSONSwitch(data, droidOff) }

// droidOff reads a Droid settings.json (hooks.hooksDisabled) or a flat hooks.json
// (hooksDisabled, and a PreToolUse list that holds no hookctl entry, which displaces the
// PreToolUse entries of settings.json in its folder).
func droidOff(doc map[string]any) (string, bool) {
	if h, ok := doc["hooks"].(map[string]any); ok && h["hooksDisabled"] == true {
		return "hooks.hooksDisabled", true
	}
	if doc["hooksDisabled"] == true {
		return "hooksDisabled", true
	}
	if list, ok := doc["PreToolUse"]; ok {
		b, _ := json.Marshal(list)
		if !bytes.Contains(b, []byte("hookctl")) {
			return "a PreToolUse list that replaces settings.json's", true
		}
	}
	return "", false
}

// Factory Droid 0.225.2: Execute {command, summary, timeout}, Edit {file_path, old_str,
// new_str, change_all}, Create {file_path, content}, Read {file_path}.
var droidTools = []ToolRow{
	{Agent: "Execute", Hookctl: ToolTerminal, Seen: true},
	{Agent: "Read", Hookctl: ToolReadFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "Create", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "Edit", Hookctl: ToolPatch, Keys: []Key{{Agent: "file_path", Hookctl: "path"}, {Agent: "old_str", Hookctl: "old"}, {Agent: "new_str", Hookctl: "new"}}},
	{Agent: "MultiEdit", Hookctl: ToolPatch, Keys: []Key{{Agent: "file_path", Hookctl: "path"}}},
	{Agent: "ApplyPatch", Hookctl: ToolPatch},
	{Agent: "Glob", Hookctl: ToolSearchFiles},
	{Agent: "Grep", Hookctl: ToolSearchFiles},
	{Agent: "FetchUrl", Hookctl: ToolWebFetch},
	{Agent: "WebSearch", Hookctl: ToolWebSearch},
	{Agent: "Task", Hookctl: ToolDelegateTask},
}

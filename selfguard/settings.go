package selfguard

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/lazy"
	"github.com/pelletier/go-toml/v2"
)

// judgeSettingsEdit applies a file tool's edit of an agent's settings file in memory and says
// why it is denied, or "" when it leaves hooks, env, hookctl's entries and every hook switch as
// they were (an MCP server or a theme added passes). An edit it cannot apply is denied.
func (m *matcher) judgeSettingsEdit(in map[string]any, path string) string {
	old, ok := readSettings(path)
	if !ok {
		return "would edit an agent's settings file that cannot be read"
	}
	next, ok := applyEdit(strings.ToLower(m.c.Tool), in, old)
	if !ok {
		return "would edit an agent's settings file in a way that cannot be checked"
	}
	oldView, ok1 := guardedView(path, old)
	newView, ok2 := guardedView(path, next)
	if !ok1 || !ok2 {
		return "would leave an agent's settings file that cannot be read"
	}
	if len(oldView) != len(newView) {
		return "would change the hooks, env or a hook switch of an agent's settings"
	}
	for k, v := range oldView {
		if newView[k] != v {
			return "would change the hooks, env or a hook switch of an agent's settings"
		}
	}
	return ""
}

// readSettings reads a settings file's current content; a missing file reads as empty.
func readSettings(path string) ([]byte, bool) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, true
	}
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSettings+1))
	if err != nil || len(b) > maxSettings {
		return nil, false
	}
	return b, true
}

// maxSettings caps a settings file read into memory; a larger one is judged toward the guard.
const maxSettings = 4 << 20

// applyEdit returns the file as the tool would leave it: a write's new content, an edit's
// replacements in order. ok is false for anything else (a delete, an insert, an unknown shape).
func applyEdit(tool string, in map[string]any, old []byte) (next []byte, ok bool) {
	if tool == "delete" || tool == "delete_file" {
		return nil, false
	}
	s := string(old)
	if cmd, isCmd := in["command"].(string); isCmd {
		// str_replace_editor and its kin.
		switch cmd {
		case "create":
			return stringKey(in, "file_text")
		case "str_replace":
			return replaceIn(s, in)
		}
		return nil, false
	}
	if edits, isList := in["edits"].([]any); isList {
		for _, e := range edits {
			edit, isObj := e.(map[string]any)
			if !isObj {
				return nil, false
			}
			b, applied := replaceIn(s, edit)
			if !applied {
				return nil, false
			}
			s = string(b)
		}
		return []byte(s), true
	}
	if _, has := firstString(in, "old_string", "old_str", "oldText"); has {
		return replaceIn(s, in)
	}
	if content, has := firstString(in, "content", "file_text", "contents"); has {
		return []byte(content), true
	}
	return nil, false
}

// replaceIn applies one replacement as the agents' edit tools do: old must occur once, unless
// replace_all (Claude Code) or expected_replacements (Gemini CLI) says how often.
func replaceIn(s string, edit map[string]any) ([]byte, bool) {
	oldStr, ok1 := firstString(edit, "old_string", "old_str", "oldText")
	newStr, ok2 := firstString(edit, "new_string", "new_str", "newText")
	if !ok1 || !ok2 {
		return nil, false
	}
	if oldStr == "" {
		// An empty old string creates the file, and only where there is none.
		if strings.TrimSpace(s) != "" {
			return nil, false
		}
		return []byte(newStr), true
	}
	n := strings.Count(s, oldStr)
	all, _ := edit["replace_all"].(bool)
	want := 1
	if f, ok := edit["expected_replacements"].(float64); ok {
		want = int(f)
	}
	switch {
	case n == 0:
		return nil, false
	case all || (want > 1 && n == want):
		return []byte(strings.ReplaceAll(s, oldStr, newStr)), true
	case n == 1:
		return []byte(strings.Replace(s, oldStr, newStr, 1)), true
	}
	return nil, false
}

func stringKey(in map[string]any, key string) ([]byte, bool) {
	s, ok := in[key].(string)
	return []byte(s), ok
}

func firstString(in map[string]any, keys ...string) (string, bool) {
	for _, k := range keys {
		if s, ok := in[k].(string); ok {
			return s, true
		}
	}
	return "", false
}

// guardedView returns the parts of a settings file that decide hookctl's wiring, each by its
// path, as canonical JSON: every key whose name mentions hooks (hooks, disableAllHooks,
// disabledHooks, allowManagedHooksOnly, allow_managed_hooks_only, hooksConfig, Codex's
// [features] hooks and its profiles': every switch of agent.Switches), the top-level env and
// Codex's profile, and every object or list holding a string that mentions hookctl. A file
// neither JSON nor TOML (Cline's hook scripts) is its whole content.
func guardedView(path string, content []byte) (map[string]string, bool) {
	view := map[string]string{}
	if len(bytes.TrimSpace(content)) == 0 {
		return view, true
	}
	var doc any
	switch strings.ToLower(filepath.Ext(path)) {
	case ".toml":
		if err := toml.Unmarshal(content, &doc); err != nil {
			return nil, false
		}
	case ".json", ".jsonc":
		if err := json.Unmarshal(agent.StripJSONC(content), &doc); err != nil {
			return nil, false
		}
	default:
		view[""] = string(content)
		return view, true
	}
	collect(doc, "", true, view)
	return view, true
}

func collect(v any, path string, top bool, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for _, child := range x {
			if s, ok := child.(string); ok && mentionsHookctl(s) {
				out[path] = canonical(x)
				return
			}
		}
		for k, child := range x {
			p := path + "/" + k
			if guardedKey(k, top) {
				out[p] = canonical(child)
				continue
			}
			collect(child, p, false, out)
		}
	case []any:
		for _, child := range x {
			if s, ok := child.(string); ok && mentionsHookctl(s) {
				out[path] = canonical(x)
				return
			}
		}
		for i, child := range x {
			collect(child, path+"/"+strconv.Itoa(i), false, out)
		}
	case string:
		if mentionsHookctl(x) {
			out[path] = x
		}
	}
}

func guardedKey(k string, top bool) bool {
	lk := strings.ToLower(k)
	if strings.Contains(lk, "hook") || top && agentEvents()[k] {
		return true
	}
	// Codex's profile selects a [profiles.NAME] table, whose features can turn hooks off.
	return top && (lk == "env" || lk == "shell_environment_policy" || lk == "profile")
}

var agentEventsOnce lazy.Value[map[string]bool]

// agentEvents are the events of every agent hookctl wires, by the agent's name for them: the
// top-level keys of a flat hooks file (Factory Droid's hooks.json, whose PreToolUse list,
// even empty, replaces the entries of its settings.json).
func agentEvents() map[string]bool {
	return agentEventsOnce.Get(func() map[string]bool {
		out := map[string]bool{}
		for _, name := range agent.Names() {
			d, err := agent.Lookup(name)
			if err != nil {
				continue
			}
			for _, m := range d.Events {
				out[m.AgentEvent] = true
			}
			for _, e := range d.OtherEvents {
				out[e] = true
			}
		}
		return out
	})
}

func mentionsHookctl(s string) bool {
	return strings.Contains(strings.ToLower(s), "hookctl")
}

func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		// Not comparable: a value that differs from everything.
		return "\x00unreadable"
	}
	return string(b)
}

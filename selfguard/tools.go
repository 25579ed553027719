package selfguard

import (
	"encoding/json"
	"strings"
)

// A kind says how a tool's input is read.
type kind int

const (
	kindUnknown kind = iota // every string in the input is a name it may act on (MCP tools too)
	kindShell               // its command is parsed as shell
	kindRead                // known to only read or to touch no file
	kindEdit                // writes the file its path names, with the content in content keys
	kindPatch               // apply_patch: the files named in the patch text
)

// kinds maps the tool names of every dialect, lower-cased, to how they are read. A name not
// here, and every MCP tool, is read as kindUnknown.
var kinds = [...]struct {
	name string
	kind kind
}{
	// Shell tools.
	{"bash", kindShell}, {"run_shell_command", kindShell}, {"shell", kindShell}, {"exec_command", kindShell},
	{"execute_command", kindShell}, {"run_command", kindShell}, {"run_commands", kindShell},
	{"terminal", kindShell}, {"local_shell", kindShell}, {"container.exec", kindShell},
	{"shell_command", kindShell}, {"write_bash", kindShell}, {"run_terminal_cmd", kindShell},
	// Tools that read, search or touch no file.
	{"read", kindRead}, {"read_file", kindRead}, {"read_many_files", kindRead}, {"read_files", kindRead},
	{"read_code", kindRead}, {"grep", kindRead}, {"glob", kindRead}, {"ls", kindRead},
	{"list_directory", kindRead}, {"list_dir", kindRead}, {"view", kindRead},
	{"search_file_content", kindRead}, {"grep_search", kindRead}, {"file_search", kindRead},
	{"codebase_search", kindRead}, {"search_codebase", kindRead}, {"search_files", kindRead},
	{"webfetch", kindRead}, {"web_fetch", kindRead}, {"websearch", kindRead}, {"web_search", kindRead},
	{"google_web_search", kindRead}, {"fetch_web_content", kindRead}, {"web_extract", kindRead},
	{"todowrite", kindRead}, {"write_todos", kindRead}, {"task", kindRead}, {"delegate_task", kindRead},
	{"ask_question", kindRead}, {"attempt_completion", kindRead}, {"notebookread", kindRead},
	{"read_bash", kindRead}, {"stop_bash", kindRead}, {"list_bash", kindRead}, {"skills", kindRead},
	// File tools.
	{"write", kindEdit}, {"edit", kindEdit}, {"multiedit", kindEdit}, {"write_file", kindEdit},
	{"replace", kindEdit}, {"create", kindEdit}, {"edit_file", kindEdit}, {"str_replace_editor", kindEdit},
	{"str_replace_based_edit_tool", kindEdit}, {"editor", kindEdit}, {"notebookedit", kindEdit},
	{"write_code", kindEdit}, {"write_to_file", kindEdit}, {"replace_in_file", kindEdit},
	{"search_replace", kindEdit}, {"delete", kindEdit}, {"delete_file", kindEdit}, {"patch", kindEdit},
	{"apply_patch", kindPatch},
}

// shellKeys are the input keys that hold a command, in every dialect.
var shellKeys = []string{"command", "cmd", "commandLine", "command_line", "commands", "script"}

// contentKeys hold what a file tool writes, not where: they are not names.
var contentKeys = names{
	"content", "contents", "new_string", "old_string", "new_str",
	"old_str", "file_text", "insert_text", "code_edit", "edits",
	"text", "new_source", "oldText", "newText", "description",
	"explanation", "instructions", "summary",
}

func toolKind(name string) kind {
	n := strings.ToLower(name)
	if strings.HasPrefix(n, "mcp__") || strings.HasPrefix(n, "mcp_") {
		return kindUnknown
	}
	for _, k := range kinds {
		if k.name == n {
			return k.kind
		}
	}
	return kindUnknown
}

// judgeTool judges the call by its tool's kind; what is empty when the call may go on.
func (m *matcher) judgeTool() (what, target string) {
	k := toolKind(m.c.Tool)
	if k == kindRead {
		return "", ""
	}
	var in any
	if err := json.Unmarshal(m.c.Input, &in); err != nil {
		// An input that cannot be read is judged by the names in its text.
		if h, ok := m.textNames(string(m.c.Input), m.c.Cwd); ok {
			return "an unreadable tool input naming a protected path", h.target
		}
		if consentText(string(m.c.Input)) {
			return "an unreadable tool input running a hookctl consent command", ""
		}
		return "", ""
	}
	m.toolFolder(in)
	switch k {
	case kindShell:
		if what, target, found := m.judgeShellKeys(in, true); found {
			return what, target
		}
		return m.scanAll(in, "")
	case kindEdit:
		return m.judgeEdit(in)
	case kindPatch:
		return m.judgePatchInput(in)
	}
	if what, target, found := m.judgeShellKeys(in, false); found && what != "" {
		return what, target
	}
	return m.scanAll(in, "")
}

// toolDirKeys are the input keys in which a shell tool names the folder its command runs in:
// Gemini CLI's run_shell_command (dir_path; directory before it), Windsurf's tool_info (cwd)
// and Codex's shell tools (workdir).
var toolDirKeys = []string{"dir_path", "directory", "cwd", "workdir"}

// toolFolder makes the folder the tool input names the call's working folder: a relative name
// in the command resolves against it (and against the payload's folder as well, which a
// relative tool folder is itself read against).
func (m *matcher) toolFolder(in any) {
	obj, ok := in.(map[string]any)
	if !ok {
		return
	}
	for _, k := range toolDirKeys {
		if dir, ok := obj[k].(string); ok && dir != "" {
			abs := sysClean(m.abs(dir, m.c.Cwd))
			if abs != m.c.Cwd {
				m.payloadCwd, m.c.Cwd = m.c.Cwd, abs
			}
			return
		}
	}
}

// startCwds are the folders a command starts in: the call's, and the payload's when the tool
// named its own.
func (m *matcher) startCwds() []string {
	if m.payloadCwd != "" {
		return []string{m.c.Cwd, m.payloadCwd}
	}
	return []string{m.c.Cwd}
}

// judgeShellKeys judges the command held in a shell key; found says there was one.
func (m *matcher) judgeShellKeys(in any, shellTool bool) (what, target string, found bool) {
	obj, ok := in.(map[string]any)
	if !ok {
		if s, ok := in.(string); ok && shellTool {
			w, t := m.judgeScript(s)
			return w, t, true
		}
		return "", "", false
	}
	keys := shellKeys
	if shellTool {
		// Copilot's write_bash types its input into a running shell.
		keys = append(keys[:len(keys):len(keys)], "input")
	}
	for _, k := range keys {
		v, ok := obj[k]
		if !ok {
			continue
		}
		switch x := v.(type) {
		case string:
			found = true
			if k == "commands" && strings.HasPrefix(strings.TrimSpace(x), "[") {
				// Cline sends its commands as a JSON array in a string.
				var list []any
				if json.Unmarshal([]byte(x), &list) == nil {
					what, target = m.judgeScripts(list)
					break
				}
			}
			what, target = m.judgeScript(x)
		case []any:
			found = true
			if k == "commands" {
				what, target = m.judgeScripts(x)
			} else {
				what, target = m.judgeArgv(x)
			}
		}
		if what != "" {
			return what, target, true
		}
	}
	return "", "", found
}

func (m *matcher) judgeScripts(list []any) (what, target string) {
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			continue
		}
		if what, target = m.judgeScript(s); what != "" {
			return what, target
		}
	}
	return "", ""
}

// scanAll judges every string in v as text that may name a protected path or run hookctl's
// consent commands: what a tool hookctl does not know might do with it.
func (m *matcher) scanAll(v any, key string) (what, target string) {
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			if what, target = m.scanAll(child, k); what != "" {
				return what, target
			}
		}
	case []any:
		var words []string
		for _, child := range x {
			if what, target = m.scanAll(child, key); what != "" {
				return what, target
			}
			if s, ok := child.(string); ok {
				words = append(words, s)
			}
		}
		// An argv list: hookctl and its verb are separate strings.
		if len(words) > 1 && consentText(strings.Join(words, " ")) {
			return "the tool " + m.c.Tool + " was given a hookctl consent command", ""
		}
	case string:
		if h, ok := m.textNames(x, m.c.Cwd); ok {
			return "the tool " + m.c.Tool + " was given a protected path", h.target
		}
		for _, p := range patchPaths(x) {
			if h, ok := m.names(p, m.c.Cwd, false); ok {
				return "the tool " + m.c.Tool + " was given a patch of a protected path", h.target
			}
		}
		if consentText(x) {
			return "the tool " + m.c.Tool + " was given a hookctl consent command", ""
		}
	}
	return "", ""
}

// judgeEdit judges a file tool: the names it was given, and for an agent's settings file, what
// the edit would change.
func (m *matcher) judgeEdit(in any) (what, target string) {
	obj, ok := in.(map[string]any)
	if !ok {
		return m.scanAll(in, "")
	}
	if cmd, _ := obj["command"].(string); cmd == "view" {
		return "", ""
	}
	for k, v := range obj {
		if contentKeys.has(k) {
			continue
		}
		if k == "patch" || k == "input" || k == "diff" {
			if s, ok := v.(string); ok {
				if what, target = m.judgePatchText(s); what != "" {
					return what, target
				}
			}
			continue
		}
		if what, target = m.editNames(obj, v); what != "" {
			return what, target
		}
	}
	return "", ""
}

// editNames judges the names in one non-content value of a file tool's input.
func (m *matcher) editNames(obj map[string]any, v any) (what, target string) {
	switch x := v.(type) {
	case []any:
		for _, child := range x {
			if what, target = m.editNames(obj, child); what != "" {
				return what, target
			}
		}
	case map[string]any:
		for _, child := range x {
			if what, target = m.editNames(obj, child); what != "" {
				return what, target
			}
		}
	case string:
		h, ok := m.names(x, m.c.Cwd, false)
		if !ok {
			return "", ""
		}
		if h.settings {
			if why := m.judgeSettingsEdit(obj, m.abs(x, m.c.Cwd)); why != "" {
				return "the tool " + m.c.Tool + " " + why, h.target
			}
			return "", ""
		}
		return "the tool " + m.c.Tool + " would write, move or delete a protected path", h.target
	}
	return "", ""
}

// judgePatchInput judges apply_patch, whatever shape carries its text.
func (m *matcher) judgePatchInput(in any) (what, target string) {
	switch x := in.(type) {
	case string:
		return m.judgePatchText(x)
	case []any:
		for _, v := range x {
			if what, target = m.judgePatchInput(v); what != "" {
				return what, target
			}
		}
	case map[string]any:
		for k, v := range x {
			if s, ok := v.(string); ok && !strings.Contains(s, "\n") && k != "patch" && k != "input" {
				// A path key beside the patch (or a one-line command).
				if h, ok := m.names(s, m.c.Cwd, false); ok {
					return "apply_patch would change a protected path", h.target
				}
			}
			if what, target = m.judgePatchInput(v); what != "" {
				return what, target
			}
		}
	}
	return "", ""
}

// judgePatchText judges the files a patch names. A settings file is not patched in memory:
// any patch of one is denied.
func (m *matcher) judgePatchText(s string) (what, target string) {
	for _, p := range patchPaths(s) {
		if h, ok := m.names(p, m.c.Cwd, false); ok {
			return "a patch would change a protected path", h.target
		}
	}
	return "", ""
}

// patchPaths returns the files a patch names: apply_patch's "*** Update File:", "*** Add File:",
// "*** Delete File:" and "*** Move to:" lines, and a unified diff's "---" and "+++" lines.
func patchPaths(s string) []string {
	if !strings.Contains(s, "*** ") && !strings.Contains(s, "+++ ") && !strings.Contains(s, "--- ") {
		return nil
	}
	var out []string
	for line := range strings.Lines(s) {
		line = strings.TrimRight(line, "\r\n")
		for _, prefix := range []string{"*** Update File:", "*** Add File:", "*** Delete File:", "*** Move to:"} {
			if rest, ok := strings.CutPrefix(line, prefix); ok {
				out = append(out, strings.TrimSpace(rest))
			}
		}
		for _, prefix := range []string{"+++ ", "--- "} {
			rest, ok := strings.CutPrefix(line, prefix)
			if !ok {
				continue
			}
			if i := strings.IndexByte(rest, '\t'); i >= 0 {
				rest = rest[:i]
			}
			rest = strings.TrimSpace(rest)
			if rest == "" || rest == "/dev/null" {
				continue
			}
			out = append(out, rest)
			if len(rest) > 2 && (rest[:2] == "a/" || rest[:2] == "b/") {
				out = append(out, rest[2:])
			}
		}
	}
	return out
}

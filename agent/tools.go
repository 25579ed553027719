package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// hookctl's own tool names (SPEC 19), those of its own protocol: a matcher may name a tool
// this way under every agent, and a `dialect: hookctl` hook is told the tool by this name.
const (
	ToolTerminal     = "terminal"
	ToolReadFile     = "read_file"
	ToolWriteFile    = "write_file"
	ToolPatch        = "patch"
	ToolSearchFiles  = "search_files"
	ToolWebSearch    = "web_search"
	ToolWebFetch     = "web_fetch"
	ToolDelegateTask = "delegate_task"
)

// ToolRow is one of an agent's tools with hookctl's name for it, and how the keys of its
// input differ from hookctl's. Both directions are read from the same row: the agent's input
// to hookctl's (what a hook written for hookctl's protocol sees) and back (a rewrite).
//
// Each agent's table (its toolRows) is in its own file. Names and keys the real-agent suite
// recorded (the tool names the hooks were sent, and the tool schemas the agents offered the
// scripted model: Claude Code 2.1.197, Gemini CLI 0.61.0, Codex 0.169.0, Copilot CLI 1.0.102,
// Cline 3.0.65) are marked Seen; the rest are from the agent's own source or published
// reference. docs/agents.md shows these tables.
type ToolRow struct {
	// Agent is the tool's name as the agent sends it to its hooks ("Bash").
	Agent string
	// Hookctl is hookctl's name for it ("terminal").
	Hookctl string
	// Keys are the input keys whose name or shape differs. Every other key keeps its name
	// and value both ways (Claude Code's description, Gemini CLI's start_line).
	Keys []Key
	// Seen marks a tool whose name and input the real-agent suite recorded; the others come
	// from the agent's source or published reference only (docs/agents.md tells which).
	Seen bool
}

// Key maps one input key of a tool.
type Key struct {
	// Agent and Hookctl are the key's names in the agent's input and in hookctl's.
	Agent, Hookctl string
	// Form is how the value changes shape between the two, Same for not at all.
	Form KeyForm
	// Elem is the key inside the one object of a Single list (Cline's files[0].path).
	Elem string
}

// KeyForm is how a value changes shape between an agent's input and hookctl's.
type KeyForm uint8

const (
	// Same: the value as it is, both ways.
	Same KeyForm = iota
	// Argv: the agent sends a command string or an argv array (Codex's shell tool), hookctl
	// has one string: `bash -lc CMD` (or sh, zsh; -c or -lc) is CMD, any other argv is its
	// words quoted for a POSIX shell. Back: the string, as Codex takes a rewrite.
	Argv
	// Lines: the agent sends an array of strings (Cline's commands), hookctl has them as one
	// string, a line each, as a shell would read them one after the other. Back: an array of
	// the one string.
	Lines
	// Alternatives: an array of regular expressions (Cline's queries) is one expression,
	// their alternation `a|b`. Back: an array of the one expression.
	Alternatives
	// Single: the agent sends an array of objects (Cline's files), hookctl has the value of
	// the Elem key of its one object; an array of any other length has no single value and
	// is an error. Back: an array of one object holding only that key.
	Single
)

// ErrToolInput marks a tool input that cannot be put into the other side's keys: not a JSON
// object, a key both named and mapped, a list where one value is wanted. The caller errs
// toward the block: a guard that cannot read the call covers it, a rewrite that cannot be
// mapped back is a deny.
var ErrToolInput = errors.New("tool input cannot be translated")

// row returns the agent's row for a tool, nil for a tool hookctl has no name for.
func (d *Dialect) row(agentTool string) *ToolRow {
	for i := range d.toolRows {
		if d.toolRows[i].Agent == agentTool {
			return &d.toolRows[i]
		}
	}
	return nil
}

// ToolRows returns the agent's tool table.
func (d *Dialect) ToolRows() []ToolRow { return slices.Clone(d.toolRows) }

// HookctlTool returns hookctl's name for one of the agent's tools. An MCP tool's is
// mcp__SERVER__TOOL in every agent (Gemini CLI's mcp_SERVER_TOOL is translated); a tool
// with no row keeps the agent's name and is not known, except in hookctl's own protocol,
// where the caller's name is hookctl's by definition.
func (d *Dialect) HookctlTool(agentTool string) (name string, known bool) {
	if r := d.row(agentTool); r != nil {
		return r.Hookctl, true
	}
	if d.own || isMCP(agentTool) {
		return agentTool, true
	}
	if d.mcpSingle {
		if server, tool, ok := geminiMCP(agentTool); ok {
			return "mcp__" + server + "__" + tool, true
		}
	}
	return agentTool, false
}

// AgentTools returns the agent's tools that hookctl's name stands for, in the table's order;
// none when the agent has no such tool. In hookctl's own protocol a name stands for itself.
func (d *Dialect) AgentTools(hookctlName string) []string {
	var out []string
	for _, r := range d.toolRows {
		if r.Hookctl == hookctlName {
			out = append(out, r.Agent)
		}
	}
	if out == nil && d.own && !isMCP(hookctlName) {
		return []string{hookctlName} // hookctl's own protocol: every name is its own (HookctlTool)
	}
	if out == nil && isMCP(hookctlName) {
		if d.mcpSingle { // Gemini CLI's own name, and the name of hookctl's form it may be sent
			server, tool, _ := strings.Cut(strings.TrimPrefix(hookctlName, "mcp__"), "__")
			return []string{"mcp_" + server + "_" + tool, hookctlName}
		}
		return []string{hookctlName}
	}
	return out
}

// ShellTools returns the agent's shell tools: those hookctl calls terminal.
func (d *Dialect) ShellTools() []string { return d.AgentTools(ToolTerminal) }

// ToolMatches reports whether match accepts the tool by the agent's name or by hookctl's
// (SPEC 19, 23.4): `terminal` covers Bash, and Bash covers Bash. Each name must be accepted
// whole by match; nothing else is tried, so a mistyped matcher matches no more than before.
func (d *Dialect) ToolMatches(agentTool string, match func(string) bool) bool {
	if match(agentTool) {
		return true
	}
	if d == nil {
		return false
	}
	name, known := d.HookctlTool(agentTool)
	return known && name != agentTool && match(name)
}

// ToolMatchesIn is ToolMatches for a hook whose script speaks dialect script (nil: the
// agent's own): match may also name the tool as that dialect does (SPEC 23.4), so a Claude
// Code guard's `Bash` covers every agent's shell tool.
func (d *Dialect) ToolMatchesIn(script *Dialect, agentTool string, match func(string) bool) bool {
	if d.ToolMatches(agentTool, match) {
		return true
	}
	if script == nil || script == d || d == nil {
		return false
	}
	name, known := d.HookctlTool(agentTool)
	if !known {
		return false
	}
	for _, n := range script.AgentTools(name) {
		if match(n) {
			return true
		}
	}
	return false
}

// isMCP reports whether a tool name has hookctl's MCP form, mcp__SERVER__TOOL.
func isMCP(name string) bool {
	server, tool, ok := strings.Cut(strings.TrimPrefix(name, "mcp__"), "__")
	return strings.HasPrefix(name, "mcp__") && ok && server != "" && tool != ""
}

// geminiMCP splits Gemini CLI's name of an MCP tool, mcp_SERVER_TOOL, as Gemini CLI itself
// does (parseMcpToolName in its mcp-tool.ts): the server is the part up to the next "_".
func geminiMCP(name string) (server, tool string, ok bool) {
	rest, found := strings.CutPrefix(name, "mcp_")
	if !found {
		return "", "", false
	}
	server, tool, ok = strings.Cut(rest, "_")
	if !ok || server == "" || tool == "" {
		return "", "", false
	}
	return server, tool, true
}

// ToHookctlInput puts a tool input of the agent's into hookctl's keys for that tool. A tool
// with no row, or whose keys are hookctl's already, keeps its input as it is.
func (d *Dialect) ToHookctlInput(agentTool string, in json.RawMessage) (json.RawMessage, error) {
	r := d.row(agentTool)
	if r == nil || len(r.Keys) == 0 {
		return in, nil
	}
	return r.translate(in, true)
}

// CallCommand returns the command a call of the agent's tool would run: the "command" of its
// input in hookctl's keys (Codex's argv as one line, Cline's commands a line each), "" when
// the input names none or cannot be read. The audit log keeps it for a blocked call.
func (d *Dialect) CallCommand(agentTool string, in []byte) string {
	if len(in) == 0 || isNull(in) {
		return ""
	}
	in, err := d.ToHookctlInput(agentTool, in)
	if err != nil {
		return ""
	}
	members, err := jsonx.Map(in)
	if err != nil {
		return ""
	}
	command, _ := jsonx.Unquote(members["command"]) // "" for no string
	return command
}

// ToAgentInput puts a tool input in hookctl's keys back into the agent's keys for that tool,
// for a rewrite. An error means the rewrite cannot be carried: the caller denies the call.
// Only the keys of in are written: for an agent that takes a rewrite as the whole new input
// (Claude Code's updatedInput), a caller that means to keep the keys a hook was not shown
// overlays the result on the agent's input (Overlay).
func (d *Dialect) ToAgentInput(agentTool string, in json.RawMessage) (json.RawMessage, error) {
	r := d.row(agentTool)
	if r == nil || len(r.Keys) == 0 {
		return in, nil
	}
	return r.translate(in, false)
}

// translate maps an input object from the agent's keys to hookctl's (forward) or back. The
// members keep their order; a key the row does not name keeps its name and value, unless it
// is the name a mapped key takes, which would make two values for one key.
func (r *ToolRow) translate(in json.RawMessage, forward bool) (json.RawMessage, error) {
	if isNull(in) || len(in) == 0 {
		return in, nil
	}
	members, err := jsonx.Object(in)
	if err != nil {
		return nil, fmt.Errorf("%w: %s input: %v", ErrToolInput, r.Agent, err)
	}
	if key, ok := repeated(members); ok {
		return nil, fmt.Errorf("%w: %s input has %q twice", ErrToolInput, r.Agent, key)
	}
	var o obj
	o.b = make([]byte, 0, len(in)+16)
	for _, m := range members {
		k, ok := r.key(m.Key, forward)
		if !ok {
			if r.mapsTo(m.Key, forward) {
				return nil, fmt.Errorf("%w: %s input has %q beside the key it is mapped from", ErrToolInput, r.Agent, m.Key)
			}
			o.raw(m.Key, m.Value)
			continue
		}
		to, v := k.Hookctl, m.Value
		if !forward {
			to = k.Agent
		}
		if k.Form != Same && !isNull(v) {
			if forward {
				v, err = k.toHookctl(v)
			} else {
				v, err = k.toAgent(v)
			}
			if err != nil {
				return nil, fmt.Errorf("%w: %s input %q: %v", ErrToolInput, r.Agent, m.Key, err)
			}
		}
		o.raw(to, v)
	}
	if len(o.b) == 0 {
		return json.RawMessage("{}"), nil
	}
	return o.bytes(), nil
}

// repeated returns a key that an object has twice: which of its values the agent would use
// is the agent's business, and a hook must not judge the other.
func repeated(members []jsonx.Member) (string, bool) {
	if len(members) <= 16 {
		for i, m := range members {
			for _, p := range members[:i] {
				if p.Key == m.Key {
					return m.Key, true
				}
			}
		}
		return "", false
	}
	seen := make(map[string]bool, len(members))
	for _, m := range members {
		if seen[m.Key] {
			return m.Key, true
		}
		seen[m.Key] = true
	}
	return "", false
}

// key returns the row's key whose name, on the side being read, is name.
func (r *ToolRow) key(name string, forward bool) (Key, bool) {
	for _, k := range r.Keys {
		if forward && k.Agent == name || !forward && k.Hookctl == name {
			return k, true
		}
	}
	return Key{}, false
}

// mapsTo reports whether name, read as a key to keep, is the name a mapped key is written
// under on the other side.
func (r *ToolRow) mapsTo(name string, forward bool) bool {
	for _, k := range r.Keys {
		if forward && k.Hookctl == name || !forward && k.Agent == name {
			return true
		}
	}
	return false
}

// toHookctl converts one value from the agent's shape to hookctl's.
func (k Key) toHookctl(v []byte) ([]byte, error) {
	switch k.Form {
	case Argv:
		if v[0] == '"' {
			return v, nil
		}
		words, err := stringList(v)
		if err != nil {
			return nil, err
		}
		return jsonx.AppendString(nil, commandLine(words)), nil
	case Lines, Alternatives:
		words, err := stringList(v)
		if err != nil {
			return nil, err
		}
		sep := "\n"
		if k.Form == Alternatives {
			sep = "|"
		}
		return jsonx.AppendString(nil, strings.Join(words, sep)), nil
	case Single:
		elems, err := jsonx.Array(v)
		if err != nil {
			return nil, err
		}
		if len(elems) != 1 {
			return nil, fmt.Errorf("%d entries where one %s is wanted", len(elems), k.Hookctl)
		}
		if len(elems[0]) == 0 || elems[0][0] != '{' {
			return nil, fmt.Errorf("entry is not an object")
		}
		members, err := jsonx.Object(elems[0])
		if err != nil {
			return nil, err
		}
		var found []byte
		for _, m := range members {
			if m.Key == k.Elem {
				if found != nil {
					return nil, fmt.Errorf("%s given twice", k.Elem)
				}
				found = m.Value
			}
		}
		if found == nil {
			return nil, fmt.Errorf("entry has no %s", k.Elem)
		}
		return found, nil
	}
	return v, nil
}

// toAgent converts one value from hookctl's shape back to the agent's.
func (k Key) toAgent(v []byte) ([]byte, error) {
	switch k.Form {
	case Argv:
		if v[0] != '"' {
			return nil, fmt.Errorf("want a command string")
		}
		return v, nil
	case Lines, Alternatives:
		if v[0] != '"' {
			return nil, fmt.Errorf("want a string")
		}
		b := append([]byte{'['}, v...)
		return append(b, ']'), nil
	case Single:
		b := append([]byte{'[', '{'}, jsonx.AppendString(nil, k.Elem)...)
		b = append(b, ':')
		b = append(b, v...)
		return append(b, '}', ']'), nil
	}
	return v, nil
}

// stringList reads a JSON array of strings.
func stringList(v []byte) ([]string, error) {
	elems, err := jsonx.Array(v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		if e[0] != '"' {
			return nil, fmt.Errorf("want an array of strings")
		}
		if out[i], err = jsonx.Unquote(e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// commandLine is the shell command an argv runs: CMD for `bash -lc CMD` and its kin (Codex
// runs its shell commands so), else the words quoted for a POSIX shell.
func commandLine(argv []string) string {
	if len(argv) == 3 && (argv[1] == "-c" || argv[1] == "-lc") {
		switch argv[0] {
		case "bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh", "/usr/bin/bash", "/usr/bin/sh", "/usr/bin/zsh":
			return argv[2]
		}
	}
	quoted := make([]string, len(argv))
	for i, w := range argv {
		quoted[i] = shellQuote(w)
	}
	return strings.Join(quoted, " ")
}

// shellQuote quotes a word for a POSIX shell, leaving a word of safe characters bare.
func shellQuote(w string) string {
	safe := w != ""
	for _, c := range w {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("@%+=:,./_-", c)) {
			safe = false
			break
		}
	}
	if safe {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

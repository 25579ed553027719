package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// The names a config entry's `dialect:` takes (SPEC 19): the protocol its script speaks,
// whatever agent fires the event.
const (
	// ScriptHookctl is hookctl's own protocol (Hermes's keys and tool names, and the agent's
	// call beside them).
	ScriptHookctl = "hookctl"
	// ScriptClaudeCode is Claude Code's, translated from any agent's.
	ScriptClaudeCode = "claude-code"
)

// ScriptDialects lists the values of `dialect:`.
func ScriptDialects() []string { return []string{ScriptClaudeCode, ScriptHookctl} }

// ForScript returns the dialect a script written in the named protocol is fed and read in;
// nil for "" (no dialect: each agent's own).
func ForScript(name string) (*Dialect, error) {
	switch name {
	case "":
		return nil, nil
	case ScriptHookctl:
		return Own(), nil
	case ScriptClaudeCode:
		return Lookup(name)
	}
	return nil, fmt.Errorf("unknown dialect %q", name)
}

// ScriptName is the `dialect:` under which a script written for this agent is fed as it
// expects under every agent (import writes it), "" when there is none: such a script is kept
// to its own agent with `agents:`.
func (d *Dialect) ScriptName() string {
	for _, name := range ScriptDialects() {
		if s, _ := ForScript(name); s == d {
			return name
		}
	}
	return ""
}

// ScriptFeed is what a hook written in another dialect than the calling agent's is given: its
// payload, the tool as it names it, and the mapping its answer is read with.
type ScriptFeed struct {
	Payload []byte
	// Tool is the tool's name in the script's dialect, "" on events with no tool.
	Tool string
	// Mapping is the script dialect's event row with what the calling agent honours there:
	// the answer is read as the script's dialect reads it (exit 2, plain text), and does what
	// the agent can do with it.
	Mapping Mapping
}

// Feed translates a call of agent from (its payload raw, read as call, firing the hookctl event
// with the agent's row m) into the payload a script written in dialect d reads. d must not be
// from: that script gets raw itself. An input that cannot be put into d's keys is an error
// wrapping ErrToolInput; a dialect whose payload keeps its tool elsewhere than tool_name and
// tool_input, one wrapping ErrPayload.
func (d *Dialect) Feed(from *Dialect, call Call, m Mapping, raw []byte) (ScriptFeed, error) {
	own, ok := d.installMapping(m.Event)
	if !ok {
		own = Mapping{AgentEvent: m.Event, Event: m.Event}
	}
	if d.EventFromArgs || own.Tool.Name != "" || own.Tool.NameAt != nil || own.Tool.InputAt != nil || own.Tool.Input != nil {
		return ScriptFeed{}, fmt.Errorf("%w: a script cannot be fed %s's payload", ErrPayload, d.Title)
	}
	// What is read of the answer is the script's; what it can do is the agent's.
	own.Honours, own.FailBlocks = m.Honours, own.FailBlocks || m.FailBlocks
	feed := ScriptFeed{Mapping: own}
	var o obj
	o.b = make([]byte, 0, 128+len(call.ToolInput)+len(raw))
	o.raw(d.eventKey(), jsonx.AppendString(nil, own.AgentEvent))
	if ev, _ := LookupEvent(m.Event); ev.Tool && call.ToolName != nil {
		agentTool := *call.ToolName
		name, input, err := d.toolFrom(from, agentTool, call.ToolInput)
		if err != nil {
			return ScriptFeed{}, err
		}
		feed.Tool = name
		o.raw("tool_name", jsonx.AppendString(nil, name))
		o.raw("tool_input", orNull(input))
	} else if d.own {
		o.raw("tool_name", []byte("null"))
		o.raw("tool_input", []byte("null"))
	}
	o.raw(d.Fields.Session, jsonx.AppendString(nil, call.SessionID))
	o.raw(d.Fields.Cwd, jsonx.AppendString(nil, call.Cwd))
	if !d.own {
		if call.Prompt != "" {
			o.raw("prompt", jsonx.AppendString(nil, call.Prompt))
		}
		feed.Payload = o.bytes()
		return feed, nil
	}
	extra := []byte("{}")
	if call.Prompt != "" {
		extra = append(jsonx.AppendString([]byte(`{"user_message":`), call.Prompt), '}')
	}
	o.raw("extra", extra)
	o.raw("agent", jsonx.AppendString(nil, from.Name))
	if call.ToolName != nil {
		o.raw("agent_tool_name", jsonx.AppendString(nil, *call.ToolName))
	} else {
		o.raw("agent_tool_name", []byte("null"))
	}
	o.raw("agent_payload", asJSON(raw))
	feed.Payload = o.bytes()
	return feed, nil
}

// toolFrom names one of agent from's tools, and puts its input into the keys, of dialect d:
// through hookctl's name and keys. A tool neither has a name for keeps the agent's.
func (d *Dialect) toolFrom(from *Dialect, agentTool string, input json.RawMessage) (string, json.RawMessage, error) {
	own, known := from.HookctlTool(agentTool)
	if !known {
		return agentTool, input, nil
	}
	in, err := from.ToHookctlInput(agentTool, input)
	if err != nil {
		return "", nil, err
	}
	name := own
	if names := d.AgentTools(own); len(names) > 0 {
		name = names[0]
	}
	in, err = d.ToAgentInput(name, in)
	return name, in, err
}

// RewriteTo puts a rewrite a script of dialect d gave (in its keys, of its tool scriptTool)
// into agent to's keys for its tool agentTool, through hookctl's keys. An error means the
// rewrite cannot be carried: the caller denies the call (SPEC 23.2).
func (d *Dialect) RewriteTo(to *Dialect, scriptTool, agentTool string, input json.RawMessage) (json.RawMessage, error) {
	in, err := d.ToHookctlInput(scriptTool, input)
	if err != nil {
		return nil, err
	}
	return to.ToAgentInput(agentTool, in)
}

// asJSON is the agent's payload as a JSON value: the object it sent (a byte-order mark left
// out, as ReadPayload reads it), null for none, else its text as a string.
func asJSON(raw []byte) []byte {
	v := bytes.TrimSpace(bytes.TrimPrefix(raw, []byte("\xEF\xBB\xBF")))
	switch {
	case len(v) == 0:
		return []byte("null")
	case json.Valid(v) && utf8.Valid(v):
		return v
	}
	return jsonx.AppendString(nil, strings.ToValidUTF8(string(raw), "\uFFFD"))
}

// orNull is v, or null when it is empty.
func orNull(v []byte) []byte {
	if len(v) == 0 {
		return []byte("null")
	}
	return v
}

// WithCommand returns the agent's payload raw (read as call) with its shell tool's command
// set to command, in the agent's input keys (ToAgentInput) laid over the call's input: what
// `hooks test --command` fires. A call of another tool, or whose input is not found as it was
// read, is an error.
func (d *Dialect) WithCommand(raw []byte, call Call, command string) ([]byte, error) {
	if call.ToolName == nil {
		return nil, fmt.Errorf("%w: the call has no tool", ErrPayload)
	}
	tool := *call.ToolName
	if own, _ := d.HookctlTool(tool); own != ToolTerminal {
		return nil, fmt.Errorf("%w: %s is not %s's shell tool (%s)", ErrPayload, tool, d.Title, strings.Join(d.ShellTools(), ", "))
	}
	over, err := d.ToAgentInput(tool, append(jsonx.AppendString([]byte(`{"command":`), command), '}'))
	if err != nil {
		return nil, err
	}
	in := call.ToolInput
	if isNull(in) || len(in) == 0 {
		in = []byte("{}")
	}
	merged, err := Overlay(in, over)
	if err != nil {
		return nil, err
	}
	return WithInput(raw, call, merged)
}

// WithInput returns the agent's payload raw (read as call) with the call's tool input
// replaced by input, given in the agent's own keys: what `hooks test --cases` fires for a
// case's tool call. An input not found in the payload as it was read is an error.
func WithInput(raw []byte, call Call, merged []byte) ([]byte, error) {
	i := bytes.Index(raw, call.ToolInput)
	if len(call.ToolInput) == 0 || i < 0 {
		return nil, fmt.Errorf("%w: the tool input is not in the payload as it was read", ErrPayload)
	}
	out := make([]byte, 0, len(raw)+len(merged))
	out = append(append(append(out, raw[:i]...), merged...), raw[i+len(call.ToolInput):]...)
	return out, nil
}

// SameShape reports whether a script with no dialect reads the two agents' tool calls alike:
// the same event name on the tool event, the same keys for the event, session, tool name and
// input, and the same shell tools with the same input keys (Claude Code's and Codex's do). A
// guard approved under one and fed the other's payload otherwise reads nothing it knows.
func (d *Dialect) SameShape(o *Dialect) bool {
	if d == o {
		return true
	}
	m, _ := d.installMapping("pre_tool_call")
	n, _ := o.installMapping("pre_tool_call")
	if m.AgentEvent != n.AgentEvent || d.EventFromArgs != o.EventFromArgs || d.eventKey() != o.eventKey() ||
		d.Fields != o.Fields || !sameSource(m.Tool, n.Tool) {
		return false
	}
	shells, others := d.ShellTools(), o.ShellTools()
	if !slices.Equal(shells, others) {
		return false
	}
	for _, t := range shells {
		if !slices.Equal(renamed(d.row(t)), renamed(o.row(t))) {
			return false
		}
	}
	return true
}

func sameSource(a, b ToolSource) bool {
	return a.Name == b.Name && a.DecodeString == b.DecodeString && slices.Equal(a.Input, b.Input) &&
		slices.Equal(a.NameAt, b.NameAt) && slices.Equal(a.InputAt, b.InputAt)
}

// renamed lists the input keys a tool's row renames, as agent=hookctl.
func renamed(r *ToolRow) []string {
	var out []string
	if r != nil {
		for _, k := range r.Keys {
			if k.Agent != k.Hookctl {
				out = append(out, k.Agent+"="+k.Hookctl)
			}
		}
	}
	return out
}

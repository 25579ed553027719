package agent

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// ErrPayload marks an agent payload hookctl cannot use: a usage error.
const ErrPayload Error = "invalid payload"

// Error is an error that is a constant, so that another package can name the same error
// (runner.ErrPayload is ErrPayload) with no copy made at start-up, as a variable's would be.
type Error string

func (e Error) Error() string { return string(e) }

// Call is what hookctl reads from an agent's payload. The payload itself goes to the hooks
// verbatim; this is only what hookctl needs to pick, match and merge.
type Call struct {
	// AgentEvent is the payload's hook_event_name, "" when it has none.
	AgentEvent string
	// Mapping is the agent event's row; Mapped is false for an event with no hookctl meaning,
	// which runs the hooks of the custom event of that exact name.
	Mapping Mapping
	Mapped  bool
	// ToolName and ToolInput are the tool call's, on tool events (nil otherwise).
	ToolName  *string
	ToolInput []byte
	SessionID string
	Cwd       string
	// Prompt is the user's prompt, on prompt events.
	Prompt string
}

// ReadPayload reads what hookctl needs from the agent's payload object. A payload that is not
// a JSON object, or whose hook_event_name, tool name, session id or cwd is not a string, is an
// error wrapping ErrPayload.
func (d *Dialect) ReadPayload(data []byte) (Call, error) { return d.ReadPayloadAs(data, "") }

// ReadPayloadAs is ReadPayload for a call whose agent event was named on the command line
// (agentEvent, one of the agent's own events), as agents that send no event name call hookctl;
// "" reads it from the payload.
func (d *Dialect) ReadPayloadAs(data []byte, agentEvent string) (Call, error) {
	if !utf8.Valid(data) {
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	var c Call
	if len(bytes.TrimLeft(data, " \t\r\n")) == 0 {
		return c, nil
	}
	members, err := jsonx.Object(data)
	if err != nil {
		return c, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	f := gather(members)
	// Only the event name must be a string: without it nothing can be picked. Another field of
	// an unexpected type reads as absent, so the hooks still run (a catch-all guard among them)
	// rather than none.
	if agentEvent != "" {
		if !d.HasEvent(agentEvent) {
			return c, fmt.Errorf("%w: %s has no event %q", ErrPayload, d.Title, excerpt(strings.ToValidUTF8(agentEvent, "\uFFFD"), 40))
		}
		c.AgentEvent = agentEvent
	} else if !d.EventFromArgs {
		events, err := f.strs(d.eventKey(), true, false)
		if err != nil {
			return c, fmt.Errorf("%w: %v", ErrPayload, err)
		}
		if len(events) > 0 {
			c.AgentEvent = events[len(events)-1] // as the agent's own JSON reader: the last of a repeated key
		}
	}
	str := func(key string) string {
		if key == "" {
			return ""
		}
		ss, _ := f.strs(key, false, false)
		if len(ss) == 0 {
			return ""
		}
		return ss[len(ss)-1]
	}
	c.SessionID = str(d.Fields.Session)
	c.Cwd = str(d.Fields.Cwd)
	if c.Cwd == "" && d.Fields.CwdList != "" {
		c.Cwd = firstString(f[d.Fields.CwdList])
	}
	c.Mapping, c.Mapped = d.Mapping(c.AgentEvent)
	if !c.Mapped {
		c.Mapping = Mapping{AgentEvent: c.AgentEvent, Event: c.AgentEvent}
	}
	ev, _ := LookupEvent(c.Mapping.Event)
	if ev.Tool && c.Mapped {
		c.ToolName, c.ToolInput = c.Mapping.Tool.read(f, str)
		if c.ToolName == nil && c.Mapping.Tool.Required {
			return c, fmt.Errorf("%w: this is not %s's %s payload: it has no %s (%s)", ErrPayload, d.Title, c.AgentEvent,
				strings.Join(c.Mapping.Tool.NameAt, "."), d.shapeHint(f))
		}
	}
	if ev.Honours.Has(Context) || c.Mapping.Honours.Has(Context) {
		c.Prompt = str("prompt")
	}
	return c, nil
}

// shapeHint names the agent whose payload this looks like, and the fix.
func (d *Dialect) shapeHint(f fields) string {
	for _, o := range registry() {
		if o == d || o.EventFromArgs || o.SettingsFile == "" {
			continue
		}
		if _, ok := f[o.eventKey()]; ok {
			return fmt.Sprintf("it looks like %s's: wire %s with hookctl install %s, and %s with hookctl install %s", o.Title, o.Title, o.Name, d.Title, d.Name)
		}
	}
	return "send the payload " + d.Title + " sends, or check the event named on the command line"
}

// at returns the values at a path of keys: the first key's values in f, then each next key
// inside the last value, which must be an object.
func at(f fields, path []string) [][]byte {
	vals := f[path[0]]
	for _, k := range path[1:] {
		raw := last(vals)
		if len(raw) == 0 || raw[0] != '{' {
			return nil
		}
		members, err := jsonx.Object(raw)
		if err != nil {
			return nil
		}
		vals = gather(members)[k]
	}
	return vals
}

func (t ToolSource) read(f fields, str func(string) string) (*string, []byte) {
	var name *string
	nameAt, inputAt := t.NameAt, t.InputAt
	if nameAt == nil {
		nameAt = []string{"tool_name"}
	}
	if inputAt == nil {
		inputAt = []string{"tool_input"}
	}
	if t.Name != "" {
		n := t.Name
		name = &n
	} else if v := last(at(f, nameAt)); len(v) > 0 && v[0] == '"' {
		n, _ := jsonx.Unquote(v)
		name = &n
	}
	if t.Input != nil {
		var o obj
		for _, k := range t.Input {
			if v := last(f[k]); v != nil {
				o.raw(k, v)
			}
		}
		if o.b == nil {
			return name, []byte("{}")
		}
		return name, o.bytes()
	}
	raw := last(at(f, inputAt))
	switch {
	case raw == nil || isNull(raw):
		return name, nil
	case raw[0] == '"' && t.DecodeString:
		s, _ := jsonx.Unquote(raw)
		if _, err := jsonx.Object([]byte(s)); err == nil {
			return name, []byte(s)
		}
	}
	return name, raw
}

func last(vals [][]byte) []byte {
	if len(vals) == 0 {
		return nil
	}
	return vals[len(vals)-1]
}

// firstString is the first element of the last value, when it is an array starting with a
// string (Cursor's workspace_roots).
func firstString(vals [][]byte) string {
	raw := last(vals)
	if len(raw) < 2 || raw[0] != '[' {
		return ""
	}
	rest := bytes.TrimLeft(raw[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return ""
	}
	s, _, err := jsonx.ReadString(rest, 0)
	if err != nil {
		return ""
	}
	return s
}

// MappingFor is the row that says what hooks can do when the call fires event: the call's own
// when event is what it maps to, else (an EVENT argument overriding the mapping) the agent's
// general event for it, else Hermes's row; AgentEvent stays the call's, for the writer.
func (d *Dialect) MappingFor(c Call, event string) Mapping {
	if c.Mapping.Event == event {
		return c.Mapping
	}
	m, ok := d.installMapping(event)
	if !ok {
		if m, ok = Own().Mapping(event); !ok {
			m = Mapping{Event: event}
		}
	}
	m.AgentEvent = c.AgentEvent
	return m
}

// Overlay merges the object over onto the object base shallowly: over's keys replace base's
// in place, new keys follow. Both must be JSON objects.
func Overlay(base, over []byte) ([]byte, error) {
	bm, err := jsonx.Object(base)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	om, err := jsonx.Object(over)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	vals := make(map[string][]byte, len(om))
	for _, m := range om {
		vals[m.Key] = m.Value
	}
	var o obj
	seen := map[string]bool{}
	for _, m := range bm {
		v := m.Value
		if ov, ok := vals[m.Key]; ok {
			v = ov
		}
		if !seen[m.Key] {
			o.raw(m.Key, v)
			seen[m.Key] = true
		}
	}
	for _, m := range om {
		if !seen[m.Key] {
			o.raw(m.Key, vals[m.Key])
			seen[m.Key] = true
		}
	}
	if o.b == nil {
		return []byte("{}"), nil
	}
	return o.bytes(), nil
}

// TestMapping is the agent event `hooks test --agent` fires for name, a hookctl event or one
// of the agent's own events: the agent's general event for it, else a bare event of that name.
func (d *Dialect) TestMapping(name string) Mapping {
	if m, ok := d.Mapping(name); ok {
		return m
	}
	if m, ok := d.installMapping(name); ok {
		return m
	}
	return Mapping{AgentEvent: name, Event: name}
}

package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// Payload is the event data a hook reads on stdin.
type Payload struct {
	HookEventName string
	// ToolName is nil on non-tool events.
	ToolName *string
	// ToolInput is the tool call's input as JSON, nil for null.
	ToolInput json.RawMessage
	SessionID string
	Cwd       string
	// Extra carries every other field of the event.
	Extra map[string]json.RawMessage
}

// MarshalJSON writes the six wire keys, in this order; null for a missing tool name or input,
// {} for no extra. A raw value that is not valid JSON is an error.
func (p *Payload) MarshalJSON() ([]byte, error) {
	// Sized for the raw values up front: a large payload is then built without regrowing.
	size := 256 + len(p.ToolInput) + len(p.SessionID) + len(p.Cwd)
	for k, v := range p.Extra {
		size += len(k) + len(v) + 4
	}
	b := make([]byte, 0, size)
	b = append(b, `{"hook_event_name":`...)
	b = jsonx.AppendString(b, p.HookEventName)
	b = append(b, `,"tool_name":`...)
	if p.ToolName != nil {
		b = jsonx.AppendString(b, *p.ToolName)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"tool_input":`...)
	var err error
	if len(p.ToolInput) == 0 {
		b = append(b, "null"...)
	} else if b, err = appendCompact(b, p.ToolInput); err != nil {
		return nil, fmt.Errorf("tool_input: %w", err)
	}
	b = append(b, `,"session_id":`...)
	b = jsonx.AppendString(b, p.SessionID)
	b = append(b, `,"cwd":`...)
	b = jsonx.AppendString(b, p.Cwd)
	b = append(b, `,"extra":`...)
	if b, err = appendObject(b, p.Extra); err != nil {
		return nil, fmt.Errorf("extra: %w", err)
	}
	return append(b, '}'), nil
}

// appendCompact appends a raw JSON value without its insignificant white space, checking it.
func appendCompact(dst []byte, raw []byte) ([]byte, error) {
	buf := bytes.NewBuffer(dst)
	if err := json.Compact(buf, raw); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// appendObject appends an object of raw values, keys sorted (as encoding/json writes a map).
func appendObject(dst []byte, m map[string]json.RawMessage) ([]byte, error) {
	keys := slices.Sorted(maps.Keys(m))
	dst = append(dst, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonx.AppendString(dst, k)
		dst = append(dst, ':')
		if len(m[k]) == 0 {
			dst = append(dst, "null"...) // as encoding/json writes a nil RawMessage
			continue
		}
		if dst, err = appendCompact(dst, m[k]); err != nil {
			return nil, fmt.Errorf("%q: %w", k, err)
		}
	}
	return append(dst, '}'), nil
}

// ErrPayload marks a payload that cannot be used: it is a usage error. It is package agent's,
// so that one errors.Is recognises a bad payload whichever agent's it was.
const ErrPayload = agent.ErrPayload

// ParsePayload reads a payload object. Empty input is {}; invalid UTF-8 is replaced. A
// top-level key that is not one of the six wire keys goes into extra, where the caller's own
// extra object wins a clash; args stands for tool_input when tool_input is absent.
func ParsePayload(data []byte) (*Payload, error) {
	// Invalid UTF-8 is replaced, so that what hooks read is UTF-8 whatever the caller sent:
	// a hook's JSON decoder (Python's, Node's) may refuse anything else.
	if !utf8.Valid(data) {
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	p := &Payload{Extra: map[string]json.RawMessage{}}
	// Only JSON's own white space: a form feed is not JSON, and offsets in errors count from
	// the start of what was sent.
	start := bytes.TrimLeft(data, " \t\r\n")
	if len(start) == 0 {
		return p, nil
	}
	if start[0] != '{' {
		return nil, fmt.Errorf("%w: not a JSON object", ErrPayload)
	}
	members, err := jsonx.Map(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPayload, err)
	}
	var callerExtra map[string]json.RawMessage
	for k, v := range members {
		if err := p.readField(k, v, &callerExtra); err != nil {
			return nil, err
		}
	}
	if args, ok := p.Extra["args"]; ok && p.ToolInput == nil {
		if !isNull(args) {
			p.ToolInput = args
		}
		delete(p.Extra, "args")
	}
	for k, v := range callerExtra {
		p.Extra[k] = v
	}
	return p, nil
}

// readField reads one top-level key of a payload into p: the wire fields, "extra" (the
// caller's own extra object, kept in callerExtra), and any other key into Extra.
func (p *Payload) readField(k string, v json.RawMessage, callerExtra *map[string]json.RawMessage) error {
	var err error
	switch k {
	case "hook_event_name":
		err = stringField(k, v, &p.HookEventName)
	case "session_id":
		err = stringField(k, v, &p.SessionID)
	case "cwd":
		err = stringField(k, v, &p.Cwd)
	case "tool_name":
		var s string
		if !isNull(v) {
			if err = stringField(k, v, &s); err == nil {
				p.ToolName = &s
			}
		}
	case "tool_input":
		if !isNull(v) {
			p.ToolInput = v
		}
	case "extra":
		if isNull(v) {
			return nil
		}
		if *callerExtra = object(v); *callerExtra == nil {
			err = fmt.Errorf("%w: extra must be an object", ErrPayload)
		}
	default:
		p.Extra[k] = v
	}
	return err
}

func stringField(key string, raw json.RawMessage, dst *string) error {
	if isNull(raw) {
		return nil
	}
	if !isString(raw) {
		return fmt.Errorf("%w: %s must be a string", ErrPayload, key)
	}
	*dst = str(raw)
	return nil
}

func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

// Clone returns a copy whose Extra can be changed without touching p's.
func (p *Payload) Clone() *Payload {
	c := *p
	c.Extra = make(map[string]json.RawMessage, len(p.Extra))
	for k, v := range p.Extra {
		c.Extra[k] = v
	}
	return &c
}

// Overlay merges a caller's payload shallowly over p: its wire fields replace p's when set,
// and its extra keys replace p's one by one.
func (p *Payload) Overlay(o *Payload) {
	if o.HookEventName != "" {
		p.HookEventName = o.HookEventName
	}
	if o.ToolName != nil {
		p.ToolName = o.ToolName
	}
	if o.ToolInput != nil {
		p.ToolInput = o.ToolInput
	}
	if o.SessionID != "" {
		p.SessionID = o.SessionID
	}
	if o.Cwd != "" {
		p.Cwd = o.Cwd
	}
	for k, v := range o.Extra {
		p.Extra[k] = v
	}
}

package runner

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// TestRequest is what `hooks test` fires (one row of a case table included): an event's
// synthetic payload, in hookctl's shape or an agent's, with what was given laid over it.
type TestRequest struct {
	Event string
	// Cwd is the folder the payload names.
	Cwd string
	// Payload is a JSON object laid over the synthetic payload (nil for none), read from
	// PayloadName.
	Payload     []byte
	PayloadName string
	// Tool is the call's tool name when ToolSet (hookctl's name, terminal, or the agent's).
	Tool    string
	ToolSet bool
	// Command is the shell tool's command when CommandSet.
	Command    string
	CommandSet bool
	// Input replaces the call's tool input (nil: kept), in the agent's own keys.
	Input []byte
}

// RequestError is what is wrong with a test request, as the person gave it.
type RequestError struct{ Msg string }

func (e *RequestError) Error() string { return e.Msg }

func requestErr(format string, args ...any) error {
	return &RequestError{Msg: fmt.Sprintf(format, args...)}
}

// HermesTestCall is the call of a request in hookctl's own protocol, and the bytes its hooks
// are sent.
func HermesTestCall(cfg *config.Config, r TestRequest) (Call, []byte, error) {
	if err := CheckEvent(cfg, r.Event); err != nil {
		return Call{}, nil, err
	}
	payload := Synthetic(r.Event, r.Cwd)
	if r.Payload != nil {
		over, err := ParsePayload(r.Payload)
		if err != nil {
			return Call{}, nil, requestErr("%s: %v", r.PayloadName, err)
		}
		payload.Overlay(over)
	}
	if r.ToolSet {
		payload.ToolName = &r.Tool
	}
	if r.Input != nil {
		payload.ToolInput = slices.Clone(r.Input)
	}
	if r.CommandSet {
		if payload.ToolName == nil || *payload.ToolName != agent.ToolTerminal {
			return Call{}, nil, requestErr("--command sets the command of a shell tool call: add --for-tool terminal")
		}
		in := []byte(payload.ToolInput)
		if len(in) == 0 || in[0] != '{' {
			in = []byte("{}")
		}
		merged, err := agent.Overlay(in, append(jsonx.AppendString([]byte(`{"command":`), r.Command), '}'))
		if err != nil {
			return Call{}, nil, requestErr("--command: %v", err)
		}
		payload.ToolInput = merged
	}
	sent, err := payload.MarshalJSON()
	if err != nil {
		return Call{}, nil, err
	}
	return Call{Event: r.Event, Payload: payload}, sent, nil
}

// AgentTestCall is the call of a request in agent d's shape (the event a hookctl event or the
// agent's own), so that a script written for that agent can be tried before it is wired.
func AgentTestCall(d *agent.Dialect, cfg *config.Config, r TestRequest) (Call, error) {
	m := d.TestMapping(r.Event)
	if err := CheckEvent(cfg, m.Event); err != nil {
		return Call{}, err // m.Event is r.Event when the agent does not map it
	}
	raw := d.Synthetic(m, r.Cwd)
	var err error
	if r.Payload != nil {
		if raw, err = agent.Overlay(raw, r.Payload); err != nil {
			return Call{}, requestErr("%s: %v", r.PayloadName, err)
		}
	}
	if names := d.AgentTools(r.Tool); r.ToolSet && len(names) > 0 && !slices.Contains(names, r.Tool) {
		r.Tool = names[0] // hookctl's name (terminal): the agent's own, as the agent sends it
	}
	if key := toolNameKey(m); r.ToolSet && key != "" {
		over := append(jsonx.AppendString(append(jsonx.AppendString([]byte(`{`), key), ':'), r.Tool), '}')
		raw, _ = agent.Overlay(raw, over) // both objects: this cannot fail
	}
	named := ""
	if d.EventFromArgs {
		named = m.AgentEvent
	}
	read := func(raw []byte) (agent.Call, error) {
		call, err := d.ReadPayloadAs(raw, named)
		if err != nil {
			return call, requestErr("%v", err)
		}
		if r.ToolSet {
			call.ToolName = &r.Tool
		}
		return call, nil
	}
	call, err := read(raw)
	if err == nil && r.CommandSet {
		if raw, err = d.WithCommand(raw, call, r.Command); err != nil {
			return Call{}, requestErr("--command: %v", err)
		}
		call, err = read(raw)
	}
	if err == nil && r.Input != nil {
		if raw, err = agent.WithInput(raw, call, r.Input); err != nil {
			return Call{}, requestErr("input: %v", err)
		}
		call, err = read(raw)
	}
	if err != nil {
		return Call{}, err
	}
	return Call{Event: m.Event, Dialect: d, Agent: call, Raw: raw}, nil
}

// toolNameKey is the top-level payload key a request's tool sets, "" when the agent event has
// a fixed tool name or keeps it inside an object (Cline), where only the matchers see it.
func toolNameKey(m agent.Mapping) string {
	switch {
	case m.Tool.Name != "" || len(m.Tool.NameAt) > 1:
		return ""
	case len(m.Tool.NameAt) == 1:
		return m.Tool.NameAt[0]
	}
	return "tool_name"
}

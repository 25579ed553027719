package runner

import (
	"context"
	"fmt"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// dispatchAgent fires an agent's event. raw is the agent's payload, given to every hook
// verbatim; call is what hookctl read from it (agent.Dialect.ReadPayload). event is the
// hookctl event to fire: call.Mapping.Event, or the caller's override. Hooks run only when
// their agents list admits the dialect, and their answers are read and honoured as the
// agent would (the dialect's table), then merged in config order.
//
// In hookctl's own protocol (a dialect that ChainsPayload) raw is read whole and the event
// dispatched as dispatch does, the call's tool name standing.
func (d *Dispatcher) dispatchAgent(ctx context.Context, dialect *agent.Dialect, call agent.Call, event string, raw []byte) (*Result, error) {
	if err := CheckEvent(d.Config, event); err != nil {
		return nil, err
	}
	if dialect.ChainsPayload() {
		p, err := ParsePayload(raw)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrPayload, err)
		}
		p.ToolName = call.ToolName
		return d.dispatch(ctx, event, p)
	}
	m := dialect.MappingFor(call, event)
	tool, input := call.ToolName, call.ToolInput
	if !config.IsToolEvent(event) {
		tool, input = nil, nil
	}
	if err := checkToolName(tool); err != nil {
		return nil, err
	}
	res := &Result{Event: event, Decision: DecisionAllow, SessionID: call.SessionID}
	cwd := call.Cwd
	if cwd == "" {
		cwd = d.cwd()
	}
	f := &firing{job: job{dialect: dialect, mapping: m}, event: event, stdin: raw, tool: tool, toolInput: input, cwd: cwd, call: call}
	d.fire(ctx, f, res)
	return res, nil
}

// AgentDecision is the result as a dialect's writer takes it.
func (r *Result) AgentDecision() agent.Decision {
	return agent.Decision{
		Verdict: r.Decision, Allowed: r.Allowed, Reason: r.Reason, UserMessage: r.UserMessage,
		AgentMessage: r.AgentMessage, ToolInput: r.ToolInput,
		RewrittenBy: r.RewrittenBy, Dropped: r.Dropped, Context: r.Context, Halt: r.Halt, StopReason: r.StopReason,
		SystemMessage: r.SystemMessage, SuppressOutput: r.SuppressOutput, Result: r.Result,
	}
}

// SyntheticFor is the payload a test fires at the dialect's agent event m, with cwd dir: the
// dialect's synthetic payload (agent.Dialect.Synthetic), as the runner sends it to a hook.
func SyntheticFor(dialect *agent.Dialect, m agent.Mapping, dir string) []byte {
	raw := dialect.Synthetic(m, dir)
	if !dialect.ChainsPayload() {
		return raw
	}
	p, err := ParsePayload(raw)
	if err != nil {
		return raw // the table's own JSON: tested to parse
	}
	if b, err := p.MarshalJSON(); err == nil {
		return b
	}
	return raw
}

// AgentEvent is the hookctl event an agent's call fires: the one named on the command line,
// else the one the agent's event maps to, else a custom event of the agent event's own name.
// "" with no error is an agent event hookctl has no hooks for.
func AgentEvent(cfg *config.Config, dialect *agent.Dialect, call agent.Call, named string) (string, error) {
	switch {
	case named != "":
		if err := CheckEvent(cfg, named); err != nil {
			return "", err
		}
		return named, nil
	case call.AgentEvent == "":
		return "", fmt.Errorf("the payload has no hook_event_name: send %s's hook payload on stdin, or name the event (hookctl run --agent %s EVENT)", dialect.Title, dialect.Name)
	case !call.Mapped && !cfg.KnownEvent(call.AgentEvent):
		return "", nil
	}
	return call.Mapping.Event, nil
}

package runner

import (
	"context"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// DispatchAgent fires an agent's event. raw is the agent's payload, given to every hook
// verbatim; call is what hookctl read from it (agent.Dialect.ReadPayload). event is the
// hookctl event to fire: call.Mapping.Event, or the caller's override. Hooks run only when
// their agents list admits the dialect, and their answers are read and honoured as the
// agent would (the dialect's table), then merged in config order.
func (d *Dispatcher) DispatchAgent(ctx context.Context, dialect *agent.Dialect, call agent.Call, event string, raw []byte) (*Result, error) {
	if err := CheckEvent(d.Config, event); err != nil {
		return nil, err
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
		RewrittenBy: r.RewrittenBy, Context: r.Context, Halt: r.Halt, StopReason: r.StopReason,
		SystemMessage: r.SystemMessage, SuppressOutput: r.SuppressOutput, Result: r.Result,
	}
}

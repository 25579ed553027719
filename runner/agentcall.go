package runner

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hookctl/hookctl/agent"
)

// AgentCall is one call an agent made of hookctl (run --agent), read from its payload.
type AgentCall struct {
	// Event is the hookctl event the call fires as far as the agent's mapping says, "" when
	// only the person's config can say (AgentEvent).
	Event string
	// Named is the hookctl event named on the command line, "" when the payload names it.
	Named string
	Call  agent.Call
	Raw   []byte
}

// MappedEvent is the hookctl event of name, the event on the command line: the agent's own
// event name mapped, else name itself ("" for none).
func MappedEvent(d *agent.Dialect, name string) string {
	if m, ok := d.Mapping(name); ok {
		return m.Event
	}
	return name
}

// ReadAgentCall reads the call the agent's payload raw describes, name being the event on the
// command line ("" for none). On an error the call holds what is known: its event as mapped.
func ReadAgentCall(d *agent.Dialect, name string, raw []byte) (AgentCall, error) {
	c := AgentCall{Event: MappedEvent(d, name), Raw: raw}
	named, agentEvent, err := d.NamedEvent(name)
	if err != nil {
		return c, err
	}
	call, err := d.ReadPayloadAs(raw, agentEvent)
	if err != nil {
		return c, err
	}
	if c.Event == "" && call.Mapped {
		c.Event = call.Mapping.Event
	}
	c.Named, c.Call = named, call
	return c, nil
}

// SystemFirst says whether the system layer is read for the call before anything of the
// person's (SPEC 23.3): for an event the agent's own mapping names, or the command line; an
// event only the person's config knows has none. A project's committed wiring fires the
// project layer alone (SPEC 28.24).
func (c AgentCall) SystemFirst(projectWiring bool) bool {
	return (c.Call.Mapped || c.Named != "") && !projectWiring
}

// AgentLimit is ctx ended before the agent stops waiting at its own limit (agent.Dialect's
// Limit), counted from began: the agent then goes on without an answer (Cline runs the tool),
// so hookctl ends its hooks before, whatever --deadline says, and a fail_closed one still
// blocks. ctx itself for an agent without a limit.
func AgentLimit(ctx context.Context, d *agent.Dialect, began time.Time) (context.Context, context.CancelFunc) {
	if d.Limit <= 0 {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, began.Add(d.Limit-agent.DispatchMargin))
}

// AgentWarnings are a run's warnings for the agent's stderr. The agent sees only the decision:
// a hook that failed says so there, which the agents show, instead of in hookctl's JSON result.
func AgentWarnings(res *Result) []string {
	out := append([]string(nil), res.Warnings...)
	for _, h := range res.Hooks {
		if h.Status.Failed() {
			out = append(out, fmt.Sprintf("hook %s: %s: %s", h.Command, h.Status, h.Message))
		}
	}
	return out
}

// AgentAnswer is the merged decision in the agent's own convention, nil for no opinion, with
// warnings of what the agent cannot carry.
func AgentAnswer(d *agent.Dialect, call agent.Call, event string, res *Result) (out []byte, warnings []string) {
	return d.Writer(d.MappingFor(call, event), res.AgentDecision())
}

// AddNotices puts hookctl's once-a-session notices, each one line safe to show, after the
// system message the hooks gave.
func (r *Result) AddNotices(notices []string) {
	if r.SystemMessage != "" {
		notices = append([]string{r.SystemMessage}, notices...)
	}
	r.SystemMessage = strings.Join(notices, "\n")
}

// Resolve is the hookctl event the call fires at the stack s, and whether the call has nothing
// to fire (none: the agent gets no opinion). Where nothing comes before the person's layer, the
// person's config is read for it (an agent event only a custom event of the config names); an
// agent event hookctl does not know and no custom event names fires nothing. A project's
// committed wiring reads nothing of the person's (SPEC 28.24): an event its mapping does not
// name fires nothing. On an error, event is the event as far as it is known: "" when the
// config knows no such event.
func (c AgentCall) Resolve(d *agent.Dialect, s *Stack, projectWiring bool) (event string, none bool, err error) {
	switch {
	case projectWiring:
		return c.Event, c.Event == "", nil
	case s.System != nil:
		return c.Event, false, nil
	}
	cfg, _, err := s.PersonConfig()
	if err != nil {
		return c.Event, false, err
	}
	if event, err = AgentEvent(cfg, d, c.Call, c.Named); err != nil {
		return "", false, err
	}
	return event, event == "", nil
}

package runner

import "context"

// EventRun is `run EVENT`'s steps in hookctl's own dialect, in their order: the layers built and
// the event checked before the payload is read (Check: the system layer first, SPEC 23.3, else
// the person's config read and checked), then the call fired (Fire).
type EventRun struct {
	Event string
	// Tool is --tool, nil when not given: it wins over the payload's tool_name.
	Tool  *string
	Stack *Stack
}

// Check builds the run's layers from o and checks the event against them; a run whose payload
// has no session_id gets one, for the audit log.
func (r *EventRun) Check(o StackOptions) error {
	o.SessionPrefix = "hookctl-"
	r.Stack = BuildStack(o, r.Event, true)
	return r.Stack.CheckFirst(r.Event)
}

// MayRun says whether the run may run a hook, and so whether signals are to be caught.
func (r *EventRun) MayRun() bool { return r.Stack.MayRun(r.Event) }

// Fire fires the payload p at the layers, the project's looked up from the folder from.
func (r *EventRun) Fire(ctx context.Context, p *Payload, from string) (*Result, error) {
	if r.Tool != nil {
		p.ToolName = r.Tool
	}
	r.Stack.ProjectFrom = from
	return r.Stack.Fire(ctx, Call{Event: r.Event, Payload: p})
}

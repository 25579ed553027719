package runner

import (
	"context"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// AgentRun is one `run --agent` call on its way through its steps, in their order: Read (the
// agent's payload), Build (the layers and the event), Fire, Answer. What it learnt stays in it
// when a step fails, for the guards that could still cover the call (Unjudged).
type AgentRun struct {
	Dialect *agent.Dialect
	// Named is EVENT on the command line, "" for the payload's; Tool is --tool, nil when not given.
	Named string
	Tool  *string
	// ProjectWiring is --project-wiring: the call comes from a project's committed wiring.
	ProjectWiring bool

	// Event is the hookctl event, "" while it is not known (or for an agent event nothing
	// fires at); ToolName is the call's tool, ToolKnown whether the payload said it.
	Event     string
	ToolName  *string
	ToolKnown bool
	// Config is the person's config once read; Call the call read; Stack its layers.
	Config *config.Config
	Call   AgentCall
	Stack  *Stack
}

// Read reads the agent's payload, read by raw; the event is the command line's, mapped, until
// the payload says more.
func (r *AgentRun) Read(raw func() ([]byte, error)) error {
	r.Event = MappedEvent(r.Dialect, r.Named)
	data, err := raw()
	if err != nil {
		return err
	}
	if r.Call, err = ReadAgentCall(r.Dialect, r.Named, data); err != nil {
		return err
	}
	r.Event = r.Call.Event
	r.ToolName, r.ToolKnown = r.Call.Call.ToolName, true
	if r.Tool != nil {
		r.ToolName = r.Tool
	}
	return nil
}

// Build builds the call's layers from o (BuildStack) and resolves its event; none says nothing
// fires at it (the agent gets no opinion).
func (r *AgentRun) Build(o StackOptions) (none bool, err error) {
	r.Stack = BuildStack(o, r.Event, r.Call.SystemFirst(r.ProjectWiring))
	r.Event, none, err = r.Call.Resolve(r.Dialect, r.Stack, r.ProjectWiring)
	r.Config = r.Stack.Config()
	if err != nil || none {
		return none, err
	}
	if r.Tool != nil {
		r.Call.Call.ToolName = r.Tool
	}
	return false, nil
}

// MayRun says whether the call may run a hook, and so whether signals are to be caught.
func (r *AgentRun) MayRun() bool { return r.ProjectWiring || r.Stack.MayRun(r.Event) }

// Fire fires the call at its layers (the system's, the person's, the project's looked up
// from from).
func (r *AgentRun) Fire(ctx context.Context, from string) (*Result, error) {
	r.Stack.ProjectFrom = from
	res, err := r.Stack.Fire(ctx, Call{Event: r.Event, Dialect: r.Dialect, Agent: r.Call.Call, Raw: r.Call.Raw})
	if cfg := r.Stack.Config(); cfg != nil {
		r.Config = cfg
	}
	return res, err
}

// Answer is the merged decision in the agent's own convention, nil for no opinion. The run's
// warnings and what the agent cannot carry go to warn; notices, asked at the session start of
// an agent that shows them, are hookctl's once-a-session lines.
func (r *AgentRun) Answer(res *Result, notices func() []string, warn func(string)) []byte {
	for _, w := range AgentWarnings(res) {
		warn(w)
	}
	if r.Event == "on_session_start" && r.Dialect.SessionNotice {
		res.AddNotices(notices())
	}
	out, warnings := AgentAnswer(r.Dialect, r.Call.Call, r.Event, res)
	for _, w := range warnings {
		warn(w)
	}
	return out
}

// Unjudged is what the run learnt before it failed, with the guards recorded for its event read
// now from src (UnjudgedOf); load reads the person's config where the run read none.
func (r *AgentRun) Unjudged(src GuardSource, load func() *config.Config) Unjudged {
	cfg := r.Config
	if cfg == nil {
		cfg = load()
	}
	return UnjudgedOf(src, r.Event, r.ToolName, r.ToolKnown, cfg)
}

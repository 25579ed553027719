package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// runAgent is `run --agent NAME [EVENT]` for an agent other than Hermes: the agent's payload
// goes to the hooks verbatim and the merged decision is written back in the agent's own
// convention. hookctl's own mistakes exit 1, which these agents take as a non-blocking error
// (exit 2 would be a block).
func (a *app) runAgent(o runOptions) error {
	dialect, err := agent.Lookup(o.agent)
	if err != nil {
		return failuref("--agent: %v", err)
	}
	a.underAgent = true
	st := agentState{guarded: o.guarded}
	err = a.runAgentCall(dialect, o, &st)
	if err == nil || st.answered {
		return err
	}
	return a.agentFailed(dialect, st, err)
}

// agentState is what a run under --agent learnt before it could or could not finish: enough
// for agentFailed to tell which guards could cover the call.
type agentState struct {
	loc *config.Locations
	cfg *config.Config
	// event is the hookctl event, "" while it is not known; tool the call's tool, when known.
	event     string
	tool      *string
	toolKnown bool
	// answered is set once the answer was written: nothing more can be said then.
	answered bool
	// guarded is run's --guarded.
	guarded bool
}

func (a *app) runAgentCall(dialect *agent.Dialect, o runOptions, st *agentState) error {
	r := &agentRun{app: a, dialect: dialect, o: o, st: st}
	if err := r.readCall(); err != nil {
		return err
	}
	loc, err := a.locations()
	if err != nil {
		return asFailure(err)
	}
	st.loc, r.loc = &loc, loc
	// The system layer first, before anything of the person's (SPEC 23.3), for an event the
	// agent's own mapping names; an event only the person's config knows has none.
	// A project's committed wiring fires the project layer alone (SPEC 28.24), for the event
	// the agent's mapping names: nothing of the person's is read for it.
	r.stack = runner.BuildStack(r.stackOptions(), st.event, (r.call.Mapped || r.named != "") && !o.projectWiring)
	r.event = st.event
	if o.projectWiring && r.event == "" {
		st.answered = true
		return a.writeAgentAnswer(dialect, nil)
	}
	if r.stack.System == nil && !o.projectWiring {
		if err := r.personConfig(); err != nil {
			return err
		}
		if r.event == "" { // an agent event hookctl does not know and no custom event of that name
			st.answered = true
			return a.writeAgentAnswer(dialect, nil)
		}
	}
	if o.toolSet {
		r.call.ToolName = &o.tool
	}

	in, stop := a.interrupts(r.stack.System != nil || o.projectWiring || r.cfg.HasHooks(r.event))
	r.in = in
	defer stop()
	start := time.Now()
	ctx, cancel := a.dispatchContext(in.ctx, o)
	defer cancel()
	if dialect.Limit > 0 {
		// The agent stops waiting at its own limit and goes on without an answer (Cline runs
		// the tool): hookctl ends its hooks before, whatever --deadline says, so that a
		// fail_closed one still blocks.
		var cancelLimit context.CancelFunc
		ctx, cancelLimit = context.WithDeadline(ctx, a.began.Add(dialect.Limit-agent.DispatchMargin))
		defer cancelLimit()
	}
	res, err := r.dispatch(ctx, in)
	if err != nil {
		return asFailure(err)
	}
	a.warnAgentRun(res)
	if r.event == "on_session_start" && dialect.SessionNotice {
		r.addNotices(res)
	}
	st.answered = true
	out := a.agentAnswer(dialect, r.call, r.event, res)
	a.recordAudit(auditConfig(r.cfg), loc, res, dialect.Name, r.call.ToolName, r.call.ToolInput, start)
	if sig := in.received(); sig != 0 {
		if err := a.writeAgentAnswer(dialect, out); err != nil {
			return err
		}
		return silent(exitInterrupted + sig)
	}
	return a.writeAgentAnswer(dialect, out)
}

// agentRun is one run under --agent on its way: the call read from the agent's payload, the
// layers it fires at, and what the person's config said.
type agentRun struct {
	*app
	dialect *agent.Dialect
	o       runOptions
	st      *agentState
	raw     []byte
	call    agent.Call
	// named is the hookctl event named on the command line, "" when the payload names it.
	named string
	loc   config.Locations
	stack *runner.Stack
	in    *interruption
	cfg   *config.Config
	// event is the hookctl event the call fires, "" for an agent event hookctl has no hooks for.
	event string
}

// readCall reads the agent's payload and the call it describes.
func (r *agentRun) readCall() error {
	dialect, o, st := r.dialect, r.o, r.st
	st.event = o.event
	if m, ok := dialect.Mapping(o.event); ok { // the agent's own event name
		st.event = m.Event
	}
	raw, err := r.readRaw(o.payloadFile)
	if err != nil {
		return asFailure(err)
	}
	named, agentEvt, err := dialect.NamedEvent(o.event)
	if err != nil {
		return failuref("%v", err)
	}
	call, err := dialect.ReadPayloadAs(raw, agentEvt)
	if err != nil {
		return failuref("%v", err)
	}
	if st.event == "" && call.Mapped {
		st.event = call.Mapping.Event
	}
	st.tool, st.toolKnown = call.ToolName, true
	if o.toolSet {
		st.tool = &o.tool
	}
	if dialect.ProjectDir {
		r.useProjectDir(call.Cwd)
	}
	r.raw, r.call, r.named = raw, call, named
	return nil
}

// stackOptions are the run's options of the one stack: the person's dispatcher as a.dispatcher
// makes it, and the calling agent's checks of this call (its own hooks-off switches, the wall).
func (r *agentRun) stackOptions() runner.StackOptions {
	o := r.app.stackOptions(r.loc, r.o.guarded, &r.in)
	o.RequireProject = o.RequireProject || r.o.requireProject
	o.ProjectEntry, o.GuardsOnly = r.o.projectWiring, !r.o.projectWiring
	o.Checks = func(g *runner.Guards) {
		g.Switches = r.switchesOff()
		g.Wall = r.wallDown(*g)
	}
	return o
}

// personConfig reads the person's config and guards, and the hookctl event the call fires.
func (r *agentRun) personConfig() error {
	cfg, _, err := r.stack.PersonConfig()
	if err != nil {
		return asFailure(err)
	}
	r.cfg, r.st.cfg = cfg, cfg
	if r.event, err = runner.AgentEvent(r.cfg, r.dialect, r.call, r.named); err != nil {
		r.st.event = "" // not one hookctl knows
		return failuref("%w", err)
	}
	return nil
}

// dispatch fires the call at the stack: the system layer, the person's, the project's.
func (r *agentRun) dispatch(ctx context.Context, in *interruption) (*runner.Result, error) {
	r.stack.ProjectFrom = r.projectFrom(r.call.Cwd)
	res, err := r.stack.Fire(ctx, runner.Call{Event: r.event, Dialect: r.dialect, Agent: r.call, Raw: r.raw})
	if cfg := r.stack.Config(); cfg != nil {
		r.cfg, r.st.cfg = cfg, cfg
	}
	return res, err
}

// addNotices adds hookctl's once-a-session notices to the session start's answer.
func (r *agentRun) addNotices(res *runner.Result) {
	notices := r.sessionNotices(r.dialect, r.loc, r.o.guarded, r.call.Cwd)
	for i, n := range notices {
		notices[i] = terminalSafe(n)
	}
	if res.SystemMessage != "" {
		notices = append([]string{res.SystemMessage}, notices...)
	}
	res.SystemMessage = strings.Join(notices, "\n")
}

// writeAgentAnswer writes the answer where the agent reads it: on stdout, `{}` for no opinion
// (hookctl writes a JSON object whenever it exits 0 under --agent: Gemini CLI takes stderr for
// the answer when stdout is empty, and Copilot CLI and Cline want JSON), or, for an agent that
// reads only exit statuses (Windsurf), a refusal's reason on stderr with exit status 2.
func (a *app) writeAgentAnswer(dialect *agent.Dialect, out []byte) error {
	if dialect.ExitWriter {
		if out == nil {
			return nil
		}
		fmt.Fprintln(a.stderr, terminalSafeLines(string(out)))
		return silent(exitBlocked)
	}
	if out == nil {
		out = []byte("{}")
	}
	if _, err := a.stdout.Write(append(out, '\n')); err != nil {
		return failuref("writing result: %w", err)
	}
	return nil
}

// agentAnswer is the merged decision in the agent's own convention, nil for no opinion; what
// the agent cannot carry is warned about on stderr.
func (a *app) agentAnswer(dialect *agent.Dialect, call agent.Call, event string, res *runner.Result) []byte {
	out, warnings := dialect.Writer(dialect.MappingFor(call, event), res.AgentDecision())
	for _, w := range warnings {
		a.warn("warning: " + w)
	}
	return out
}

// warnAgentRun prints the run's warnings. The agent sees only the decision: a hook that failed
// says so on stderr, which the agents show, instead of in hookctl's JSON result.
func (a *app) warnAgentRun(res *runner.Result) {
	for _, w := range res.Warnings {
		a.warn("warning: " + w)
	}
	for _, h := range res.Hooks {
		if h.Status.Failed() {
			a.warn(fmt.Sprintf("warning: hook %s: %s: %s", h.Command, h.Status, h.Message))
		}
	}
}

// asFailure turns a usage error into a failure (exit 1), as every error is under --agent.
func asFailure(err error) error {
	var ee *exitError
	if errors.As(err, &ee) && ee.code == exitUsage {
		return &exitError{code: exitFailure, err: ee.err}
	}
	return err // any other error is a failure already (exitStatus)
}

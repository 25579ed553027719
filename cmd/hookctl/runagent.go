package main

import (
	"context"
	"errors"
	"fmt"
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
	r.stack = runner.BuildStack(r.stackOptions(), st.event, r.ac.SystemFirst(o.projectWiring))
	event, none, err := r.ac.Resolve(dialect, r.stack, o.projectWiring)
	r.event, st.event = event, event
	r.cfg, st.cfg = r.stack.Config(), r.stack.Config()
	if err != nil {
		return asFailure(err)
	}
	if none {
		st.answered = true
		return a.writeAgentAnswer(dialect, nil)
	}
	if o.toolSet {
		r.call.ToolName = &o.tool
	}

	in, stop := a.interrupts(o.projectWiring || r.stack.MayRun(r.event))
	r.in = in
	defer stop()
	start := time.Now()
	ctx, cancel := runner.AnswerContext(in.ctx, a.began, o.deadline)
	defer cancel()
	ctx, cancelLimit := runner.AgentLimit(ctx, dialect, a.began)
	defer cancelLimit()
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
	a.recordAudit(runner.AuditConfig(r.cfg), loc, res, dialect.Name, r.call.ToolName, r.call.ToolInput, start)
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
	// ac is the call read from the agent's payload; call is its agent.Call.
	ac    runner.AgentCall
	call  agent.Call
	loc   config.Locations
	stack *runner.Stack
	in    *interruption
	cfg   *config.Config
	// event is the hookctl event the call fires, "" for an agent event hookctl has no hooks for.
	event string
}

// readCall reads the agent's payload and the call it describes (runner.ReadAgentCall).
func (r *agentRun) readCall() error {
	o, st := r.o, r.st
	st.event = runner.MappedEvent(r.dialect, o.event)
	raw, err := r.readRaw(o.payloadFile)
	if err != nil {
		return asFailure(err)
	}
	if r.ac, err = runner.ReadAgentCall(r.dialect, o.event, raw); err != nil {
		return failuref("%v", err)
	}
	r.call, st.event = r.ac.Call, r.ac.Event
	st.tool, st.toolKnown = r.call.ToolName, true
	if o.toolSet {
		st.tool = &o.tool
	}
	if r.dialect.ProjectDir {
		r.useProjectDir(r.call.Cwd)
	}
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

// dispatch fires the call at the stack: the system layer, the person's, the project's.
func (r *agentRun) dispatch(ctx context.Context, in *interruption) (*runner.Result, error) {
	r.stack.ProjectFrom = r.projectFrom(r.call.Cwd)
	res, err := r.stack.Fire(ctx, runner.Call{Event: r.event, Dialect: r.dialect, Agent: r.call, Raw: r.ac.Raw})
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
	res.AddNotices(notices)
}

// writeAgentAnswer writes the answer where the agent reads it (agent.Dialect.Deliver).
func (a *app) writeAgentAnswer(dialect *agent.Dialect, out []byte) error {
	stdout, stderr, block := dialect.Deliver(out)
	if block {
		fmt.Fprintln(a.stderr, terminalSafeLines(string(stderr)))
		return silent(exitBlocked)
	}
	if stdout == nil {
		return nil
	}
	if _, err := a.stdout.Write(stdout); err != nil {
		return failuref("writing result: %w", err)
	}
	return nil
}

// agentAnswer is the merged decision in the agent's own convention, nil for no opinion; what
// the agent cannot carry is warned about on stderr.
func (a *app) agentAnswer(dialect *agent.Dialect, call agent.Call, event string, res *runner.Result) []byte {
	out, warnings := runner.AgentAnswer(dialect, call, event, res)
	for _, w := range warnings {
		a.warn("warning: " + w)
	}
	return out
}

// warnAgentRun prints the run's warnings (runner.AgentWarnings).
func (a *app) warnAgentRun(res *runner.Result) {
	for _, w := range runner.AgentWarnings(res) {
		a.warn("warning: " + w)
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

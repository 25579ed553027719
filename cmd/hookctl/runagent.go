package main

import (
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
	r := &agentRun{app: a, o: o,
		run: runner.AgentRun{Dialect: dialect, Named: o.event, ProjectWiring: o.projectWiring}}
	if o.toolSet {
		r.run.Tool = &o.tool
	}
	err = r.steps()
	if err == nil || r.answered {
		return err
	}
	return a.agentFailed(r, err)
}

// agentRun is one run under --agent on its way (runner.AgentRun's steps) and what the command
// layer keeps of it: where it reads, the signals it caught, whether the answer was written.
type agentRun struct {
	*app
	o   runOptions
	run runner.AgentRun
	loc *config.Locations
	in  *interruption
	// answered is set once the answer was written: nothing more can be said then.
	answered bool
}

func (r *agentRun) steps() error {
	a, d := r.app, r.run.Dialect
	if err := r.run.Read(func() ([]byte, error) { return a.readRaw(r.o.payloadFile) }); err != nil {
		return asFailure(asExit(err))
	}
	if d.ProjectDir {
		a.useProjectDir(r.run.Call.Call.Cwd)
	}
	loc, err := a.locations()
	if err != nil {
		return asFailure(err)
	}
	r.loc = &loc
	none, err := r.run.Build(r.stackOptions())
	if err != nil {
		return asFailure(err)
	}
	if none {
		r.answered = true
		return a.writeAgentAnswer(d, nil)
	}
	in, stop := a.interrupts(r.run.MayRun())
	r.in = in
	defer stop()
	start := time.Now()
	ctx, cancel := runner.AnswerContext(in.ctx, a.began, r.o.deadline)
	defer cancel()
	ctx, cancelLimit := runner.AgentLimit(ctx, d, a.began)
	defer cancelLimit()
	call := r.run.Call.Call
	res, err := r.run.Fire(ctx, a.projectFrom(call.Cwd))
	if err != nil {
		return asFailure(err)
	}
	r.answered = true
	out := r.run.Answer(res, r.notices, func(w string) { a.warn("warning: " + w) })
	a.recordAudit(runner.AuditConfig(r.run.Config), loc, res, d.Name, call.ToolName, call.ToolInput, start)
	if err := a.writeAgentAnswer(d, out); err != nil {
		return err
	}
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig)
	}
	return nil
}

// stackOptions are the run's options of the one stack: the person's dispatcher as a.dispatcher
// makes it, and the calling agent's checks of this call (its own hooks-off switches, the wall).
func (r *agentRun) stackOptions() runner.StackOptions {
	o := r.app.stackOptions(*r.loc, r.o.guarded, &r.in)
	o.RequireProject = o.RequireProject || r.o.requireProject
	o.ProjectEntry, o.GuardsOnly = r.o.projectWiring, !r.o.projectWiring
	o.Checks = func(g *runner.Guards) {
		g.Switches = r.switchesOff()
		g.Wall = r.wallDown(*g)
	}
	return o
}

// notices are hookctl's once-a-session notices, escaped, for the session start's answer.
func (r *agentRun) notices() []string {
	notices := r.sessionNotices(r.run.Dialect, *r.loc, r.o.guarded, r.run.Call.Call.Cwd)
	for i, n := range notices {
		notices[i] = terminalSafe(n)
	}
	return notices
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

// asFailure turns a usage error into a failure (exit 1), as every error is under --agent.
func asFailure(err error) error {
	var ee *exitError
	if errors.As(err, &ee) && ee.code == exitUsage {
		return &exitError{code: exitFailure, err: ee.err}
	}
	return err // any other error is a failure already (exitStatus)
}

package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/view"
)

// guardSource is where this run's guards are recorded, and what else the self-guard keeps:
// hookctl's binaries, the wiring memory and the agent settings install wrote (SPEC 18.1).
func (a *app) guardSource(loc config.Locations, guarded bool) runner.GuardSource {
	person, _ := a.lookupEnv(config.HomeVar)
	return runner.GuardSource{Allowlist: loc.Allowlist, Config: loc.Config, Guarded: guarded,
		Home: loc.Home, PersonHome: person, Protect: func() ([]string, []string) { return a.protected(loc) }}
}

// protected names the files of hookctl's own the self-guard keeps beside its home
// (install.Protected).
func (a *app) protected(loc config.Locations) (files, settings []string) {
	m, _ := a.wiringMemory(loc.Home)
	return install.Protected(a.selfPath(), loc.Home, m, a.switchFiles)
}

// confirmDrop asks the person before a command drops, narrows or unwires recorded guards (SPEC
// 17.1), on /dev/tty as the consent prompt asks: an agent's tools run without a terminal, so
// only the person can say yes. Without a terminal, or without a yes, it refuses (exit 1),
// naming the guards, and nothing is changed. A terminal an agent made is no person (18.1):
// when any sign says an agent runs hookctl, it refuses without asking.
func (a *app) confirmDrop(in *interruption, what string, changes []consent.Change, agents []string) error {
	if len(changes) == 0 {
		return nil
	}
	names, question := view.DropQuestion(what, changes, agents)
	if err := a.refuseUnderAgent(fmt.Sprintf("%s (it would drop or change the guard(s) %s)", what, strings.Join(names, "; "))); err != nil {
		return err
	}
	yes, asked := askTTY(in, question)
	if err := view.DropAnswer(what, names, yes, asked); err != nil {
		return failuref("%w", err)
	}
	return nil
}

// agentsWired names the agents hookctl is wired into (user or project settings), sorted.
func (a *app) agentsWired() []string { return install.AgentsOf(a.wired()) }

// configErrors is the failure of a command that refuses to work from a config with errors
// (config.RefuseErrors).
func configErrors(cfg *config.Config, what string) error {
	if err := config.RefuseErrors(cfg, what); err != nil {
		return failuref("%w", err)
	}
	return nil
}

// confirmUnwire asks the person before install or uninstall removes the entry of an agent
// event a recorded guard covers (SPEC 17.1, install.UnwireDrop); preview is the change.
func (a *app) confirmUnwire(s *session, d *agent.Dialect, t install.Target, preview func() (install.Report, error)) error {
	what, changes := install.UnwireDrop(a.wired(), d, t, s.store, preview)
	if len(changes) == 0 {
		return nil
	}
	in, stop := a.interrupts(true)
	defer stop()
	return a.confirmDrop(in, what, changes, []string{d.Name})
}

// agentFailed answers an agent's call that hookctl could not judge (SPEC 17.6): blocked in
// the agent's convention when a guard could cover it (runner.Unjudged.Block), else the error
// stands, exit 1, which these agents read as "go on".
func (a *app) agentFailed(r *agentRun, err error) error {
	if r.loc == nil {
		loc, lerr := a.locations()
		if lerr != nil {
			return asFailure(err)
		}
		r.loc = &loc
	}
	u := r.run.Unjudged(a.guardSource(*r.loc, r.o.guarded), func() *config.Config {
		cfg, _ := a.loadConfigQuiet(*r.loc)
		return cfg
	})
	b, block := u.Block(r.run.Dialect, err)
	if !block {
		return asFailure(err)
	}
	a.warn(err.Error())
	if werr := a.writeAgentAnswer(r.run.Dialect, b.Answer(r.run.Dialect)); werr != nil {
		return werr
	}
	if b.Exit2 {
		return &exitError{code: exitBlocked, err: errors.New(b.Reason)}
	}
	return nil
}

package main

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// acceptsConfig reports whether this run accepts config.yaml as it is, guard removals
// included: --accept-hooks and HOOKCTL_ACCEPT_HOOKS do, hooks_auto_accept never does (SPEC
// 17.2), since a line in the file a guard protects cannot vouch for that file.
func (a *app) acceptsConfig() bool {
	return a.acceptHooks || config.AcceptHooksEnv(a.lookupEnv)
}

// runGuards reads the recorded guards a run of the event is held to. Only an event whose
// entries can be guards (pre_tool_call, pre_llm_call) reads the record: a run of any other
// event reads nothing more than it did before guards existed.
func (a *app) runGuards(loc config.Locations, event string) ([]consent.Guard, error) {
	if !config.GuardEvent(event) {
		return nil, nil
	}
	return consent.NewStore(loc.Allowlist).Guards()
}

// guardState is what a run knows of the recorded guards: the guards of its event, or the
// error of a record that cannot be read or trusted.
type guardState struct {
	guards []consent.Guard
	err    error
}

// runConfig loads the config of a run of the event and the guards it is held to. A config
// that cannot be read is an error, as before, unless a guard of the event is recorded (or the
// record cannot be trusted): then the run goes on with no hooks, and the guard blocks what it
// covered.
func (a *app) runConfig(loc config.Locations, event string) (*config.Config, guardState, error) {
	cfg, err := a.loadConfig(loc)
	var gs guardState
	gs.guards, gs.err = a.runGuards(loc, event)
	if err != nil {
		if len(gs.guards) == 0 && gs.err == nil {
			return nil, gs, err
		}
		a.warn(err.Error())
		cfg = config.Unread(loc.Config)
	}
	if a.acceptsConfig() && !cfg.Unreadable {
		gs.guards = nil // accepted as it is; a record that cannot be trusted still blocks
	}
	return cfg, gs, nil
}

// hold holds the dispatcher to the guards.
func (gs guardState) hold(d *runner.Dispatcher) *runner.Dispatcher {
	d.Guards, d.GuardsErr = gs.guards, gs.err
	return d
}

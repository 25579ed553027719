package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// GuardFix is the step every guard block names: only a person at a terminal can approve a
// state that drops a guard (SPEC 17.1).
const GuardFix = "at a terminal, run `hookctl hooks doctor`, then `hookctl hooks approve`"

// Guards is what a dispatch is held to besides its configured hooks (SPEC 14.2, 18.1): the
// recorded guards, or the error of a record that cannot be read or trusted, and the
// self-guard.
type Guards struct {
	// Recorded are the recorded guards: those of the event the run fires, every one for
	// doctor and list.
	Recorded []consent.Guard
	// Err, when not nil, is a guard record that cannot be read or trusted: every event a guard
	// could cover is blocked.
	Err error
	// Self is the built-in self-guard (SPEC 18.1, 23.6), nil when it is off: no consent state
	// exists, or the event is not the tool event.
	Self *SelfGuard
	// Switches are the calling agent's own switch files that turn its hooks off, or cannot be
	// judged (agent.Dialect.SwitchedOff): a tool call is blocked while one is found
	// (switchBlocks).
	Switches []agent.SwitchFinding
	// Wall, when not "", says why a tool call of an agent wired to run behind the kernel wall
	// does not come from behind it (SPEC 24.2, 28.13): the call is blocked with it (wallBlocks).
	Wall string
	// Lost are a project's guards that the person's record remembers and the project's own
	// record no longer holds (consent.Project.Lost): each blocks what it covered.
	Lost []consent.Gap
	// Projects are the projects whose guards the person's record remembers, read with the
	// person's guards: the project layer of the run is held to them (consent.LoadProject).
	Projects []consent.RememberedProject
}

// GuardSource is where a run's guards are recorded.
type GuardSource struct {
	// Allowlist is the allowlist; the guard record is beside it (consent.GuardPath).
	Allowlist string
	// Config is the config's path, named when it cannot be read.
	Config string
	// Guarded says the wiring that started this run was installed while guards were recorded
	// (run --guarded): a consent state that is gone altogether then cannot be trusted.
	Guarded bool
	// Home is the hookctl home, protected as a folder by the self-guard; PersonHome is the
	// person's HOME, against which the self-guard reads ~.
	Home, PersonHome string
	// Protect, when not nil, names the other files the self-guard keeps: files of hookctl's
	// own (its binaries, the wiring memory) and the agent settings install wrote. It is called
	// only when the self-guard is on.
	Protect func() (files, settings []string)
}

// GuardsFor is the one rule every entry point takes a run's guards from (SPEC 18.1): run, run
// --agent, serve, doctor and list. It reads the guards recorded beside the allowlist for the
// event ("" for every event; an event whose entries cannot be guards reads nothing), and
// settles the config the run goes on with: cfg as loaded; when it could not be loaded (cfgErr),
// cfgErr itself if no guard holds the event, else a config with no hooks (config.Unread), so
// that the guards block what they covered. No bypass changes this: --accept-hooks,
// HOOKCTL_ACCEPT_HOOKS and hooks_auto_accept approve hooks, never a guard's removal or change
// (SPEC 23.1).
func GuardsFor(src GuardSource, event string, cfg *config.Config, cfgErr error) (*config.Config, Guards, error) {
	var g Guards
	if event == "" || config.GuardEvent(event) {
		store := consent.NewStore(src.Allowlist)
		rec, err := store.GuardRecord()
		g.Recorded, g.Projects, g.Err = rec.Guards, rec.Projects, err
		if event != "" {
			g.Recorded = eventGuards(g.Recorded, event)
		}
		gone := vanished(store)
		if g.Err == nil && src.Guarded && gone {
			g.Err = fmt.Errorf("%w: neither the allowlist %s nor the guard record %s exists, but this agent's wiring was installed while guards were recorded (run --guarded)",
				consent.ErrGuardRecord, store.Path, store.GuardPath())
		}
		if event == "" || event == "pre_tool_call" {
			g.Self = selfGuardOf(src, store, g.Recorded, gone)
		}
	}
	if cfgErr != nil {
		if len(g.Recorded) == 0 && g.Err == nil {
			return nil, g, cfgErr
		}
		cfg = config.Unread(src.Config)
	}
	return cfg, g, nil
}

// vanished reports whether the consent state is gone altogether: no allowlist and no guard
// record (a deleted or moved hookctl home).
func vanished(store *consent.Store) bool {
	for _, p := range []string{store.Path, store.GuardPath()} {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
	}
	return true
}

// eventGuards keeps the guards of the event.
func eventGuards(all []consent.Guard, event string) []consent.Guard {
	var out []consent.Guard
	for _, g := range all {
		if g.Event == event {
			out = append(out, g)
		}
	}
	return out
}

// Gaps are the recorded guards the config does not hold as approved (consent.Gaps), of the
// event, every event for "".
func (g Guards) Gaps(cfg *config.Config, event string) []consent.Gap {
	return consent.Gaps(g.Recorded, cfg, event)
}

// guardBlocks returns, when a recorded guard covering the call is not in force, one blocked
// result and blocking effect per such guard (SPEC 14.2): the call goes no further. A guard
// record that cannot be trusted blocks every event a guard could cover. Nil when every guard
// covering the call is configured as it was approved, or the event cannot block here.
func (d *Dispatcher) guardBlocks(f *firing) ([]HookResult, []effect) {
	if !f.blocking() {
		return nil, nil
	}
	hrs, effects := d.switchBlocks(f)
	if h, e := d.wallBlocks(f); h != nil {
		hrs, effects = append(hrs, *h), append(effects, *e)
	}
	add := func(command, why, fix string) {
		if fix == "" {
			fix = GuardFix
		}
		msg := fmt.Sprintf("blocked by guard %s: %s; %s", command, why, fix)
		hrs = append(hrs, HookResult{Command: command, Status: StatusBlocked, Message: msg})
		e := effect{block: true, message: msg, command: command, warning: msg}
		if f.mapping.Honours.Has(agent.Notice) {
			e.systemMessage = "hookctl: " + msg // the person sees why, not only the model (SPEC 18.3)
		}
		effects = append(effects, e)
	}
	if d.Guards.Err != nil && config.GuardEvent(f.event) {
		add("record", d.Guards.Err.Error(), "")
		return hrs, effects
	}
	for _, gap := range append(d.Guards.Gaps(d.Config, f.event), d.Guards.Lost...) {
		if gap.Guard.Covers(f.event, f.dialect.Name, f.tool, true) {
			add(gap.Guard.String(), gap.Why, gap.Fix)
		}
	}
	return hrs, effects
}

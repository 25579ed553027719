package wallrun

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

// Probe is what a call learnt of the wall wired for its agent.
type Probe struct {
	// MemoryErr is set when the wiring memory, which says whether a wall is wired, cannot be
	// read; nothing else is then known.
	MemoryErr error
	// Wired says install wired the wall for the agent, as Wall.
	Wired bool
	Wall  install.WallWired
	// Inside says the call comes from behind the wall; InsideErr that this cannot be told.
	Inside    bool
	InsideErr error
}

// WiredFor is the wall install wired for the agent in the wiring memory m, if any.
func WiredFor(m install.Memory, name string) (install.WallWired, bool) {
	i := slices.IndexFunc(m.Walls, func(w install.WallWired) bool { return w.Agent == name })
	if i < 0 {
		return install.WallWired{}, false
	}
	return m.Walls[i], true
}

// ProbeFor probes the wall for a call of d: m and memErr are the home's wiring memory as read.
// Whether the call is walled is a probe the agent cannot fake (wall.Inside): a walled file of
// the home that its mode lets this user write refuses a write-open.
func ProbeFor(d *agent.Dialect, m install.Memory, memErr error, home string, lookupEnv func(string) (string, bool)) Probe {
	if memErr != nil {
		return Probe{MemoryErr: memErr}
	}
	w, wired := WiredFor(m, d.Name)
	p := Probe{Wired: wired, Wall: w}
	if !wired {
		return p
	}
	set, err := SetFor(home, lookupEnv)
	if err == nil {
		p.Inside, err = wall.Inside(HomeOnly(set))
	}
	p.InsideErr = err
	return p
}

// Down says, on a tool call of an agent wired for the wall (install --wall), why the call does
// not come from behind it: block is the reason the call is blocked, "" when it is behind it,
// no wall is wired or the event is not a tool call (SPEC 28.13). The wiring memory that says
// a wall is wired lies in the walled home, so an agent behind the wall cannot take the wall
// out of it; one that cannot be read blocks only where guards are held (a guard recorded, or
// the record unreadable), as a switch file that cannot be judged does; else warning says so.
// probe is called only for a tool call.
func Down(event string, d *agent.Dialect, guardsHeld bool, probe func() Probe) (block, warning string) {
	if event != "pre_tool_call" && event != "post_tool_call" {
		return "", ""
	}
	p := probe()
	switch {
	case p.MemoryErr != nil && !guardsHeld:
		return "", "hookctl: cannot tell whether the wall is wired: " + p.MemoryErr.Error()
	case p.MemoryErr != nil:
		return fmt.Sprintf("hookctl: cannot tell whether %s was wired to run behind the wall (%v); at your own terminal: hookctl hooks doctor", d.Title, p.MemoryErr), ""
	case !p.Wired:
		return "", ""
	case p.InsideErr != nil:
		return fmt.Sprintf("hookctl: %s was wired to run behind the wall, and whether this call is behind it cannot be told (%v); at your own terminal: hookctl hooks doctor", d.Title, p.InsideErr), ""
	case p.Inside:
		return "", ""
	case p.Wall.Mode == install.WallByStart:
		return fmt.Sprintf("hookctl: %s was wired to run behind the wall, and this call comes from outside it: start it as `%s`; or, at your own terminal, hookctl install %s --no-wall", d.Title, StartCommand(d), d.Name), ""
	}
	return fmt.Sprintf("hookctl: %s was wired to run its commands behind the wall, and this call's hooks run outside it (env.%s is gone from its settings, or changed); at your own terminal: hookctl install %s --wall (or --no-wall)", d.Title, install.ShellPrefixVar, d.Name), ""
}

// Notice is the session's line about a wall wired for the agent (SPEC 24.2): up, or not up
// and the session's tool calls blocked; "" for an agent with no wall wired (doctor and hooks
// list say whether the wall could reach it) or a memory that cannot be read. A call whose
// place cannot be told counts as outside.
func Notice(d *agent.Dialect, p Probe) string {
	if p.MemoryErr != nil || !p.Wired {
		return ""
	}
	inside := p.Inside && p.InsideErr == nil
	switch {
	case inside && p.Wall.Mode == install.WallByStart:
		return fmt.Sprintf("hookctl: the wall is up: %s and everything it starts cannot change hookctl's state, its binaries or the guards' programs", d.Title)
	case inside:
		return fmt.Sprintf("hookctl: the wall is up for %s's commands: they cannot change hookctl's state, its binaries or the guards' programs", d.Title)
	case p.Wall.Mode == install.WallByStart:
		return fmt.Sprintf("hookctl: the wall is not up: %s was wired to run behind it and was started outside it, so its tool calls are blocked; start it as `%s`", d.Title, StartCommand(d))
	}
	return fmt.Sprintf("hookctl: the wall is not up: %s was wired to run its commands behind it and its hooks run outside it, so its tool calls are blocked; at your own terminal: hookctl hooks doctor", d.Title)
}

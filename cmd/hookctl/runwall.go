package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/wall"
)

// startCommand is how the person starts the agent behind the wall.
func startCommand(d *agent.Dialect) string {
	program := d.Name
	if programs, _ := agentenv.Programs(d.Name); len(programs) > 0 {
		program = programs[0]
	}
	return strings.Join(append([]string{"hookctl", "wall", "--", program}, d.WallStartArgs...), " ")
}

// wiringMemory is the home's wiring memory, read once per invocation: a tool call's self-guard
// (protected) and its wall check (wallDown) both need it.
func (a *app) wiringMemory(home string) (install.Memory, error) {
	if a.memory == nil || a.memoryHome != home {
		m, err := install.ReadMemory(install.MemoryPath(home))
		a.memory, a.memoryErr, a.memoryHome = &m, err, home
	}
	return *a.memory, a.memoryErr
}

// wallFor is the wall install wired for the agent in the home's wiring memory, if any; an
// unreadable memory is an error.
func (a *app) wallFor(home string, d *agent.Dialect) (w install.WallWired, wired bool, err error) {
	m, err := a.wiringMemory(home)
	if err != nil {
		return w, false, err
	}
	walls := m.Walls
	i := slices.IndexFunc(walls, func(w install.WallWired) bool { return w.Agent == d.Name })
	if i < 0 {
		return w, false, nil
	}
	return walls[i], true, nil
}

// wallDown says, on a tool call of an agent wired for the wall (install --wall), why the call
// does not come from behind it, "" when it does or no wall is wired (SPEC 28.13). Whether it
// is walled is a probe the agent cannot fake: a walled file of the home that its mode lets this
// user write refuses a write-open. The wiring memory that says a wall is wired lies in the
// walled home, so an agent behind the wall cannot take the wall out of it; one that cannot be
// read blocks only where a guard is recorded, as a switch file that cannot be judged does.
func (r *agentRun) wallDown(g runner.Guards) string {
	if r.event != "pre_tool_call" && r.event != "post_tool_call" {
		return ""
	}
	w, wired, err := r.wallFor(r.loc.Home, r.dialect)
	if err != nil {
		if len(g.Recorded) == 0 && g.Err == nil {
			r.warn("warning: hookctl: cannot tell whether the wall is wired: " + terminalSafe(err.Error()))
			return ""
		}
		return fmt.Sprintf("hookctl: cannot tell whether %s was wired to run behind the wall (%v); at your own terminal: hookctl hooks doctor", r.dialect.Title, err)
	}
	if !wired {
		return ""
	}
	set, err := r.wallSet(r.loc.Home)
	var inside bool
	if err == nil {
		inside, err = wall.Inside(homeOnly(set))
	}
	switch {
	case err != nil:
		return fmt.Sprintf("hookctl: %s was wired to run behind the wall, and whether this call is behind it cannot be told (%v); at your own terminal: hookctl hooks doctor", r.dialect.Title, err)
	case inside:
		return ""
	case w.Mode == install.WallByStart:
		return fmt.Sprintf("hookctl: %s was wired to run behind the wall, and this call comes from outside it: start it as `%s`; or, at your own terminal, hookctl install %s --no-wall", r.dialect.Title, startCommand(r.dialect), r.dialect.Name)
	}
	return fmt.Sprintf("hookctl: %s was wired to run its commands behind the wall, and this call's hooks run outside it (env.%s is gone from its settings, or changed); at your own terminal: hookctl install %s --wall (or --no-wall)", r.dialect.Title, install.ShellPrefixVar, r.dialect.Name)
}

// wallNotice is the session's line about a wall wired for the agent (SPEC 24.2): up, or not up
// and the session's tool calls blocked. An agent with no wall wired gets no line each session:
// doctor and hooks list say whether the wall could reach it.
func (a *app) wallNotice(d *agent.Dialect, home string) string {
	w, wired, err := a.wallFor(home, d)
	if err != nil || !wired {
		return ""
	}
	set, err := a.wallSet(home)
	inside := false
	if err == nil {
		inside, _ = wall.Inside(homeOnly(set))
	}
	switch {
	case inside && w.Mode == install.WallByStart:
		return fmt.Sprintf("hookctl: the wall is up: %s and everything it starts cannot change hookctl's state, its binaries or the guards' programs", d.Title)
	case inside:
		return fmt.Sprintf("hookctl: the wall is up for %s's commands: they cannot change hookctl's state, its binaries or the guards' programs", d.Title)
	case w.Mode == install.WallByStart:
		return fmt.Sprintf("hookctl: the wall is not up: %s was wired to run behind it and was started outside it, so its tool calls are blocked; start it as `%s`", d.Title, startCommand(d))
	}
	return fmt.Sprintf("hookctl: the wall is not up: %s was wired to run its commands behind it and its hooks run outside it, so its tool calls are blocked; at your own terminal: hookctl hooks doctor", d.Title)
}

// homeOnly is the part of the wall's set a call's probe looks at: the hookctl home, what the
// wall is for. The other walled folders (/usr/bin, hookctl's own) are left out: a probe lists
// each folder it looks in, and those are large, and a program running there is busy.
func homeOnly(set wall.Set) wall.Set {
	return wall.Set{Trees: set.Trees[:1], Open: set.Open} // wallSet puts the home first
}

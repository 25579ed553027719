package main

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/view"
	"github.com/hookctl/hookctl/wall"
)

// examineWall says, per agent wired in the person's own settings, whether its commands are
// wired to run behind the wall and whether the wall goes up here now (SPEC 24.2), with the
// findings of a wall that is wired and cannot go up, walls another home, or was wired and has
// been taken out of the agent's settings since.
func (a *app) examineWall(s *session, wired []install.Wiring, only *agent.Dialect, r *doctor.Report) {
	states, findings := a.wallStates(s, wired, only)
	r.Walls = append(r.Walls, states...)
	r.Add(findings...)
}

// wallStates are examineWall's states and findings, as doctor and hooks list show them.
func (a *app) wallStates(s *session, wired []install.Wiring, only *agent.Dialect) (states []doctor.WallState, findings []doctor.Finding) {
	st := a.detectWall()
	_, reason := st.Ready()
	remembered, _ := install.LoadWalls(install.MemoryPath(s.loc.Home)) // unreadable: unwiredFindings says so
	var seen []string
	for _, w := range wired {
		if w.Scope != "user" || slices.Contains(seen, w.Agent) || only != nil && w.Agent != only.Name {
			continue
		}
		seen = append(seen, w.Agent)
		d, err := agent.Lookup(w.Agent)
		if err != nil {
			continue
		}
		state := doctor.WallState{Agent: w.Agent, State: string(st.State), ABI: st.ABI, Reason: reason}
		if w.Agent == wallAgent {
			var fs []doctor.Finding
			state.Wired, fs = a.wallWiring(s, d, w.File, st, remembered)
			findings = append(findings, fs...)
		} else if slices.ContainsFunc(remembered, func(r install.WallWired) bool { return r.Agent == d.Name && r.Mode == install.WallByStart }) {
			state.Wired, state.Start = true, true
			if ok, why := st.Ready(); !ok {
				findings = append(findings, doctor.Finding{Severity: doctor.SeverityError, Check: "wall",
					Message: fmt.Sprintf("%s was wired to run behind the wall, which cannot go up on this machine: %s; %s exits 126, and its tool calls from outside the wall are blocked", d.Title, why, startCommand(d)),
					Fix:     fmt.Sprintf("at a terminal: hookctl install %s --no-wall (it then runs without the wall)", d.Name)})
			}
		}
		states = append(states, state)
	}
	return states, findings
}

// wallWiring reads the wall's prefix in the agent's settings file (view.WallWiring).
func (a *app) wallWiring(s *session, d *agent.Dialect, file string, st wall.Status, remembered []install.WallWired) (bool, []doctor.Finding) {
	home, err := install.WallPrefixIn(file, filepath.Base(a.selfPath()))
	return view.WallWiring(d, file, home, err, st, remembered, s.loc.Home)
}

// wallLine is doctor's line about one wired agent and the wall.
func wallLine(w doctor.WallState) string {
	title := w.Agent
	if d, err := agent.Lookup(w.Agent); err == nil {
		title = d.Title
	}
	wired := "wired to run its commands behind the wall"
	switch {
	case w.Start:
		wired = "wired to run behind the wall: start it as " + startCommand(mustLookup(w.Agent)) + " (its tool calls from outside it are blocked; approve and install at a terminal outside it)"
	case !w.Wired && w.Agent == wallAgent:
		wired = "not behind the wall (hookctl install " + w.Agent + " --wall puts its commands there)"
	case !w.Wired && mustLookup(w.Agent).WallStart:
		wired = "not behind the wall (hookctl install " + w.Agent + " --wall, then start it as " + startCommand(mustLookup(w.Agent)) + ")"
	case !w.Wired:
		wired = "not behind the wall (the wall is not proven to reach it: docs/wall.md)"
	}
	now := fmt.Sprintf("the wall goes up here (%s, Landlock ABI %d)", w.State, w.ABI)
	switch {
	case w.Reason != "":
		now = "the wall cannot go up here: " + w.Reason
	case w.ABI == 0:
		now = "the wall goes up here (" + w.State + ")"
	}
	return title + ": " + wired + "; " + now
}

// mustLookup is the registered dialect of a name doctor read from the wiring, or a bare one
// carrying the name.
func mustLookup(name string) *agent.Dialect {
	if d, err := agent.Lookup(name); err == nil {
		return d
	}
	return &agent.Dialect{Name: name, Title: name}
}

package view

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

// WallStates say, per agent wired in the person's own settings (only's alone when set),
// whether its commands are wired to run behind the wall and whether the wall goes up here now
// (st, SPEC 24.2), with the findings of a wall that is wired and cannot go up, walls another
// home, or was wired (remembered: the wiring memory's walls) and has been taken out of the
// agent's settings since. doctorHome is the hookctl home doctor reads; selfName the name the
// wiring runs hookctl by.
func WallStates(st wall.Status, wired []install.Wiring, only *agent.Dialect, remembered []install.WallWired, doctorHome, selfName string) (states []doctor.WallState, findings []doctor.Finding) {
	ready, reason := st.Ready()
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
		switch {
		case w.Agent == install.WallAgent:
			home, err := install.WallPrefixIn(w.File, selfName)
			var fs []doctor.Finding
			state.Wired, fs = WallWiring(d, w.File, home, err, st, remembered, doctorHome)
			findings = append(findings, fs...)
		case slices.ContainsFunc(remembered, func(r install.WallWired) bool { return r.Agent == d.Name && r.Mode == install.WallByStart }):
			state.Wired, state.Start = true, true
			if !ready {
				findings = append(findings, doctor.Finding{Severity: doctor.SeverityError, Check: "wall",
					Message: fmt.Sprintf("%s was wired to run behind the wall, which cannot go up on this machine: %s; %s exits 126, and its tool calls from outside the wall are blocked", d.Title, reason, install.StartCommand(d)),
					Fix:     fmt.Sprintf("at a terminal: hookctl install %s --no-wall (it then runs without the wall)", d.Name)})
			}
		}
		states = append(states, state)
	}
	return states, findings
}

// WallLine is doctor's and hooks list's line about one wired agent and the wall.
func WallLine(w doctor.WallState) string {
	d := lookupOrBare(w.Agent)
	wired := "wired to run its commands behind the wall"
	switch {
	case w.Start:
		wired = "wired to run behind the wall: start it as " + install.StartCommand(d) + " (its tool calls from outside it are blocked; approve and install at a terminal outside it)"
	case !w.Wired && w.Agent == install.WallAgent:
		wired = "not behind the wall (hookctl install " + w.Agent + " --wall puts its commands there)"
	case !w.Wired && d.WallStart:
		wired = "not behind the wall (hookctl install " + w.Agent + " --wall, then start it as " + install.StartCommand(d) + ")"
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
	return d.Title + ": " + wired + "; " + now
}

// lookupOrBare is the registered dialect of a name read from the wiring, or a bare one
// carrying the name.
func lookupOrBare(name string) *agent.Dialect {
	if d, err := agent.Lookup(name); err == nil {
		return d
	}
	return &agent.Dialect{Name: name, Title: name}
}

package main

import (
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/view"
)

// examineWall adds to the report, per agent wired in the person's own settings, whether its
// commands run behind the wall and whether the wall goes up here now (wallStates).
func (a *app) examineWall(s *session, wired []install.Wiring, only *agent.Dialect, r *doctor.Report) {
	states, findings := a.wallStates(s, wired, only)
	r.Walls = append(r.Walls, states...)
	r.Add(findings...)
}

// wallStates are view.WallStates for the wall as it goes up here, as doctor and hooks list
// show them.
func (a *app) wallStates(s *session, wired []install.Wiring, only *agent.Dialect) ([]doctor.WallState, []doctor.Finding) {
	remembered, _ := install.LoadWalls(install.MemoryPath(s.loc.Home)) // unreadable: unwiredFindings says so
	return view.WallStates(a.detectWall(), wired, only, remembered, s.loc.Home, filepath.Base(a.selfPath()))
}

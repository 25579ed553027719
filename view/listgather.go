package view

import (
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
)

// ListParts are what `hooks list` shows beside the config's hooks, as the command layer
// gathers them from the guard record, the wiring, the walls and the layers.
type ListParts struct {
	Guards       []doctor.Finding // the person's recorded guards not in force
	Wired        []install.Wiring
	Unwired      []doctor.Finding // guards an agent's wiring no longer runs
	Switches     []doctor.Finding // agents whose hooks are switched off
	SelfGuard    SelfGuard
	Walls        []doctor.WallState
	WallFindings []doctor.Finding
	System       *System
	Project      *Project
	Projects     []ApprovedProject
}

// Gather puts the parts in the listing, its findings in the order list shows them: the
// system level's first, then the person's guards, the wiring, the switches, the walls and the
// project's guards; never null in JSON.
func (l *List) Gather(p ListParts) {
	l.Wired, l.SelfGuard, l.System, l.Project, l.Projects = p.Wired, p.SelfGuard, p.System, p.Project, p.Projects
	l.Walls = append([]doctor.WallState{}, p.Walls...)
	l.Guards = append(append(append(append(SystemFindings(p.System), p.Guards...), p.Unwired...), p.Switches...), p.WallFindings...)
	if p.Project != nil {
		l.Guards = append(l.Guards, p.Project.Guards...)
	}
	if l.Guards == nil {
		l.Guards = []doctor.Finding{}
	}
}

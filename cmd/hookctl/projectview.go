package main

import (
	"context"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/view"
)

// projectView reads the project layer as a run in the working folder would, for every event;
// nil when the working folder is in no project (view.ProjectOf).
func (a *app) projectView() *view.Project {
	loc, err := a.locations()
	if err != nil {
		return nil
	}
	return view.ProjectOf(a.projectLayer(loc, a.projectFrom(""), "", false), a.projectBypass(), nil, a.strictShown())
}

// projectDoctor is doctor's findings of the project layer (view.ProjectDoctor).
func (a *app) projectDoctor(ctx context.Context, only *agent.Dialect) []doctor.Finding {
	return view.ProjectDoctor(ctx, a.projectView(), only)
}

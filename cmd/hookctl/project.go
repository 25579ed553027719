package main

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// projectFrom is the folder a project is looked up from (runner.ProjectFrom).
func (a *app) projectFrom(cwd string) string { return runner.ProjectFrom(a.lookupEnv, cwd) }

// projectLayer reads the project layer for the event ("" for every event), nil when there is
// no project (runner.ProjectLayer). Its problems are said on stderr when warn is set.
func (a *app) projectLayer(loc config.Locations, from, event string, warn bool) *consent.Project {
	p := runner.ProjectLayer(loc, a.personHome(), from, event)
	if p != nil && warn {
		for _, w := range runner.ProjectProblems(p) {
			a.warn(w)
		}
	}
	return p
}

// projectBypass reports whether consent is bypassed for a project's hooks
// (consent.Bypass.Project).
func (a *app) projectBypass() bool {
	return a.bypassFlags().Project()
}

// projectSession is the session of the project the working folder is in (hooks approve
// --project, revoke --project): its config, every event's, its problems said on stderr, and its
// own approvals. Being in no project is an error naming why.
func (a *app) projectSession() (*session, *consent.Project, error) {
	loc, err := a.locations()
	if err != nil {
		return nil, nil, err
	}
	from := a.projectFrom("")
	p := a.projectLayer(loc, from, "", true)
	ploc, err := runner.OwnProject(p, from, loc.Home)
	if err != nil {
		return nil, nil, failuref("%w", err)
	}
	return &session{loc: ploc, cfg: p.Config, store: p.Store}, p, nil
}

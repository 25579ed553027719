package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// projectFrom is the folder a project is looked up from (SPEC 23.8): the agent's own project
// folder ($CLAUDE_PROJECT_DIR, which run --agent also takes from the payload's workspace root),
// else cwd (the payload's), else the working folder.
func (a *app) projectFrom(cwd string) string {
	if v, ok := a.lookupEnv(config.ProjectDirVar); ok && filepath.IsAbs(v) {
		return v
	}
	if filepath.IsAbs(cwd) {
		return cwd
	}
	wd, _ := os.Getwd()
	return wd
}

// projectLayer reads the project layer for the event ("" for every event), nil when there is
// no project, as a run reads it (runner.LoadProject), held to the projects whose guards the
// person's record remembers. Its problems are said on stderr when warn is set.
func (a *app) projectLayer(loc config.Locations, from, event string, warn bool) *consent.Project {
	rec, _ := consent.NewStore(loc.Allowlist).GuardRecord() // unreadable: the person's layer blocks
	p := runner.LoadProject(loc, a.personHome(), from, event, rec.Projects)
	if p == nil || !warn {
		return p
	}
	if p.ConfigErr != nil {
		a.warn(fmt.Sprintf("warning: the project's hooks do not run: %v", p.ConfigErr))
	}
	for _, pr := range p.Config.Problems {
		a.warn(pr.String())
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
	if p == nil {
		return nil, nil, failuref("%s is in no project: a project is a folder holding .git, below your home and outside the hookctl home, with its hooks in .agent-hooks/config.yaml", from)
	}
	if p.ConfigErr != nil {
		return nil, nil, failuref("the project's config cannot be read: %v", p.ConfigErr)
	}
	ploc := config.Locations{Home: loc.Home, Config: p.Config.Path, Allowlist: p.Store.Path}
	return &session{loc: ploc, cfg: p.Config, store: p.Store}, p, nil
}

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
// no project or, for a run, the project has nothing for the event. Its problems are said on
// stderr when warn is set.
func (a *app) projectLayer(loc config.Locations, from, event string, warn bool) *consent.Project {
	return a.projectLayerOf(loc, from, event, warn, rememberedProjects(loc))
}

// rememberedProjects are the projects whose guards the person's guard record remembers, none
// when it cannot be read (the person's layer then blocks what a guard could cover).
func rememberedProjects(loc config.Locations) []consent.RememberedProject {
	rec, _ := consent.NewStore(loc.Allowlist).GuardRecord()
	return rec.Projects
}

// projectLayerOf is projectLayer held to the remembered projects (a run has read them with
// the person's guards: runner.Guards.Projects). The project's store remembers its guards in
// the person's record whenever they change.
func (a *app) projectLayerOf(loc config.Locations, from, event string, warn bool, remembered []consent.RememberedProject) *consent.Project {
	src := config.Sources{Person: loc, PersonHome: a.personHome(), Event: event, ProjectFrom: from,
		Remembered: consent.RememberedRoots(remembered)}
	layer, ok := config.LayerOf(config.Layers(src), config.LayerProject)
	if !ok {
		return nil
	}
	p := consent.LoadProject(loc.Home, layer, event, remembered)
	if p == nil {
		return nil
	}
	p.Store.Person = consent.NewStore(loc.Allowlist)
	if !warn {
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

// projectBypass reports whether consent is bypassed for a project's hooks: --accept-hooks (a
// CI machine's wiring), and HOOKCTL_ACCEPT_HOOKS outside run --agent; never hooks_auto_accept,
// which is the person's setting for their own hooks, so that nothing of a fresh clone runs
// unapproved on a machine where it is on.
func (a *app) projectBypass() bool {
	return a.acceptHooks || !a.underAgent && config.AcceptHooksEnv(a.lookupEnv)
}

// projectFire is the project layer of runner.Layered: the project's hooks fired by fire, after
// the person's, gated by the project's own approvals, with a prompt on the terminal. nil when
// the run is in no project.
//
// remembered returns the projects the person's record remembers, as the person's layer read
// them with its guards (runner.Guards.Projects): the project layer reads nothing more for them.
func (a *app) projectFire(loc config.Locations, from, event string, in *interruption, remembered func() []consent.RememberedProject,
	fire func(*runner.Dispatcher) (*runner.Result, error)) func() (*runner.Result, error) {
	return func() (*runner.Result, error) {
		p := a.projectLayerOf(loc, from, event, true, remembered())
		if p == nil || !p.Config.KnownEvent(event) {
			return nil, nil
		}
		gate := &consent.Gate{Store: p.Store, Bypass: a.projectBypass(), Warn: a.warnFunc(),
			Prompt: func(h config.Hook, c consent.Check) bool {
				yes, _ := askTTY(in, "hookctl: a hook of the project "+terminalSafe(p.Root)+"\n"+promptText(h, c, promptDiff(p.Store, h, c)))
				return yes
			}}
		return fire(runner.ProjectDispatcher(p, gate, nil))
	}
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

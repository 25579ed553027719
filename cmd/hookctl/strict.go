package main

import (
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// strictShown says whether the views are to show strict mode: HOOKCTL_REQUIRE_PROJECT=1 here,
// or an agent wired with --require-project (its runs make a fresh clone's guard block).
func (a *app) strictShown() bool {
	if runner.RequireProject(a.lookupEnv) {
		return true
	}
	home, err := a.home()
	cwd, _ := os.Getwd()
	return err == nil && install.StrictWired(home, cwd, filepath.Base(a.selfPath()), a.lookupEnv)
}

// strictTarget writes --require-project into the person's wiring when install was given it. A
// project's committed wiring does not carry it: a team asks for strict mode where it runs
// (HOOKCTL_REQUIRE_PROJECT=1 in CI, or each person's install --require-project).
func (a *app) strictTarget(d *agent.Dialect, t install.Target, o installOptions) (install.Target, error) {
	if !o.requireProject || o.project {
		return t, nil
	}
	f := a.runFlags(false)
	f.RequireProject = true
	return install.TargetFor(d, t.Path, a.selfPath(), f), nil
}

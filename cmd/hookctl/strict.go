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

// strictTarget writes --require-project into the person's wiring when install was given it
// (install.StrictTarget).
func (a *app) strictTarget(d *agent.Dialect, t install.Target, o installOptions) (install.Target, error) {
	return install.StrictTarget(d, t, a.selfPath(), a.runFlags(false), o.requireProject, o.project), nil
}

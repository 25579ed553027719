package install

import "github.com/hookctl/hookctl/agent"

// StrictTarget is t written with --require-project (strict mode) when install was given it
// (require), with the person's run flags f and hookctl at self. A project's committed wiring
// (project) does not carry it: a team asks for strict mode where it runs
// (HOOKCTL_REQUIRE_PROJECT=1 in CI, or each person's install --require-project).
func StrictTarget(d *agent.Dialect, t Target, self string, f RunFlags, require, project bool) Target {
	if !require || project {
		return t
	}
	f.RequireProject = true
	return TargetFor(d, t.Path, self, f)
}

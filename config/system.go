package config

import "path/filepath"

// The layers a hook comes from (Hook.Layer): the system's root-owned folder (SystemDir), the
// person's hookctl home, and, later, a project's .agent-hooks.
const (
	LayerSystem  = "system"
	LayerUser    = "user"
	LayerProject = "project"
)

// SystemLocations are the files of the system layer, all in SystemDir: config.yaml,
// allowlist.json, and beside it the guard record allowlist.guards.json. Nothing moves them: no
// variable, no flag. ok is false on a platform without a system level.
func SystemLocations() (loc Locations, ok bool) {
	if SystemDir == "" {
		return Locations{}, false
	}
	return Locations{
		Home:      SystemDir,
		Config:    filepath.Join(SystemDir, "config.yaml"),
		Allowlist: filepath.Join(SystemDir, "allowlist.json"),
	}, true
}

// SystemEnv is the whole environment of a system hook (SPEC 23.3): PATH fixed to SystemPath and
// the person's home (HomeVar), nothing else of the person's environment (no BASH_ENV, ENV,
// PYTHON*, NODE_OPTIONS, LD_*, HOOKCTL_*). The runner adds its own variables for the call on
// top.
func SystemEnv(home string) []string {
	env := append([]string{"PATH=" + SystemPath}, systemExtraEnv()...)
	if home != "" {
		env = append(env, HomeVar+"="+home)
	}
	return env
}

// SystemLookup reads a variable of SystemEnv(home): what a system config's commands expand $VAR
// and ~ from, so that nothing the person sets can change what a system hook runs.
func SystemLookup(home string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		switch name {
		case "PATH":
			return SystemPath, true
		case HomeVar:
			return home, home != ""
		}
		return "", false
	}
}

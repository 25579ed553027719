package main

import (
	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/view"
)

// switchesOff checks, on a tool call, the calling agent's own hooks-off switches (SPEC 28.6):
// the user's files and those of the project the call is in. A file that cannot be judged is
// warned of here; the runner blocks on it only where a guard is recorded.
//
// Cost, measured with BenchmarkSwitchedOff (agent/switches_test.go: Claude Code's three files
// in the home and two project folders, six paths) on this 2-CPU machine while it ran at a load
// average of 15-20: all absent 23-170 µs, all present (settings without the key, so not
// parsed) 0.14-0.9 ms, against 37-105 ms for a whole `run --agent claude-code` under the same
// load (median ratio to the release before, 8 interleaved rounds of 40 runs: 0.97, inside the
// noise); a quiet machine should read the lower ends. Each call is its own process, so a cache
// across calls would have to live in the hookctl home, which the hot path does not write: a
// file is read only when present, and parsed only when it holds the switch's key.
func (r *agentRun) switchesOff() []agent.SwitchFinding {
	if r.run.Event != "pre_tool_call" && r.run.Event != "post_tool_call" {
		return nil
	}
	home, err := r.home()
	if err != nil {
		return nil
	}
	found := r.run.Dialect.SwitchedOff(home, r.switchProjects(home, r.run.Call.Call.Cwd), r.lookupEnv)
	for _, f := range found {
		if f.Err != nil {
			r.warn("warning: hookctl: " + terminalSafe(f.Message()))
		}
	}
	return found
}

// switchProjects are config.SwitchProjects for a call in cwd.
func (a *app) switchProjects(home, cwd string) []string {
	hookctlHome := ""
	if loc, err := a.locations(); err == nil {
		hookctlHome = loc.Home
	}
	return config.SwitchProjects(a.projectFrom(cwd), home, hookctlHome)
}

// switchFiles are agent.SwitchFiles of the wired agents, the project's those of the folder the
// agent runs hookctl in.
func (a *app) switchFiles(wired []string) []string {
	home, err := a.home()
	if err != nil || len(wired) == 0 {
		return nil
	}
	return agent.SwitchFiles(wired, home, a.switchProjects(home, ""), a.lookupEnv)
}

// switchFindings are view.SwitchFindings for the projects of cwd.
func (a *app) switchFindings(wired []install.Wiring, only *agent.Dialect, cwd string) []doctor.Finding {
	home, err := a.home()
	if err != nil {
		return nil
	}
	return view.SwitchFindings(wired, only, home, a.switchProjects(home, cwd), a.lookupEnv)
}

// switchNotices are agent.SwitchNotices of the agent's own switches.
func (a *app) switchNotices(d *agent.Dialect, home, from string) []string {
	return agent.SwitchNotices(d.SwitchedOff(home, a.switchProjects(home, from), a.lookupEnv))
}

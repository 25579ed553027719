package main

import (
	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/wallrun"
	"github.com/hookctl/hookctl/runner"
)

// wiringMemory is the home's wiring memory, read once per invocation: a tool call's self-guard
// (protected) and its wall check (wallDown) both need it.
func (a *app) wiringMemory(home string) (install.Memory, error) {
	if a.memory == nil || a.memoryHome != home {
		m, err := install.ReadMemory(install.MemoryPath(home))
		a.memory, a.memoryErr, a.memoryHome = &m, err, home
	}
	return *a.memory, a.memoryErr
}

// wallProbe probes the wall wired for the agent in the home's wiring memory (wallrun.ProbeFor).
func (a *app) wallProbe(home string, d *agent.Dialect) wallrun.Probe {
	m, err := a.wiringMemory(home)
	return wallrun.ProbeFor(d, m, err, home, a.lookupEnv)
}

// wallDown says why a tool call of an agent wired for the wall does not come from behind it,
// "" when it does or no wall is wired (wallrun.Down).
func (r *agentRun) wallDown(g runner.Guards) string {
	held := len(g.Recorded) > 0 || g.Err != nil
	block, warning := wallrun.Down(r.run.Event, r.run.Dialect, held, func() wallrun.Probe { return r.wallProbe(r.loc.Home, r.run.Dialect) })
	if warning != "" {
		r.warn("warning: " + terminalSafe(warning))
	}
	return block
}

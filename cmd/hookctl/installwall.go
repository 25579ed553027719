package main

import (
	"fmt"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
)

// wallAgent is install.WallAgent, the one agent with a shell prefix setting.
const wallAgent = install.WallAgent

// wallTarget sets what t does with the wall's prefix (install.SetWall) for the wall as it goes
// up here; abi is the Landlock ABI the wall has now, 0 without --wall.
func (a *app) wallTarget(o installOptions, s *session, t *install.Target) (abi int, err error) {
	ready := func() (bool, string) {
		st := a.detectWall()
		abi = st.ABI
		return st.Ready()
	}
	if err := install.SetWall(t, o.agent, o.wall, o.noWall, ready, a.selfPath(), s.loc.Home); err != nil {
		return 0, failuref("%v", err)
	}
	return abi, nil
}

// rememberWall records in the wiring memory whether t's settings run the agent's commands
// behind the wall after install or uninstall wrote them; a memory that cannot be written is a
// warning, as rememberWiring's is.
func (a *app) rememberWall(s *session, d *agent.Dialect, t install.Target, abi int, o installOptions) {
	a.memory = nil // written now: read it again when asked
	w, wired, record := install.WallRecord(d, t, abi, o.wall)
	if !record {
		return
	}
	if err := install.RememberWall(install.MemoryPath(s.loc.Home), w, wired); err != nil {
		a.warn(fmt.Sprintf("warning: %v (doctor cannot tell whether %s's wall is wired)", err, d.Title))
	}
}

package main

import (
	"fmt"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
)

// wallAgent is install.WallAgent, the one agent with a shell prefix setting.
const wallAgent = install.WallAgent

// wallTarget sets what t does with the wall's prefix: written with --wall once the wall goes
// up here (a refusal writes nothing), taken out with --no-wall, else left as it is. abi is
// the Landlock ABI the wall has now.
func (a *app) wallTarget(o installOptions, s *session, t *install.Target) (abi int, err error) {
	switch {
	case o.noWall:
		t.WallMode = install.WallDrop
		return 0, nil
	case !o.wall:
		return 0, nil
	}
	st := a.detectWall()
	if ok, reason := st.Ready(); !ok {
		return 0, failuref("the wall cannot go up on this machine: %s; %s is unchanged (hookctl wall --status says more)", reason, t.Path)
	}
	if o.agent != wallAgent {
		return st.ABI, nil // wired by the agent's start: nothing in its settings changes
	}
	home, err := filepath.Abs(s.loc.Home)
	if err != nil {
		return 0, failuref("finding the hookctl home: %w", err)
	}
	prefix, err := install.WallPrefix(a.selfPath(), home)
	if err != nil {
		return 0, failuref("cannot wire the wall: %v; %s is unchanged", err, t.Path)
	}
	t.Wall, t.WallMode = prefix, install.WallSet
	return st.ABI, nil
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

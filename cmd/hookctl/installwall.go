package main

import (
	"fmt"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

// wallAgent is the one agent whose own settings can put its commands behind the wall: Claude
// Code's CLAUDE_CODE_SHELL_PREFIX (docs/wall.md, measured in 2.1.332).
const wallAgent = "claude-code"

// wallReady is st.Ready (wall.Status.Ready), for install.
func wallReady(st wall.Status) (ok bool, reason string) { return st.Ready() }

// checkWallFlags refuses --wall and --no-wall where they cannot go: committed project wiring
// and the administrator's file never carry the wall, and --wall only for an agent the wall can
// reach: Claude Code by its shell prefix, the agents proven to run started behind it by their
// start (agent.Dialect.WallStart).
func checkWallFlags(o installOptions) error {
	flag := "--wall"
	switch {
	case !o.wall && !o.noWall:
		return nil
	case o.wall && o.noWall:
		return usageErrorf("--wall and --no-wall say opposite things: give one")
	case o.noWall:
		flag = "--no-wall"
	}
	switch {
	case o.project:
		return usageErrorf("%s goes into this machine's own wiring (hookctl install %s %s), never into a project's committed one", flag, o.agent, flag)
	case o.system:
		return usageErrorf("%s goes into the person's own wiring (hookctl install %s %s), never into the administrator's file", flag, o.agent, flag)
	}
	if d, err := agent.Lookup(o.agent); err == nil && o.wall && o.agent != wallAgent && !d.WallStart {
		return usageErrorf("%s is not proven to run behind the wall: it has no setting that runs its commands through a prefix, and started as hookctl wall -- AGENT it does not run whole (docs/wall.md)", d.Title)
	}
	return nil
}

// wallMode is how the wall reaches the agent: Claude Code's commands by its shell prefix, any
// other agent by its start.
func wallMode(d *agent.Dialect) string {
	if d.Name == wallAgent {
		return install.WallByPrefix
	}
	return install.WallByStart
}

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
	wired := t.WallMode == install.WallSet || o.wall && wallMode(d) == install.WallByStart
	if t.WallMode == install.WallKeep && !o.wall {
		return
	}
	w := install.WallWired{Agent: d.Name, File: t.Path, ABI: abi, Mode: wallMode(d)}
	if err := install.RememberWall(install.MemoryPath(s.loc.Home), w, wired); err != nil {
		a.warn(fmt.Sprintf("warning: %v (doctor cannot tell whether %s's wall is wired)", err, d.Title))
	}
}

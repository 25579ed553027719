package install

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/agentenv"
)

// WallAgent is the one agent whose own settings can put its commands behind the wall: Claude
// Code's CLAUDE_CODE_SHELL_PREFIX (docs/wall.md, measured in 2.1.332).
const WallAgent = "claude-code"

// RequireProjectVar is the variable by which a team's CI asks for strict mode (SPEC 28.27).
const RequireProjectVar = "HOOKCTL_REQUIRE_PROJECT"

// Flags are what `hookctl install` was asked for that decides which file it writes and what
// goes into it.
type Flags struct {
	Agent                        string
	Project, System, ManagedOnly bool
	// Wall and NoWall are --wall and --no-wall.
	Wall, NoWall bool
	// AcceptHooks and RequireProject are the bypass and strict mode written into a wiring.
	AcceptHooks, RequireProject bool
}

// CheckFlags refuses flags that do not go together, naming what does what was meant: the
// project's wiring is committed and runs on every teammate's machine, so it never carries this
// machine's bypass, strict mode or wall, nor does the administrator's file.
func CheckFlags(f Flags) error {
	if err := checkWallFlags(f); err != nil {
		return err
	}
	switch {
	case f.ManagedOnly && !f.System:
		return fmt.Errorf("--managed-only goes with --system")
	case f.System && f.Project:
		return fmt.Errorf("--system and --project name different files: give one")
	case f.Project && f.AcceptHooks:
		return fmt.Errorf("--accept-hooks goes into this machine's own wiring (hookctl install %s --accept-hooks), never into a project's committed one", f.Agent)
	case f.RequireProject && (f.System || f.Project):
		return fmt.Errorf("--require-project goes into your own wiring (hookctl install %s --require-project); a team's CI sets %s=1 instead", f.Agent, RequireProjectVar)
	}
	return nil
}

// checkWallFlags refuses --wall and --no-wall where they cannot go: committed project wiring
// and the administrator's file never carry the wall, and --wall only for an agent the wall can
// reach: Claude Code by its shell prefix, the agents proven to run started behind it by their
// start (agent.Dialect.WallStart).
func checkWallFlags(f Flags) error {
	flag := "--wall"
	switch {
	case !f.Wall && !f.NoWall:
		return nil
	case f.Wall && f.NoWall:
		return fmt.Errorf("--wall and --no-wall say opposite things: give one")
	case f.NoWall:
		flag = "--no-wall"
	}
	switch {
	case f.Project:
		return fmt.Errorf("%s goes into this machine's own wiring (hookctl install %s %s), never into a project's committed one", flag, f.Agent, flag)
	case f.System:
		return fmt.Errorf("%s goes into the person's own wiring (hookctl install %s %s), never into the administrator's file", flag, f.Agent, flag)
	}
	if d, err := agent.Lookup(f.Agent); err == nil && f.Wall && f.Agent != WallAgent && !d.WallStart {
		return fmt.Errorf("%s is not proven to run behind the wall: it has no setting that runs its commands through a prefix, and started as hookctl wall -- AGENT it does not run whole (docs/wall.md)", d.Title)
	}
	return nil
}

// WallModeOf is how the wall reaches the agent: Claude Code's commands by its shell prefix,
// any other agent by its start.
func WallModeOf(d *agent.Dialect) string {
	if d.Name == WallAgent {
		return WallByPrefix
	}
	return WallByStart
}

// WallRecord is what the wiring memory records of the wall after install (wall: given --wall)
// or uninstall wrote t: the wall as wired, whether it is wired now, and whether to record at
// all (an install that left the wall as it was records nothing).
func WallRecord(d *agent.Dialect, t Target, abi int, wall bool) (w WallWired, wired, record bool) {
	mode := WallModeOf(d)
	wired = t.WallMode == WallSet || wall && mode == WallByStart
	record = t.WallMode != WallKeep || wall
	return WallWired{Agent: d.Name, File: t.Path, ABI: abi, Mode: mode}, wired, record
}

// StartCommand is how the person starts the agent behind the wall.
func StartCommand(d *agent.Dialect) string {
	program := d.Name
	if programs, _ := agentenv.Programs(d.Name); len(programs) > 0 {
		program = programs[0]
	}
	return strings.Join(append([]string{"hookctl", "wall", "--", program}, d.WallStartArgs...), " ")
}

// SetWall sets what t does with the wall's prefix: taken out with noWall; with wall, written
// for WallAgent (running hookctl at bin, walling home) and nothing for an agent the wall
// reaches by its start; else left as it is. With wall, ready says whether the wall goes up on
// this machine (asked only then): one that cannot refuses --wall and leaves t as it was.
func SetWall(t *Target, agentName string, wall, noWall bool, ready func() (bool, string), bin, home string) error {
	switch {
	case noWall:
		t.WallMode = WallDrop
		return nil
	case !wall:
		return nil
	}
	if ok, reason := ready(); !ok {
		return fmt.Errorf("the wall cannot go up on this machine: %s; %s is unchanged (hookctl wall --status says more)", reason, t.Path)
	}
	if agentName != WallAgent {
		return nil // wired by the agent's start: nothing in its settings changes
	}
	home, err := filepath.Abs(home)
	if err != nil {
		return fmt.Errorf("finding the hookctl home: %w", err)
	}
	prefix, err := WallPrefix(bin, home)
	if err != nil {
		return fmt.Errorf("cannot wire the wall: %v; %s is unchanged", err, t.Path)
	}
	t.Wall, t.WallMode = prefix, WallSet
	return nil
}

// WallStartNote tells the person, after install --wall, how to start an agent the wall reaches
// by its start, and how to undo it.
func WallStartNote(d *agent.Dialect) string {
	return fmt.Sprintf("%s is wired to run behind the wall: start it as %s (a tool call from a %s started otherwise is blocked; hookctl install %s --no-wall undoes this)",
		d.Title, StartCommand(d), d.Title, d.Name)
}

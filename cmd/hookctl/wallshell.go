package main

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/wallrun"
	"github.com/hookctl/hookctl/wall"
)

// wallShellFlag is how Claude Code's CLAUDE_CODE_SHELL_PREFIX reaches the wall (SPEC 28.4).
// Claude Code runs each Bash command, and each hook entry written as one command line, as
// `'PREFIX' 'COMMAND'`, cutting the prefix at its last " -" into a program and one argument
// (`'/path/hookctl' --wall-shell=HOME 'COMMAND'`, install.WallPrefix): so the prefix is hookctl's path and this one
// flag, the home riding in it, and not `hookctl wall -- ...`, whose words would be quoted as
// one program name. The command runs as `hookctl wall --home HOME -- SHELL -c COMMAND`, with
// Claude Code's user settings walled too: its own process runs outside the wall and writes
// them, the commands it runs behind the wall never need to.
const wallShellFlag = install.WallShellFlag

// wallShell runs `hookctl --wall-shell[=HOME] COMMAND`; handled is false for any other
// argument list.
func (a *app) wallShell(args []string) (code int, handled bool) {
	if len(args) == 0 || args[0] != wallShellFlag && !strings.HasPrefix(args[0], wallShellFlag+"=") {
		return 0, false
	}
	if len(args) != 2 {
		return a.exitStatus(usageErrorf("%s takes one command: hookctl %s=HOME 'COMMAND'", wallShellFlag, wallShellFlag)), true
	}
	if st := a.detectWall(); st.State == wall.Unavailable {
		// Never bare (SPEC 24.2); the fix is the one install wrote the prefix with (28.21).
		return a.exitStatus(&exitError{code: exitNotRun, err: fmt.Errorf("the wall cannot go up on this machine: %s; the command did not run (at a terminal, hookctl install %s --no-wall runs Claude Code's commands without the wall)", st.Reason, wallAgent)}), true
	}
	home, _ := strings.CutPrefix(strings.TrimPrefix(args[0], wallShellFlag), "=")
	set, err := a.wallSet(home)
	if err != nil {
		return a.exitStatus(&exitError{code: exitNotRun, err: err}), true
	}
	set.Files = append(set.Files, a.userSwitchFiles(wallAgent)...)
	return a.exitStatus(a.wallExec(set, wallOptions{}, []string{wallrun.CommandShell(a.lookupEnv), "-c", args[1]})), true
}

// userSwitchFiles are the agent's settings files under the person's home folder that can turn
// its hooks off (wallrun.UserSwitchFiles).
func (a *app) userSwitchFiles(name string) []string {
	home, err := a.home()
	if err != nil {
		return nil
	}
	return wallrun.UserSwitchFiles(name, home, a.lookupEnv)
}

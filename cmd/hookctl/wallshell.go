package main

import (
	"github.com/hookctl/hookctl/internal/wallrun"
)

// wallShell runs `hookctl --wall-shell[=HOME] COMMAND`; handled is false for any other
// argument list.
func (a *app) wallShell(args []string) (code int, handled bool) {
	home, command, handled, err := wallrun.ParseShell(args)
	switch {
	case !handled:
		return 0, false
	case err != nil:
		return a.exitStatus(usageErrorf("%w", err)), true
	}
	if err := wallrun.ShellNotUp(a.detectWall(), wallAgent); err != nil {
		return a.exitStatus(&exitError{code: exitNotRun, err: err}), true
	}
	set, err := wallrun.SetFor(home, a.lookupEnv)
	if err != nil {
		return a.exitStatus(&exitError{code: exitNotRun, err: err}), true
	}
	set.Files = append(set.Files, a.userSwitchFiles(wallAgent)...)
	return a.exitStatus(a.wallExec(set, wallOptions{}, []string{wallrun.CommandShell(a.lookupEnv), "-c", command})), true
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

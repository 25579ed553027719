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
	person, _ := a.home()
	set, argv, err := wallrun.ShellPlan(home, command, a.detectWall(), person, a.lookupEnv)
	if err != nil {
		return a.exitStatus(&exitError{code: exitNotRun, err: err}), true
	}
	return a.exitStatus(a.wallExec(set, wallOptions{}, argv)), true
}

package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookctl/hookctl/internal/wallrun"
	"github.com/hookctl/hookctl/wall"
)

// exitNotRun is wall's status when CMD did not run because the wall could not go up (as a
// shell's "found but cannot be run").
const exitNotRun = 126

// wallOptions are the flags of hookctl wall.
type wallOptions struct {
	home       string
	status     bool
	bestEffort bool
	maxABI     int
}

func (a *app) wallCommand() *cobra.Command {
	var o wallOptions
	cmd := &cobra.Command{
		Use:   "wall [--home DIR] [--best-effort] -- CMD [ARGS...] | wall --status",
		Short: "Run a command that cannot write hookctl's state, its binaries or the guards' programs",
		Long: `Runs CMD in place of hookctl (same process, same process group) behind the kernel wall:
neither CMD nor anything it starts can write, create, remove or rename anything in the hookctl
home, hookctl's own folder or the folders a guard's programs come from, nor signal a process
outside the wall. Reading is never refused. On Linux the wall is Landlock; on macOS a Seatbelt
profile (sandbox-exec). Where the wall cannot go up, wall says why and exits 126 without
running CMD, unless --best-effort. sudo does not work inside the wall.

wall reads no HOOKCTL_* variable: the home is --home, else ~/.agent-hooks.`,
		Example: `  hookctl wall --status
  hookctl wall -- claude
  hookctl wall -- sh -c 'echo x > ~/.agent-hooks/allowlist.json'   # refused`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.status && len(args) > 0 {
				return usageErrorf("wall --status takes no command")
			}
			if !o.status && len(args) == 0 {
				return usageErrorf("wall needs a command: hookctl wall -- CMD [ARGS...]")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return a.wall(o, args) },
	}
	addWallFlags(cmd.Flags(), &o)
	return cmd
}

// addWallFlags registers wall's flags, for cobra and the fast path (parseWallFast) alike.
func addWallFlags(fs *pflag.FlagSet, o *wallOptions) {
	fs.SetInterspersed(false)
	fs.StringVar(&o.home, "home", "", "the hookctl home to wall (default ~/.agent-hooks; HOOKCTL_HOME is not read)")
	fs.BoolVar(&o.status, "status", false, "print the kernel's Landlock ABI, whether the wall goes up, and what it refuses")
	fs.BoolVar(&o.bestEffort, "best-effort", false, "run CMD even where the wall cannot go up (with what the kernel allows)")
	fs.IntVar(&o.maxABI, "abi", 0, "use at most this Landlock ABI (to stand for an older kernel)")
	_ = fs.MarkHidden("abi")
}

// wall runs hookctl wall once its arguments are parsed: --status, or CMD behind the wall.
func (a *app) wall(o wallOptions, args []string) error {
	set, err := wallrun.SetFor(o.home, a.lookupEnv)
	if err != nil {
		return &exitError{code: exitNotRun, err: err}
	}
	if o.status {
		return a.wallStatus(set, o)
	}
	return a.wallExec(set, o, args)
}

// wallExec replaces hookctl with args[0] behind the wall (wallrun.Exec); it returns only when
// that failed: 127 for a command not found, else 126.
func (a *app) wallExec(set wall.Set, o wallOptions, args []string) error {
	err := wallrun.Exec(set, wall.Options{BestEffort: o.bestEffort, MaxABI: o.maxABI}, args, func(msg string) { a.warn("warning: " + msg) })
	if errors.Is(err, wallrun.ErrNotFound) {
		return &exitError{code: 127, err: err}
	}
	return &exitError{code: exitNotRun, err: err}
}

package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/hookslock"
)

func (a *app) lockCommand() *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "lock [--check]",
		Short: "Write .agent-hooks/hooks.lock: the project's hooks and the sha256 of the files they run",
		Long: `Writes the project's .agent-hooks/hooks.lock: each hook of .agent-hooks/config.yaml with its
event, command, matcher, dialect, whether it is a guard, and the sha256 of every file of the
repository it runs. Review and commit it with the hooks; in CI, hookctl hooks approve --from-lock
approves exactly the locked hooks whose files still match. hookctl run never reads it.

With --check it writes nothing: it exits 1 naming each difference when the lock is stale (a
locked hook's event, command, matcher, fail_closed, dialect or a file's sha256 differs from the
repository's, or a hook is not locked), and 0 when it is fresh; a lock of another format version
is refused with the fix. It reads nothing outside the repository: a pull request's job.`,
		Example: `  hookctl hooks lock && git add .agent-hooks/hooks.lock
  hookctl hooks lock --check   # in CI, on every pull request`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if check {
				return a.lockCheck()
			}
			return a.lockRun()
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when the lock differs from the repository's hooks")
	return cmd
}

// lockCheck is hooks lock --check: the lock against the repository's hooks as they are.
func (a *app) lockCheck() error {
	root, hooks, err := a.projectHooks()
	if err != nil {
		return err
	}
	fresh, stale, err := hookslock.CheckSaid(root, hooks)
	for _, why := range stale {
		a.warn(why)
	}
	if err != nil {
		return failuref("%v", err)
	}
	fmt.Fprintln(a.stdout, fresh)
	return nil
}

func (a *app) lockRun() error {
	root, hooks, err := a.projectHooks()
	if err != nil {
		return err
	}
	l, err := hookslock.Build(root, hooks)
	if err != nil {
		return failuref("%v", err)
	}
	path, err := hookslock.Write(root, l)
	if err != nil {
		return failuref("%v", err)
	}
	fmt.Fprintf(a.stdout, "locked %d hook(s) of %s in %s: review and commit it\n", len(l.Hooks), terminalSafe(root), terminalSafe(path))
	return nil
}

// projectHooks finds the project of the current folder and reads its hooks as a run reads the
// project layer (config.Layers); a config with errors is refused, as install refuses it: a
// lock of half a config would approve half.
func (a *app) projectHooks() (string, []config.Hook, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return "", nil, failuref("finding the current folder: %w", err)
	}
	loc, err := a.locations()
	if err != nil {
		return "", nil, err
	}
	home, _ := a.home()
	root, hooks, problems, err := hookslock.ProjectHooks(config.Sources{Person: loc, PersonHome: home, Lookup: a.lookupEnv, ProjectFrom: cwd}, "hooks lock")
	for _, p := range problems {
		a.warn(p)
	}
	if err != nil {
		return "", nil, failuref("%v", err)
	}
	return root, hooks, nil
}

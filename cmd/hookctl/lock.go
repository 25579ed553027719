package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/hookslock"
)

func (a *app) lockCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "lock",
		Short: "Write .agent-hooks/hooks.lock: the project's hooks and the sha256 of the files they run",
		Long: `Writes the project's .agent-hooks/hooks.lock: each hook of .agent-hooks/config.yaml with its
event, command, matcher, dialect, whether it is a guard, and the sha256 of every file of the
repository it runs. Review and commit it with the hooks; in CI, hookctl hooks approve --from-lock
approves exactly the locked hooks whose files still match. hookctl run never reads it.`,
		Example: `  hookctl hooks lock && git add .agent-hooks/hooks.lock`,
		Args:    cobra.NoArgs,
		RunE:    func(*cobra.Command, []string) error { return a.lockRun() },
	}
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

// projectHooks finds the project of the current folder and reads its hooks; a config with
// errors is refused, as install refuses it: a lock of half a config would approve half.
func (a *app) projectHooks() (string, []config.Hook, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return "", nil, failuref("finding the current folder: %w", err)
	}
	root, ok := projectRoot(cwd)
	if !ok {
		return "", nil, failuref("%s is in no repository (no .git in it or above it): a project's hooks live in its repository's .agent-hooks/config.yaml", terminalSafe(cwd))
	}
	path := filepath.Join(root, ".agent-hooks", "config.yaml")
	cfg, err := config.Load(path, config.Options{Layer: config.LayerProject, LookupEnv: func(string) (string, bool) { return "", false }})
	if err != nil {
		return "", nil, failuref("%v", err)
	}
	for _, p := range cfg.Problems {
		a.warn(terminalSafe(p.String()))
	}
	if err := configErrors(cfg, "hooks lock"); err != nil {
		return "", nil, err
	}
	var hooks []config.Hook
	for _, e := range cfg.AllEvents() {
		hooks = append(hooks, cfg.HooksFor(e)...)
	}
	return root, hooks, nil
}

// projectRoot is the first folder from dir upward that holds .git (a folder, or a worktree's
// file).
func projectRoot(dir string) (string, bool) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		if d == filepath.Dir(d) {
			return "", false
		}
	}
}

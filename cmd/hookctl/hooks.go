package main

import (
	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/suggest"
	"github.com/hookctl/hookctl/runner"
)

func (a *app) hooksCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hooks",
		Short: "Review and manage the configured hooks: list, add, remove, test, approve, revoke, lock, doctor",
		Example: `  hookctl hooks list
  hookctl hooks approve --all
  hookctl hooks doctor`,
		Args: knownSubcommand,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(a.listCommand(nil), a.addCommand(nil), a.testCommand(nil), a.approveCommand(nil), a.revokeCommand(nil), a.removeCommand(), a.doctorCommand(nil), a.autoAcceptCommand(), a.lockCommand())
	return cmd
}

// knownSubcommand refuses an unknown subcommand of a command that only groups others (without
// it cobra shows the help and exits 0), with a did-you-mean over the subcommands and, from the
// root, over theirs too: "hookctl lst" suggests "hooks list".
func knownSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	var paths []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			paths = append(paths, c.Name())
		}
		for _, sub := range c.Commands() {
			if !cmd.HasParent() && c.IsAvailableCommand() && sub.IsAvailableCommand() {
				paths = append(paths, c.Name()+" "+sub.Name())
			}
		}
	}
	return usageErrorf("%s", suggest.Unknown(args[0], cmd.CommandPath(), paths))
}

// session is what the hooks commands work on: the files, the config and the allowlist.
type session struct {
	loc   config.Locations
	cfg   *config.Config
	store *consent.Store
}

// session loads the config and prints its problems on stderr.
func (a *app) session() (*session, error) { return a.openSession(a.loadConfig) }

// sessionQuiet loads the config for commands that show its problems themselves.
func (a *app) sessionQuiet() (*session, error) { return a.openSession(a.loadConfigQuiet) }

func (a *app) openSession(load func(config.Locations) (*config.Config, error)) (*session, error) {
	loc, err := a.locations()
	if err != nil {
		return nil, err
	}
	cfg, err := load(loc)
	if err != nil {
		return nil, err
	}
	return &session{loc: loc, cfg: cfg, store: consent.NewStore(loc.Allowlist)}, nil
}

// checkEvent refuses an unknown --event.
func (s *session) checkEvent(event string) error {
	if event == "" {
		return nil
	}
	if err := runner.CheckEvent(s.cfg, event); err != nil {
		return dispatchError(err)
	}
	return nil
}

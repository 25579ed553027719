package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
)

// removeCommand builds `hooks remove`: the undoing of `hooks add`, approvals and wiring included.
func (a *app) removeCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "remove COMMAND",
		Short: "Take a hook out of config.yaml, keeping its comments, revoke it and wire the agents again",
		Long: `Takes every entry that runs COMMAND, as written in the config, out of config.yaml under every
event (the rest of the file, comments included, stays as written), revokes its approvals and
wires each agent wired for you again, so that an event left with no hook loses its entry.
Like revoke, removing a recorded guard drops it: at a terminal hookctl asks first, elsewhere
it refuses, and inside an agent it refuses outright.`,
		Example: `  hookctl hooks remove ./block-destructive.sh
  hookctl hooks remove '~/.agent-hooks/log-tools.sh --verbose'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("remove takes one COMMAND (quote it if it has spaces)")
			}
			return nil
		},
		ValidArgsFunction: a.completeConfiguredCommand,
		RunE:              func(cmd *cobra.Command, args []string) error { return a.removeRun(args[0]) },
	}
}

func (a *app) removeRun(command string) error {
	if err := a.refuseUnderAgent("hooks remove"); err != nil {
		return err
	}
	s, err := a.sessionQuiet()
	if err != nil {
		return err
	}
	if err := s.cfg.CheckRuns(command, s.loc.Config); err != nil {
		return failuref("%v", err)
	}
	// The approvals go first, through revoke itself: a guard's drop is asked for (or refused)
	// before anything changes, and a config left unedited by a failure below only runs less.
	if s.store.HasApproval(command) {
		if err := a.revokeRun(revokeOptions{command: command}); err != nil {
			return err
		}
	}
	events, err := install.RemoveChecked(s.loc.Config, s.cfg, config.Options{LookupEnv: a.lookupEnv}, command)
	if err != nil {
		return failuref("%v", err)
	}
	fmt.Fprintf(a.stdout, "removed %s from %s (%s)\n", terminalSafe(command), terminalSafe(s.loc.Config), strings.Join(events, ", "))
	return a.rewire()
}

// rewire wires again each agent wired for the person, as `hookctl install AGENT` would, with
// the flags its entries carry (install.Rewires), so that its entries follow the config.
func (a *app) rewire() error {
	accept := a.acceptHooks
	defer func() { a.acceptHooks = accept }()
	for _, r := range install.Rewires(a.wired()) {
		a.acceptHooks = r.AcceptHooks
		if err := a.installRun(installOptions{agent: r.Agent, requireProject: r.RequireProject}); err != nil {
			return err
		}
	}
	return nil
}

package main

import (
	"errors"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/consent"
)

// revokeOptions are the parsed arguments of `hooks revoke`.
type revokeOptions struct {
	command string
	event   string
	system  bool
	// project is --project: revoke in the approvals of the project the working folder is in.
	project bool
}

// revokeCommand builds `hooks revoke`; runF, when not nil, receives the parsed options in
// place of revokeRun (the parsing tests).
func (a *app) revokeCommand(runF func(revokeOptions) error) *cobra.Command {
	var o revokeOptions
	cmd := &cobra.Command{
		Use:   "revoke COMMAND [--event E] [--project | --system]",
		Short: "Remove the approvals of a command (for every event, or one)",
		Long: `Removes the allowlist's approvals of COMMAND, as written in the config; without --event, for
every event. The hook then no longer runs until it is approved again. Revoking a recorded
guard drops it: at a terminal hookctl asks first, elsewhere it refuses. --project revokes in
the approvals of the project the working folder is in, --system in the system level's (root).`,
		Example: `  hookctl hooks revoke ./block-destructive.sh
  hookctl hooks revoke ./inject-git-status.sh --event pre_llm_call
  hookctl hooks revoke .agent-hooks/lint.sh --project`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("revoke takes one COMMAND (quote it if it has spaces)")
			}
			if o.project && o.system {
				return usageErrorf("--project and --system revoke at different levels: give one")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.command = args[0]
			if runF != nil {
				return runF(o)
			}
			return a.revokeRun(o)
		},
	}
	cmd.Flags().StringVar(&o.event, "event", "", "revoke the command's approval for this event only")
	cmd.Flags().BoolVar(&o.system, "system", false, "revoke an approval of the system level, as root")
	cmd.Flags().BoolVar(&o.project, "project", false, "revoke an approval of the project the working folder is in (its own approvals)")
	cmd.ValidArgsFunction = a.completeConfiguredCommand
	_ = cmd.RegisterFlagCompletionFunc("event", a.completeEvents) // cannot fail: the flag exists
	return cmd
}

func (a *app) revokeRun(o revokeOptions) error {
	if err := a.refuseUnderAgent("hooks revoke"); err != nil {
		return err
	}
	loc, err := a.locations()
	store := consent.NewStore(loc.Allowlist)
	if o.system {
		if err := requireRoot("hooks revoke --system"); err != nil {
			return err
		}
		s, err := a.systemSession(false)
		if err != nil {
			return err
		}
		loc, store = s.loc, s.store
	}
	if o.project {
		s, _, err := a.projectSession()
		if err != nil {
			return err
		}
		loc, store = s.loc, s.store
	}
	if err != nil {
		return err
	}
	in, stop := a.interrupts(true)
	defer stop()
	recorded, err := store.Guards()
	if errors.Is(err, consent.ErrGuardRecord) {
		// The record cannot be trusted: the allowlist says which guards were approved.
		if list, lerr := store.Load(); lerr == nil {
			recorded, err = list.Guards(), nil
		}
	}
	if err == nil { // one that cannot be read fails the write below
		var changes []consent.Change
		for _, g := range consent.Revoked(recorded, o.command, o.event) {
			changes = append(changes, consent.Change{Guard: g})
		}
		if err := a.confirmDrop(in, "revoke", changes, a.agentsWired()); err != nil {
			return err
		}
	}
	store.Interrupt = in.ctx.Done()
	n, err := store.Revoke(o.command, o.event)
	if err != nil {
		return storeError(in, err)
	}
	what := o.command
	if o.event != "" {
		what += " on " + o.event
	}
	if n == 0 {
		return noApproval(loc.Allowlist, o.command, what)
	}
	fmt.Fprintf(a.stdout, "revoked %d approval(s) of %s\n", n, terminalSafe(what))
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig) // after the write it came too late to stop
	}
	return nil
}

// noApproval is the failure of a revoke that found nothing, naming the closest approved
// command, as approve names the closest configured one.
func noApproval(allowlist, command, what string) error {
	if list, err := consent.NewStore(allowlist).Load(); err == nil {
		var approved []string
		for _, ap := range list.Approvals {
			if !slices.Contains(approved, ap.Command) {
				approved = append(approved, ap.Command)
			}
		}
		if sug := suggestCommand(command, approved); sug != "" && sug != command {
			return failuref("no approval of %s to revoke: did you mean %s?", what, quoteCommand(sug))
		}
	}
	return failuref("no approval of %s to revoke", what)
}

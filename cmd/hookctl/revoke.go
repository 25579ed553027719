package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/view"
)

// revokeOptions are the parsed arguments of `hooks revoke`.
type revokeOptions struct {
	command string
	event   string
	system  bool
	// project is --project: the approvals of the project the working folder is in; without a
	// COMMAND, every one of them.
	project bool
}

// revokeCommand builds `hooks revoke`; runF, when not nil, receives the parsed options in
// place of revokeRun (the parsing tests).
func (a *app) revokeCommand(runF func(revokeOptions) error) *cobra.Command {
	var o revokeOptions
	cmd := &cobra.Command{
		Use:   "revoke COMMAND [--event E] | --project [COMMAND [--event E]]",
		Short: "Remove the approvals of a command (for every event, or one)",
		Long: `Removes the allowlist's approvals of COMMAND, as written in the config; without --event, for
every event. The hook then no longer runs until it is approved again. Revoking a recorded
guard drops it: at a terminal hookctl asks first, elsewhere it refuses. --project revokes in
the approvals of the project the working folder is in (without COMMAND, every one of them),
--system in the system level's (root).`,
		Example: `  hookctl hooks revoke ./block-destructive.sh
  hookctl hooks revoke ./inject-git-status.sh --event pre_llm_call
  hookctl hooks revoke --project   # in a repository: every approval of its hooks`,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := consent.CheckRevoke(len(args), o.event, o.system, o.project); err != nil {
				return usageErrorf("%v", err)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.command = args[0]
			}
			if runF != nil {
				return runF(o)
			}
			return a.revokeRun(o)
		},
	}
	cmd.Flags().StringVar(&o.event, "event", "", "revoke the command's approval for this event only")
	cmd.Flags().BoolVar(&o.system, "system", false, "revoke an approval of the system level, as root")
	cmd.Flags().BoolVar(&o.project, "project", false, "revoke approvals of the project the working folder is in; without COMMAND, all of them")
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
	if err != nil {
		return err
	}
	if o.project {
		return a.revokeProject(o)
	}
	in, stop := a.interrupts(true)
	defer stop()
	if drops, err := store.RevokeDrops([]string{o.command}, o.event, nil); err == nil { // one that cannot be read fails the write below
		if err := a.confirmDrop(in, "revoke", drops, a.agentsWired()); err != nil {
			return err
		}
	}
	store.Interrupt = in.ctx.Done()
	n, err := store.Revoke(o.command, o.event)
	if err != nil {
		return storeError(in, err)
	}
	what := consent.RevokeWhat(o.command, o.event)
	if n == 0 {
		return noApproval(store, o.command, what)
	}
	fmt.Fprintf(a.stdout, "revoked %d approval(s) of %s\n", n, terminalSafe(what))
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig) // after the write it came too late to stop
	}
	return nil
}

// noApproval is the failure of a revoke that found nothing (consent.Store.NoApproval).
func noApproval(store *consent.Store, command, what string) error {
	return failuref("%v", store.NoApproval(command, what))
}

// revokeProject removes approvals of the project the working folder is in (SPEC 20): of the
// command (on the event), or every one. As for the person's guards, revoking a recorded
// project guard's approval asks the person at a terminal first and is refused without one: the
// guard record keeps blocking what the guard covered until then.
func (a *app) revokeProject(o revokeOptions) error {
	loc, err := a.locations()
	if err != nil {
		return err
	}
	from := a.projectFrom("")
	p := a.projectLayer(loc, from, "", false)
	if p == nil {
		return failuref("%s is in no project: a project is a folder holding .git, below your home and outside the hookctl home", from)
	}
	store := p.Store
	lost := p.LostGuards() // remembered by the person's record, gone from the project's
	commands, err := store.RevokedCommands(o.command, lost)
	if err != nil {
		return failuref("%v", err)
	}
	in, stop := a.interrupts(true)
	defer stop()
	if drops, err := store.RevokeDrops(commands, o.event, lost); err == nil {
		if err := a.confirmDrop(in, "revoke --project", drops, a.agentsWired()); err != nil {
			return err
		}
	}
	store.Interrupt = in.ctx.Done()
	total, err := store.RevokeEach(commands, o.event)
	if err != nil {
		return storeError(in, err)
	}
	what := consent.RevokeWhat(o.command, o.event)
	forgot := len(consent.RevokedOf(lost, commands, o.event))
	if total == 0 && forgot == 0 {
		return noApproval(store, o.command, what+" in the project "+p.Root)
	}
	a.printDoc(view.ProjectRevoked(what, p.Root, total, forgot))
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig)
	}
	return nil
}

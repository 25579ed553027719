package main

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/view"
)

// approveOptions are the parsed arguments of `hooks approve`.
type approveOptions struct {
	command string // "" with all
	event   string
	all     bool
	system  bool // --system: root's hooks in the system folder
	// fromLock is --from-lock: the project's hooks that match its hooks.lock (SPEC 23.7).
	fromLock bool
	// project is --project: the hooks of the project the working folder is in, approved in
	// that project's own approvals; without a COMMAND, every one of them.
	project bool
}

// approveCommand builds `hooks approve`; runF, when not nil, receives the parsed options in
// place of approveRun (the parsing tests).
func (a *app) approveCommand(runF func(approveOptions) error) *cobra.Command {
	var o approveOptions
	cmd := &cobra.Command{
		Use:   "approve COMMAND [--event E] | --all | --project [COMMAND] | --from-lock",
		Short: "Approve hooks without running them (after reviewing their scripts)",
		Long: `Records approvals in the allowlist without running anything. COMMAND is the command
as written in the config; without --event every configured hook with that command is approved.
For a script named by a path, its sha256 is recorded: an edit needs a new approval.`,
		Example: `  hookctl hooks approve ./block-destructive.sh
  hookctl hooks approve "~/.agent-hooks/guard.sh --strict" --event pre_tool_call
  hookctl hooks approve --all
  hookctl hooks approve --project   # in a repository: its .agent-hooks/config.yaml
  hookctl hooks approve --from-lock # in CI: the project's hooks that match hooks.lock`,
		Args: func(cmd *cobra.Command, args []string) (err error) {
			f := consent.ApproveFlags{Args: len(args), Event: o.event, All: o.all, System: o.system, FromLock: o.fromLock, Project: o.project}
			if o.all, err = consent.CheckApprove(f); err != nil {
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
			if o.fromLock {
				return a.approveFromLock()
			}
			return a.approveRun(o)
		},
	}
	cmd.Flags().StringVar(&o.event, "event", "", "approve the command for this event only")
	cmd.Flags().BoolVar(&o.all, "all", false, "approve every configured hook")
	cmd.Flags().BoolVar(&o.system, "system", false, "approve hooks of the system config ("+config.SystemDir+"), as root")
	cmd.Flags().BoolVar(&o.fromLock, "from-lock", false, "approve exactly the project's hooks whose files match .agent-hooks/hooks.lock (a CI step before the agent starts)")
	cmd.Flags().BoolVar(&o.project, "project", false, "approve the hooks of the project the working folder is in (.agent-hooks/config.yaml), for this project only; without COMMAND, all of them")
	cmd.ValidArgsFunction = a.completeConfiguredCommand
	_ = cmd.RegisterFlagCompletionFunc("event", a.completeEvents) // cannot fail: the flag exists
	return cmd
}

func (a *app) approveRun(o approveOptions) error {
	if err := a.refuseUnderAgent("hooks approve"); err != nil {
		return err
	}
	s, err := a.approveSession(o.system, o.project)
	if err != nil {
		return err
	}
	if err := s.checkEvent(o.event); err != nil {
		return err
	}
	if o.all {
		// --all records the guards anew: from a config with errors it would drop the guards
		// of the entries they dropped (SPEC 17.1).
		if err := configErrors(s.cfg, "approve --all"); err != nil {
			return err
		}
	}
	hooks, err := consent.ToApprove(s.cfg, s.loc.Config, o.command, o.event, o.all, o.project)
	if err != nil {
		return failuref("%v", err)
	}
	// What is compared with the guard record and shown is what is written: read once.
	ready, unreadable := s.store.Prepare(hooks)
	// What changed since the last approval is shown before anything is asked or written.
	if list, err := s.store.Load(); err == nil {
		_, _ = io.WriteString(a.stdout, view.ScriptDiffs(s.store, list, ready.Hooks))
	}
	in, stop := a.interrupts(true)
	defer stop()
	wired := a.agentsWired()
	changes, notes := s.store.ApproveDrops(ready, o.all, wired)
	for _, n := range notes {
		a.warn(n)
	}
	if err := a.confirmDrop(in, "approve", changes, wired); err != nil {
		return err
	}
	s.store.Interrupt = in.ctx.Done()
	approved, err := s.store.Record(ready, o.all)
	if err != nil {
		return storeError(in, err)
	}
	a.printApproved(approved, s.store.Path)
	if o.system {
		for _, w := range consent.SystemNotInForce(ready.Hooks) {
			a.warn(w)
		}
	}
	for _, u := range unreadable {
		a.warn(u.Error())
	}
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig) // after the write it came too late to stop
	}
	if len(unreadable) > 0 {
		return silent(exitFailure)
	}
	return nil
}

// approveSession is the person's session, or with system the system level's, which only
// root may change.
func (a *app) approveSession(system, project bool) (*session, error) {
	if project {
		s, _, err := a.projectSession()
		return s, err
	}
	if !system {
		return a.session()
	}
	if err := requireRoot("hooks approve --system"); err != nil {
		return nil, err
	}
	return a.systemSession(true)
}

// printApproved writes what was approved (view.Approved).
func (a *app) printApproved(approved []consent.Approval, allowlist string) {
	a.printDoc(view.Approved(approved, allowlist))
}

// storeError is the exit for a failed change of the allowlist: a wait for its lock ended by a
// signal exits 128 plus the signal, anything else is a failure.
func storeError(in *interruption, err error) error {
	if sig := in.received(); sig != 0 && errors.Is(err, consent.ErrInterrupted) {
		return &exitError{code: exitInterrupted + sig, err: err}
	}
	return failuref("%v", err)
}

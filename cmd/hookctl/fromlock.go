package main

import (
	"github.com/hookctl/hookctl/hookslock"
)

// approveFromLock is `hooks approve --from-lock`, a CI step before the agent starts (SPEC
// 23.7): each hook of the project's hooks.lock is checked against the config and the files
// in the checkout, and exactly those that match are approved in the project. A locked guard
// that does not match is recorded as a guard not in force, which blocks what it covers; every
// locked hook that does not match is named, with the fix, and the step exits 1.
func (a *app) approveFromLock() error {
	if err := a.refuseUnderAgent("hooks approve --from-lock"); err != nil {
		return err
	}
	s, p, err := a.projectSession()
	if err != nil {
		return err
	}
	for _, pr := range s.cfg.Problems {
		a.warn(terminalSafe(pr.String()))
	}
	if err := configErrors(s.cfg, "approve --from-lock"); err != nil {
		return err
	}
	d, approved, err := hookslock.Apply(p.Root, p.Store, s.cfg.Hooks)
	for _, line := range d.Lines() {
		a.warn(line)
	}
	if len(approved) > 0 {
		a.printApproved(approved, p.Store.Path)
	}
	if err != nil {
		return failuref("%v", err)
	}
	if d.Failed() {
		return silent(exitFailure)
	}
	return nil
}

package main

import (
	"errors"
	"io/fs"

	"github.com/hookctl/hookctl/consent"
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
	l, err := hookslock.Load(p.Root)
	if errors.Is(err, fs.ErrNotExist) {
		return failuref("%s has no %s: run hookctl hooks lock, review it and commit it", terminalSafe(p.Root), hookslock.Name)
	}
	if err != nil {
		return failuref("%v", err)
	}
	d := hookslock.Decide(hookslock.Verify(p.Root, l, s.cfg.Hooks))
	for _, line := range d.Lines() {
		a.warn(line)
	}
	if len(d.Approve) > 0 {
		approved, err := consent.ApproveProjectIn(p.Store, d.Approve)
		if err != nil {
			return failuref("%v", err)
		}
		a.printApproved(approved, p.Store.Path)
	}
	if len(d.NotInForce) > 0 {
		if err := p.Store.RecordNotInForce(d.NotInForce); err != nil {
			return failuref("%v", err)
		}
	}
	if d.Failed() {
		return silent(exitFailure)
	}
	return nil
}

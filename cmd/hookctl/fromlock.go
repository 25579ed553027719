package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/hookslock"
)

// lockFix is what a locked hook that no longer matches needs.
const lockFix = "review the change, then run hookctl hooks lock and commit .agent-hooks/hooks.lock"

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
	results, unlocked := hookslock.Verify(p.Root, l, s.cfg.Hooks)
	var match, notInForce []config.Hook
	failed := 0
	for _, r := range results {
		if r.Match() {
			match = append(match, *r.Hook)
			continue
		}
		failed++
		what := "not approved"
		if r.Locked.Guard || r.Hook != nil && r.Hook.Guard() {
			what = "a guard not in force: it blocks what it covers"
			if r.Hook != nil && r.Hook.Guard() {
				notInForce = append(notInForce, *r.Hook)
			}
		}
		a.warn(fmt.Sprintf("error: %s %s does not match the lock (%s): %s", r.Locked.Event, r.Locked.Command, what, strings.Join(r.Differences, "; ")))
		a.warn("  fix: " + lockFix)
	}
	for _, h := range unlocked {
		if h.Guard() {
			failed++
			a.warn(fmt.Sprintf("error: %s %s is not in the lock (a guard, not approved)", h.Event, h.Command))
			a.warn("  fix: " + lockFix)
		} else {
			a.warn(fmt.Sprintf("warning: %s %s is not in the lock, so it is not approved and does not run", h.Event, h.Command))
			a.warn("  fix: " + lockFix)
		}
	}
	if len(match) > 0 {
		approved, err := consent.ApproveProjectIn(p.Store, match)
		if err != nil {
			return failuref("%v", err)
		}
		a.printApproved(approved, p.Store.Path)
	}
	if len(notInForce) > 0 {
		if err := p.Store.RecordNotInForce(notInForce); err != nil {
			return failuref("%v", err)
		}
	}
	if failed > 0 {
		return silent(exitFailure)
	}
	return nil
}

package view

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// GuardsNotInForce says, as run would, why each recorded guard is not in force under cfg
// (SPEC 22, 23.14): a guard record that cannot be trusted, a guard the config does not hold
// as approved, or a guard whose script or files are missing, changed or not approved (its
// verdict, runner.VerdictOf, is not to run). validate counts each as an error.
func GuardsNotInForce(cfg *config.Config, store *consent.Store) []string {
	guards, err := store.Guards()
	if err != nil {
		return []string{fmt.Sprintf("blocked by guard record: %v; %s", err, runner.GuardFix)}
	}
	var out []string
	for _, gap := range consent.Gaps(guards, cfg, "") {
		out = append(out, fmt.Sprintf("blocked by guard %s: %s; %s", gap.Guard, gap.Why, runner.GuardFix))
	}
	if len(guards) == 0 {
		return out
	}
	list, err := store.Load()
	if err != nil {
		return append(out, fmt.Sprintf("%v: no guard is approved, so each blocks what it covers", err))
	}
	for _, h := range cfg.Hooks {
		if !h.Guard() || !recordedGuard(guards, h) {
			continue
		}
		c := list.Check(h)
		if v := runner.VerdictOf(h, c.Status, runner.UnapprovedGuard(h, c.Status, guards), runner.Blocking(nil, h.Event)); v.Fate != runner.FateRuns {
			out = append(out, fmt.Sprintf("guard %s is not in force, so it blocks what it covers: %s; review it, then at a terminal: hookctl hooks approve %s --event %s",
				consent.GuardOf(h), c.Reason, config.ShellQuote(h.Command), h.Event))
		}
	}
	return out
}

// UnapprovedGuards warns of each fail_closed entry on a guard event that the guard record does
// not hold and whose verdict is to block: it is not approved, so run blocks what it covers
// until a person approves it. A warning, not an error: a fresh checkout in CI has approved
// nothing yet.
func UnapprovedGuards(cfg *config.Config, store *consent.Store) []string {
	guards, err := store.Guards()
	if err != nil {
		return nil // GuardsNotInForce has said so
	}
	list, err := store.Load()
	if err != nil {
		return nil
	}
	var out []string
	for _, h := range cfg.Hooks {
		if !h.Guard() || recordedGuard(guards, h) {
			continue
		}
		c := list.Check(h)
		if v := runner.VerdictOf(h, c.Status, nil, runner.Blocking(nil, h.Event)); v.Fate == runner.FateBlocks {
			out = append(out, fmt.Sprintf("warning: fail_closed hook %s is %s, so run blocks what it covers until it is approved; review it, then at a terminal: hookctl hooks approve %s --event %s",
				consent.GuardOf(h), c.Reason, config.ShellQuote(h.Command), h.Event))
		}
	}
	return out
}

// GuardsNotInForce is the package's GuardsNotInForce for the project layer: each names the project,
// and its fix approves with --project.
func (v *Project) GuardsNotInForce() []string {
	var out []string
	for _, why := range GuardsNotInForce(v.Layer.Config, v.Layer.Store) {
		out = append(out, "project "+v.Root+": "+ProjectFix(why))
	}
	return out
}

// recordedGuard reports whether h is one of the recorded guards.
func recordedGuard(guards []consent.Guard, h config.Hook) bool {
	return slices.ContainsFunc(guards, func(g consent.Guard) bool { return g.Event == h.Event && g.Command == h.Command })
}

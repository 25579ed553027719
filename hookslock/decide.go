package hookslock

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/config"
)

// Fix is what a locked hook that no longer matches needs.
const Fix = "review the change, then run hookctl hooks lock and commit .agent-hooks/hooks.lock"

// Decision is what `hooks approve --from-lock` does with what Verify found (SPEC 23.7).
type Decision struct {
	// Approve are the hooks that match the lock: exactly these are approved in the project.
	Approve []config.Hook
	// NotInForce are the configured guards that do not match: each is recorded as a guard not
	// in force, which blocks what it covers.
	NotInForce []config.Hook
	// Findings name every hook that is not approved, in the order Verify gave them, each
	// fixed by Fix.
	Findings []Finding
}

// Finding is one hook the lock does not approve.
type Finding struct {
	// Error marks a finding that fails the step (exit 1): a locked hook that does not match,
	// or a guard the lock does not name. Else it is a warning.
	Error bool
	// Text says which hook and why.
	Text string
}

// Failed reports whether the step fails: a finding is an error.
func (d Decision) Failed() bool {
	for _, f := range d.Findings {
		if f.Error {
			return true
		}
	}
	return false
}

// Decide is the rule of `hooks approve --from-lock`: the locked hooks that match are
// approved; a locked one that does not is named as an error, and when it is a guard (locked
// as one, or configured as one) it is "a guard not in force", recorded so when configured; a
// configured guard the lock does not name is an error, any other hook it does not name a
// warning (it does not run).
func Decide(results []Result, unlocked []config.Hook) Decision {
	var d Decision
	for _, r := range results {
		if r.Match() {
			d.Approve = append(d.Approve, *r.Hook)
			continue
		}
		what := "not approved"
		if r.Locked.Guard || r.Hook != nil && r.Hook.Guard() {
			what = "a guard not in force: it blocks what it covers"
			if r.Hook != nil && r.Hook.Guard() {
				d.NotInForce = append(d.NotInForce, *r.Hook)
			}
		}
		d.Findings = append(d.Findings, Finding{Error: true,
			Text: fmt.Sprintf("%s %s does not match the lock (%s): %s", r.Locked.Event, r.Locked.Command, what, strings.Join(r.Differences, "; "))})
	}
	for _, h := range unlocked {
		if h.Guard() {
			d.Findings = append(d.Findings, Finding{Error: true, Text: fmt.Sprintf("%s %s is not in the lock (a guard, not approved)", h.Event, h.Command)})
		} else {
			d.Findings = append(d.Findings, Finding{Text: fmt.Sprintf("%s %s is not in the lock, so it is not approved and does not run", h.Event, h.Command)})
		}
	}
	return d
}

// Stale names each way the lock differs from the repository's hooks, none when it is fresh
// (SPEC 28.31): a locked hook whose event, command, matcher or dialect no longer names one of
// the config's, whose fail_closed or files' sha256 differ, and a hook of the config the lock
// does not name. Verify's results and unlocked hooks are its input.
func Stale(results []Result, unlocked []config.Hook) []string {
	var out []string
	for _, r := range results {
		for _, d := range r.Differences {
			out = append(out, fmt.Sprintf("%s on %s: %s", r.Locked.Command, r.Locked.Event, d))
		}
	}
	for _, h := range unlocked {
		out = append(out, fmt.Sprintf("%s on %s: not in the lock (added, or its matcher or dialect changed since the lock)", h.Command, h.Event))
	}
	return out
}

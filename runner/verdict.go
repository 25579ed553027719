package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// Fate is what the dispatch does with a hook.
type Fate string

// The fates of a hook.
const (
	FateRuns    Fate = "runs"    // approved: it runs when the call matches it
	FateBlocks  Fate = "blocks"  // not in force and fail_closed on an event that can block: every call it covers is blocked
	FateSkipped Fate = "skipped" // not in force: the call goes on without it
)

// Verdict is what the dispatch does with one hook of a layer, with why and the fix: the one
// answer every view renders (SPEC 25.2), built by the code the dispatch itself uses (skipped).
type Verdict struct {
	Layer   string         `json:"layer,omitempty"`
	Command string         `json:"command"`
	Event   string         `json:"event"`
	Fate    Fate           `json:"fate"`
	Status  consent.Status `json:"status"`
	// Why and Fix are said when the hook does not run ("" when it runs).
	Why string `json:"why,omitempty"`
	Fix string `json:"fix,omitempty"`
}

// VerdictOf is the verdict on hook h whose consent status is st (its Consent's Decide, or a
// view's consent.Allowlist Check); detail, when not nil, says what changed. blocking says the
// event can block where the call comes from (Blocking).
func VerdictOf(h config.Hook, st consent.Status, detail error, blocking bool) Verdict {
	v := Verdict{Layer: layerOf(h), Command: h.Command, Event: h.Event, Status: st, Fate: FateRuns}
	if st == consent.StatusApproved && detail == nil {
		return v
	}
	why := "not approved"
	if st == consent.StatusChanged || st == consent.StatusApproved {
		v.Status, why = consent.StatusChanged, "changed since approval"
		// A script deleted or moved has no content to have changed: a person looks for it,
		// not for an edit (SPEC 22).
		if _, err := os.Lstat(h.Script); h.Pinned() && errors.Is(err, fs.ErrNotExist) {
			why = fmt.Sprintf("script %s is missing since approval", h.Script)
		}
		// A program no longer found where a guard may look: the fix is in the reason (28.3).
		if notFound := (*consent.NotOnGuardPathError)(nil); errors.As(detail, &notFound) {
			why, detail = notFound.Error(), nil
		}
	}
	v.Fix = fmt.Sprintf("review it, then run: hookctl hooks approve %s --event %s", config.ShellQuote(h.Command), h.Event)
	if !h.FailClosed || v.Status != consent.StatusChanged {
		v.Fix += " (or pass --accept-hooks for this run)" // no bypass accepts a guard's change (23.1)
	}
	if h.ProjectScript && v.Status == consent.StatusNotApproved {
		// The command may be approved elsewhere: what is missing is this project's script,
		// which only `approve` run in the project (or the prompt) pins.
		why = "not approved in this project"
		v.Fix = fmt.Sprintf("review %s, then run: cd %s && hookctl hooks approve %s --event %s",
			h.Script, config.ShellQuote(h.ProjectDir), config.ShellQuote(h.Command), h.Event)
	}
	fresh := false
	if h.Layer == config.LayerProject {
		// A project's hooks are approved in that project, all at once (SPEC 20). One never
		// approved there is skipped, fail_closed or not: a fresh clone does not hold the
		// person's agent hostage to its approval. Once approved, its guard is recorded, and a
		// change blocks like any guard's.
		v.Fix = "review the project's hooks (.agent-hooks/), then, in the project, run: hookctl hooks approve --project"
		if h.ProjectDir != "" {
			v.Fix = fmt.Sprintf("review the project's hooks (.agent-hooks/), then run: cd %s && hookctl hooks approve --project", config.ShellQuote(h.ProjectDir))
		}
		fresh = v.Status == consent.StatusNotApproved && detail == nil
		if fresh {
			why = "not approved in this project"
		}
	}
	v.Why = why
	if detail != nil {
		v.Why = fmt.Sprintf("%s: %v", why, detail)
	}
	v.Fate = FateSkipped
	if h.FailClosed && blocking && !fresh {
		v.Fate = FateBlocks
	}
	return v
}

// UnapprovedGuard is the detail of the verdict (VerdictOf) on project hook h whose consent
// status is st, given the project's recorded guards: a hook recorded as a guard with no
// approval (approve --from-lock found it differing from the lock, SPEC 23.7) is not a fresh
// clone's hook but a guard not in force. nil for every other hook.
func UnapprovedGuard(h config.Hook, st consent.Status, recorded []consent.Guard) error {
	if st == consent.StatusNotApproved && h.Layer == config.LayerProject && slices.ContainsFunc(recorded, func(g consent.Guard) bool {
		return g.Event == h.Event && g.Command == h.Command
	}) {
		return errGuardNotInForce
	}
	return nil
}

// RequiredProjectGuard is the detail of the verdict on project guard h, never approved in its
// project, under strict mode (Dispatcher.RequireProject): it makes the guard block naming the
// repository, where a fresh clone's guard is otherwise skipped. nil for every other hook.
func RequiredProjectGuard(h config.Hook, st consent.Status) error {
	if st != consent.StatusNotApproved || h.Layer != config.LayerProject || !h.FailClosed {
		return nil
	}
	where := "its repository"
	if h.ProjectDir != "" {
		where = "the repository " + h.ProjectDir
	}
	return fmt.Errorf("strict mode (HOOKCTL_REQUIRE_PROJECT=1 or --require-project) requires the guards of %s in force", where)
}

// Blocking reports whether a hook of the event can block a call of the dialect's agent (nil:
// hookctl's own protocol): what makes a fail_closed hook that is not in force block.
func Blocking(d *agent.Dialect, event string) bool {
	if d == nil || d.ChainsPayload() {
		return hermesJob(event).blocking()
	}
	return d.MappingFor(agent.Call{}, event).Honours.Has(agent.Block)
}

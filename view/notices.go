package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// NotInForce sorts the hooks of the agent that do not run by their verdict (runner.VerdictOf),
// as the dispatch does: those it skips, named for the notice's list, and a line for each it
// blocks every call of (a fail_closed hook not approved, or changed since approval), with why
// and the fix. blocked are hooks already named (WorldBlocks); counted says which to count.
func NotInForce(d *agent.Dialect, hooks []config.Hook, list *consent.Allowlist, blocked map[int]bool, counted func(config.Hook) bool) (skipped, blocks []string) {
	for i, h := range hooks {
		if !h.RunsUnder(d.Name) || blocked[i] || !counted(h) {
			continue
		}
		c := list.Check(h)
		if c.Status == consent.StatusApproved {
			continue
		}
		v := runner.VerdictOf(h, c.Status, nil, runner.Blocking(d, h.Event))
		if v.Fate == runner.FateBlocks {
			blocks = append(blocks, fmt.Sprintf("hookctl: guard %s on %s blocks every call it covers: %s; at your own terminal: %s", h.Command, h.Event, v.Why, v.Fix))
			continue
		}
		skipped = append(skipped, fmt.Sprintf("%s on %s (%s)", h.Command, h.Event, strings.ReplaceAll(string(c.Status), "_", " ")))
	}
	return skipped, blocks
}

// WorldBlocks name each approved guard of hooks that the rules guards run under (SPEC 24.4,
// 28.3, 28.18) now block, with the fix, so that the person sees it before the first blocked
// call (SPEC 28.19): a guard approved by an earlier release whose program is not found on the
// guard PATH, or whose program the person can write was not pinned. blocked marks them by
// index, for the notice of hooks skipped to leave out. The guard PATH is worked out once, and
// only when there is a guard.
func WorldBlocks(d *agent.Dialect, hooks []config.Hook, list *consent.Allowlist, approve func(config.Hook) string) (out []string, blocked map[int]bool) {
	var gp *consent.GuardPATH
	for i, h := range hooks {
		if !h.Guard() || h.Remote() || h.Layer == config.LayerSystem || !h.RunsUnder(d.Name) {
			continue
		}
		if gp == nil {
			now := consent.GuardPATHNow()
			gp = &now
		}
		why := list.WorldBlock(h, *gp)
		if why == "" {
			continue
		}
		if blocked == nil {
			blocked = map[int]bool{}
		}
		blocked[i] = true
		out = append(out, fmt.Sprintf("hookctl: guard %s on %s blocks every call it covers under this release: %s; at your own terminal: %s",
			h.Command, h.Event, why, approve(h)))
	}
	return out, blocked
}

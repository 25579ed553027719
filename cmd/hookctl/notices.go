package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// sessionNotices are what hookctl tells the person once a session, at the agent's session
// start, in the channel the agent shows its user (SPEC 18.3, 23.5): hooks of the agent it will
// skip as not approved (or changed since approval), guards that are not in force, and a guard's
// event taken out of the agent's settings. Checked here, not at every call (SPEC 23.13).
func (a *app) sessionNotices(d *agent.Dialect, loc config.Locations, guarded bool) []string {
	var out []string
	// The whole config: a run reads only its event's entries.
	cfg, err := a.loadConfigQuiet(loc)
	cfg, held, err := runner.GuardsFor(a.guardSource(loc, guarded), "", cfg, err)
	if err != nil {
		return []string{fmt.Sprintf("hookctl: %v", err)}
	}
	if list, err := consent.NewStore(loc.Allowlist).Load(); err == nil {
		var skipped []string
		for _, h := range cfg.Hooks {
			if !h.RunsUnder(d.Name) {
				continue
			}
			if c := list.Check(h); c.Status != consent.StatusApproved {
				skipped = append(skipped, fmt.Sprintf("%s on %s (%s)", h.Command, h.Event, strings.ReplaceAll(string(c.Status), "_", " ")))
			}
		}
		if len(skipped) > 0 && !cfg.AutoAccept {
			out = append(out, fmt.Sprintf("hookctl skips %d hook(s) not approved: %s; to run them, approve them at your own terminal: hookctl hooks approve",
				len(skipped), strings.Join(skipped, "; ")))
		}
	}
	if held.Err != nil {
		out = append(out, fmt.Sprintf("hookctl: %v; the calls a guard could cover are blocked; at your own terminal: hookctl hooks doctor", held.Err))
	}
	for _, gap := range held.Gaps(cfg, "") {
		out = append(out, fmt.Sprintf("hookctl: guard %s is not in force (%s); the calls it covered are blocked; at your own terminal: hookctl hooks doctor", gap.Guard, gap.Why))
	}
	home, err := a.home()
	if err != nil {
		return out
	}
	wired, _ := install.Scan(home, "", filepath.Base(a.selfPath()), a.lookupEnv)
	s := &session{loc: loc, cfg: cfg}
	for _, f := range a.unwiredFindings(s, wired, d) {
		out = append(out, "hookctl: "+f.Message+"; "+f.Fix)
	}
	return out
}

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
	"github.com/hookctl/hookctl/view"
)

// sessionNotices are what hookctl tells the person once a session, at the agent's session
// start, in the channel the agent shows its user (SPEC 18.3, 23.5): hooks of the agent it will
// skip as not approved (or changed since approval), guards that are not in force, a guard's
// event taken out of the agent's settings, and the agent's own hooks-off switch turned on. Checked here, not at every call (SPEC 23.13).
func (a *app) sessionNotices(d *agent.Dialect, loc config.Locations, guarded bool, from string) []string {
	var out []string
	if a.acceptHooks {
		// A CI machine's setting; on a person's machine, the first thing they must see (SPEC 28.28).
		out = append(out, fmt.Sprintf("hookctl: hooks run here without approval: this agent's wiring carries --accept-hooks (a CI machine's setting); on your own machine, at your own terminal: hookctl install %s", d.Name))
	}
	// The whole config: a run reads only its event's entries.
	cfg, err := a.loadConfigQuiet(loc)
	cfg, held, err := runner.GuardsFor(a.guardSource(loc, guarded), "", cfg, err)
	if err != nil {
		return []string{fmt.Sprintf("hookctl: %v", err)}
	}
	if list, err := consent.NewStore(loc.Allowlist).Load(); err == nil {
		world, blocked := view.WorldBlocks(d, cfg.Hooks, list, func(h config.Hook) string {
			return fmt.Sprintf("hookctl hooks approve %s --event %s", config.ShellQuote(h.Command), h.Event)
		})
		out = append(out, world...)
		skipped, blocks := view.NotInForce(d, cfg.Hooks, list, blocked, func(h config.Hook) bool { return true })
		if !cfg.AutoAccept && !a.acceptHooks {
			out = append(out, blocks...)
			if len(skipped) > 0 {
				out = append(out, fmt.Sprintf("hookctl skips %d hook(s) not approved: %s; to run them, approve them at your own terminal: hookctl hooks approve",
					len(skipped), strings.Join(skipped, "; ")))
			}
		}
	}
	if held.Err != nil {
		out = append(out, fmt.Sprintf("hookctl: %v; the calls a guard could cover are blocked; at your own terminal: hookctl hooks doctor", held.Err))
	}
	out = append(out, a.projectNotices(d, loc, a.projectFrom(from))...)
	for _, gap := range held.Gaps(cfg, "") {
		out = append(out, fmt.Sprintf("hookctl: guard %s is not in force (%s); the calls it covered are blocked; at your own terminal: hookctl hooks doctor", gap.Guard, gap.Why))
	}
	home, err := a.home()
	if err != nil {
		return out
	}
	out = append(out, a.switchNotices(d, home, from)...)
	if n := a.wallNotice(d, loc.Home); n != "" {
		out = append(out, n)
	}
	wired, _ := install.Scan(home, "", filepath.Base(a.selfPath()), a.lookupEnv)
	s := &session{loc: loc, cfg: cfg}
	for _, f := range a.unwiredFindings(s, wired, d) {
		out = append(out, "hookctl: "+f.Message+"; "+f.Fix)
	}
	return out
}

// projectNotices are the session notices of the project the agent works in (SPEC 20): its
// hooks skipped as not approved there, its config's errors, and its guards not in force.
func (a *app) projectNotices(d *agent.Dialect, loc config.Locations, from string) []string {
	p := a.projectLayer(loc, from, "", false)
	if p == nil {
		return nil
	}
	var out []string
	if p.ConfigErr != nil {
		out = append(out, fmt.Sprintf("hookctl: the project's hooks do not run: %v", p.ConfigErr))
	}
	if n := len(p.Config.Problems); n > 0 {
		out = append(out, fmt.Sprintf("hookctl: the project's config has %d problem(s), first: %s; in the project: hookctl validate", n, p.Config.Problems[0]))
	}
	list, err := p.Store.Load()
	if err != nil {
		list = &consent.Allowlist{}
	}
	world, blocked := view.WorldBlocks(d, p.Config.Hooks, list, func(config.Hook) string {
		return "in the project: hookctl hooks approve --project"
	})
	out = append(out, world...)
	skipped, blocks := view.NotInForce(d, p.Config.Hooks, list, blocked, func(config.Hook) bool { return !a.projectBypass() })
	out = append(out, blocks...)
	if len(skipped) > 0 {
		out = append(out, fmt.Sprintf("hookctl skips %d hook(s) of the project %s not approved there: %s; to run them, review .agent-hooks/ and approve them at your own terminal, in the project: hookctl hooks approve --project",
			len(skipped), p.Root, strings.Join(skipped, "; ")))
	}
	if p.GuardErr != nil {
		out = append(out, fmt.Sprintf("hookctl: the project's %v; the calls a guard could cover are blocked", p.GuardErr))
	}
	for _, gap := range consent.Gaps(p.Guards, p.Config, "") {
		out = append(out, fmt.Sprintf("hookctl: project guard %s is not in force (%s); the calls it covered are blocked; at your own terminal, in the project: hookctl hooks doctor", gap.Guard, gap.Why))
	}
	return out
}

package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// Session is what an agent's session notices are built from, read by the command layer.
type Session struct {
	Agent *agent.Dialect
	// AcceptHooks says the agent's wiring carries --accept-hooks (SPEC 28.28).
	AcceptHooks bool
	// Config is the person's whole config, with the guards held for it (runner.GuardsFor);
	// Err says why they could not be read, and then it is the one notice.
	Config *config.Config
	Held   runner.Guards
	Err    error
	// List is the person's allowlist, nil when it cannot be read.
	List *consent.Allowlist
	// Project is the project layer of the agent's folder, nil for none; ProjectBypassed says
	// consent is bypassed for its hooks.
	Project         *consent.Project
	ProjectBypassed bool
	// Later are the lines said last: the hooks-off switches turned on, the wall, the lost
	// wiring of guards.
	Later []string
}

// SessionNotices are what hookctl tells the person once a session, at the agent's session
// start, in the channel the agent shows its user (SPEC 18.3, 23.5): hooks of the agent it will
// skip as not approved (or changed since approval), guards that are not in force, and what
// Later adds. The text may hold what config and the allowlist hold: the caller makes it safe.
func SessionNotices(s Session) []string {
	var out []string
	if s.AcceptHooks {
		// A CI machine's setting; on a person's machine, the first thing they must see (SPEC 28.28).
		out = append(out, fmt.Sprintf("hookctl: hooks run here without approval: this agent's wiring carries --accept-hooks (a CI machine's setting); on your own machine, at your own terminal: hookctl install %s", s.Agent.Name))
	}
	if s.Err != nil {
		return []string{fmt.Sprintf("hookctl: %v", s.Err)}
	}
	if s.List != nil {
		out = append(out, personNotInForce(s)...)
	}
	if s.Held.Err != nil {
		out = append(out, fmt.Sprintf("hookctl: %v; the calls a guard could cover are blocked; at your own terminal: hookctl hooks doctor", s.Held.Err))
	}
	out = append(out, ProjectNotices(s.Agent, s.Project, s.ProjectBypassed)...)
	for _, gap := range s.Held.Gaps(s.Config, "") {
		out = append(out, fmt.Sprintf("hookctl: guard %s is not in force (%s); the calls it covered are blocked; at your own terminal: hookctl hooks doctor", gap.Guard, gap.Why))
	}
	return append(out, s.Later...)
}

// personNotInForce are the notices of the person's hooks that do not run: guards this release
// blocks, and, unless every hook runs without approval, guards that block and hooks skipped.
func personNotInForce(s Session) []string {
	world, blocked := WorldBlocks(s.Agent, s.Config.Hooks, s.List, func(h config.Hook) string {
		return fmt.Sprintf("hookctl hooks approve %s --event %s", config.ShellQuote(h.Command), h.Event)
	})
	skipped, blocks := NotInForce(s.Agent, s.Config.Hooks, s.List, blocked, func(h config.Hook) bool { return true })
	if s.Config.AutoAccept || s.AcceptHooks {
		return world
	}
	out := append(world, blocks...)
	if len(skipped) > 0 {
		out = append(out, fmt.Sprintf("hookctl skips %d hook(s) not approved: %s; to run them, approve them at your own terminal: hookctl hooks approve",
			len(skipped), strings.Join(skipped, "; ")))
	}
	return out
}

// ProjectNotices are the session notices of the project the agent works in (SPEC 20), none
// for p nil: its hooks skipped as not approved there, its config's errors, and its guards not
// in force. bypassed says consent is bypassed for its hooks, which then are not counted.
func ProjectNotices(d *agent.Dialect, p *consent.Project, bypassed bool) []string {
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
	world, blocked := WorldBlocks(d, p.Config.Hooks, list, func(config.Hook) string {
		return "in the project: hookctl hooks approve --project"
	})
	out = append(out, world...)
	skipped, blocks := NotInForce(d, p.Config.Hooks, list, blocked, func(config.Hook) bool { return !bypassed })
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

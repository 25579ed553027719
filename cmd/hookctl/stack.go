package main

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// stackOptions are what this invocation brings to the one stack (runner.BuildStack): how
// consent asks (the terminal's prompt, when *in can answer), the bypasses, where it speaks.
// in is read when a layer is fired, so that the caller may start catching signals after the
// stack is built.
func (a *app) stackOptions(loc config.Locations, guarded bool, in **interruption) runner.StackOptions {
	return runner.StackOptions{
		Locations: loc, PersonHome: a.personHome(), Guarded: guarded, RequireProject: runner.RequireProject(a.lookupEnv),
		LoadConfig: func(event string) (*config.Config, error) {
			cfg, err := a.loadEventConfig(loc, event)
			if err == nil {
				for _, p := range cfg.Problems {
					a.warn(p.String())
				}
			}
			return cfg, err
		},
		Dispatcher:  func(cfg *config.Config) *runner.Dispatcher { return a.dispatcher(cfg, loc, *in) },
		Protect:     func() ([]string, []string) { return a.protected(loc) },
		ProjectGate: func(p *consent.Project) runner.Consent { return a.projectGate(p, *in) },
		Say:         a.warn,
	}
}

// projectGate is the consent of a project's hooks: the project's own approvals, a prompt on
// the terminal naming the project, and the bypass a project allows (projectBypass).
func (a *app) projectGate(p *consent.Project, in *interruption) *consent.Gate {
	return &consent.Gate{Store: p.Store, Bypass: a.projectBypass(), Warn: func(msg string) { a.warn("warning: " + msg) },
		Prompt: func(h config.Hook, c consent.Check) bool {
			yes, _ := askTTY(in, "hookctl: a hook of the project "+terminalSafe(p.Root)+"\n"+promptText(h, c, promptDiff(p.Store, h, c)))
			return yes
		}}
}

package view

import (
	"fmt"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/safefile"
	"github.com/hookctl/hookctl/runner"
)

// WiringStateFindings are what doctor says first about each agent's own wiring (SPEC 24.6, 24.8,
// 28.28): that it blocks every tool call (its consent state is gone or cannot be trusted), that
// it runs hookctl against another home than the one doctor reads, and that it carries
// --accept-hooks (a CI machine's setting: a warning). One finding of each per settings file.
func WiringStateFindings(allowlist, home string, wired []install.Wiring) []doctor.Finding {
	var out []doctor.Finding
	seen := map[string]bool{}
	for _, w := range wired {
		if w.Scope != "user" || seen[w.File] {
			continue
		}
		seen[w.File] = true
		d, err := agent.Lookup(w.Agent)
		if err != nil {
			continue
		}
		out = append(out, wiringState(allowlist, home, d, w)...)
	}
	return out
}

// wiringState is WiringStateFindings of one agent's settings file.
func wiringState(allowlist, home string, d *agent.Dialect, w install.Wiring) []doctor.Finding {
	var out []doctor.Finding
	src := runner.GuardSource{Allowlist: allowlist, Home: home, Guarded: w.Guarded}
	if wl := w.WiredAllowlist(); wl != "" {
		src.Allowlist = wl
		if w.Home != "" {
			src.Home = w.Home
		}
		if !safefile.SamePath(wl, allowlist) {
			out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "agent_wiring",
				Message: fmt.Sprintf("%s's wiring (%s) runs hookctl against %s, not %s, which doctor reads: what doctor says here is not what runs there", d.Title, w.File, wl, allowlist),
				Fix: fmt.Sprintf("if %s is yours, run doctor there (HOOKCTL_HOME=%s hookctl hooks doctor); else, at a terminal, rewire it: hookctl install %s (it asks before it drops the guards recorded there)",
					filepath.Dir(wl), filepath.Dir(wl), d.Name)})
		}
	}
	if _, g, _ := runner.GuardsFor(src, "pre_tool_call", nil, nil); g.Err != nil {
		out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "agent_wiring",
			Message: fmt.Sprintf("every tool call of %s is blocked: %v", d.Title, g.Err),
			Fix: fmt.Sprintf("if you removed hookctl's state on purpose, at a terminal: hookctl uninstall %s; else restore the home (%s), or at a terminal approve your hooks again and rewire: hookctl hooks approve --all, then hookctl install %s",
				d.Name, src.Home, d.Name)})
	}
	if w.AcceptHooks {
		out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_wiring",
			Message: fmt.Sprintf("%s's wiring (%s) carries --accept-hooks: hooks run here without approval, every hook added to config.yaml and every repository's included (a CI machine's setting)", d.Title, w.File),
			Fix:     "on a person's machine, at a terminal: hookctl install " + d.Name + " (without --accept-hooks)"})
	}
	return out
}

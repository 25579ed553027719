package main

import (
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/wallrun"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/view"
)

// sessionNotices are what hookctl tells the person once a session, at the agent's session
// start (view.SessionNotices), read here: the whole config (a run reads only its event's
// entries), its guards, the allowlist, the project of the agent's folder, the agent's own
// hooks-off switches, the wall and the wiring. Checked here, not at every call (SPEC 23.13).
func (a *app) sessionNotices(d *agent.Dialect, loc config.Locations, guarded bool, from string) []string {
	s := view.Session{Agent: d, AcceptHooks: a.acceptHooks}
	cfg, err := a.loadConfigQuiet(loc)
	s.Config, s.Held, s.Err = runner.GuardsFor(a.guardSource(loc, guarded), "", cfg, err)
	if s.Err == nil {
		s.List, _ = consent.NewStore(loc.Allowlist).Load()
		s.Project, s.ProjectBypassed = a.projectLayer(loc, a.projectFrom(from), "", false), a.projectBypass()
		s.Later = a.laterNotices(d, loc, s.Config, from)
	}
	return view.SessionNotices(s)
}

// laterNotices are the session's last lines: the agent's hooks-off switches turned on, the
// wall, and the agents' lost wiring of guards; none when the person's home is unknown.
func (a *app) laterNotices(d *agent.Dialect, loc config.Locations, cfg *config.Config, from string) []string {
	home, err := a.home()
	if err != nil {
		return nil
	}
	out := a.switchNotices(d, home, from)
	if n := wallrun.Notice(d, a.wallProbe(loc.Home, d)); n != "" {
		out = append(out, n)
	}
	wired, _ := install.Scan(home, "", filepath.Base(a.selfPath()), a.lookupEnv)
	s := &session{loc: loc, cfg: cfg}
	for _, f := range a.unwiredFindings(s, wired, d) {
		out = append(out, "hookctl: "+f.Message+"; "+f.Fix)
	}
	return out
}

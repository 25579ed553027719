package server

import (
	"path/filepath"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// projectFire is the project layer of one dispatch (SPEC 20), as run has it: the repository the
// payload's cwd is in (a server's own working folder and environment are not the call's, so a
// payload without an absolute cwd is in no project), its hooks run after the person's, gated by
// the project's own approvals: never a prompt, and --accept-hooks (Options.Bypass) but never
// hooks_auto_accept bypasses them. nil when the call is in no project.
//
// remembered are the projects whose guards the person's record remembers (runner.Guards.Projects,
// read with the person's guards): the project's record must still hold them.
func (s *Server) projectFire(event string, p *runner.Payload, personHome string, remembered []consent.RememberedProject,
	fire func(*runner.Dispatcher) (*runner.Result, error)) func() (*runner.Result, error) {
	if !filepath.IsAbs(p.Cwd) {
		return nil
	}
	return func() (*runner.Result, error) {
		loc := s.opts.Locations
		layers := config.Layers(config.Sources{Person: loc, PersonHome: personHome, Event: event, ProjectFrom: p.Cwd,
			Remembered: consent.RememberedRoots(remembered)})
		layer, ok := config.LayerOf(layers, config.LayerProject)
		if !ok {
			return nil, nil
		}
		proj := consent.LoadProject(loc.Home, layer, event, remembered)
		if proj == nil || !proj.Config.KnownEvent(event) {
			return nil, nil
		}
		if proj.ConfigErr != nil {
			s.warn("warning: the project's hooks do not run: %v", proj.ConfigErr)
		}
		for _, pr := range proj.Config.Problems {
			s.warn("%s", pr.String())
		}
		gate := &consent.Gate{Store: proj.Store, Bypass: s.opts.Bypass, Warn: func(msg string) { s.warn("warning: %s", msg) }}
		return fire(runner.ProjectDispatcher(proj, gate, nil))
	}
}

package runner

import (
	"context"
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// Stack is every layer one call fires at, in their order (SPEC 23.3, 25.1): the system's, the
// person's, then the project's. BuildStack makes it, Fire runs a call through it; run, run
// --agent, serve and hooks test all fire this way, so that what one says is what another does.
type Stack struct {
	o StackOptions
	// event is the hookctl event the stack was built for ("" when the caller learns it only
	// from the person's config: an agent event with no mapping).
	event string
	// System is the system layer, nil for none.
	System *consent.System
	// ProjectFrom is the folder the call's project is looked up from (the caller sets it once
	// it has read the call); "" for no project layer.
	ProjectFrom string
	// cfg, guards and cfgErr are the person's config and guards, once read (PersonConfig).
	cfg    *config.Config
	guards Guards
	cfgErr error
	read   bool
	// remembered is set once the guard record was read for the self-guard alone (a project's
	// entry): the project layer takes its remembered projects from that read.
	remembered *[]consent.RememberedProject
}

// StackOptions are what a caller brings to a stack: where the person's state is, and the
// parts that are the caller's own (how consent asks, where problems are said).
type StackOptions struct {
	// Locations are the person's files; PersonHome is the person's home folder.
	Locations  config.Locations
	PersonHome string
	// Guarded is the wiring's --guarded: its install saw guards recorded (GuardSource).
	Guarded bool
	// LoadConfig reads the person's config of an event ("" for every event), saying its
	// problems where the caller says things.
	LoadConfig func(event string) (*config.Config, error)
	// Dispatcher makes the person's dispatcher for its config: the caller's consent (a prompt
	// or none, the bypasses), its environment and remote hooks. The stack adds the guards.
	Dispatcher func(cfg *config.Config) *Dispatcher
	// Protect names the files beside the home the self-guard keeps (GuardSource.Protect).
	Protect func() (files, settings []string)
	// Checks, when set, adds the calling agent's checks of this call (its own hooks-off
	// switches, the wall) to the person's guards.
	Checks func(g *Guards)
	// ProjectGate makes the consent of the project's hooks: its own approvals, a prompt or
	// none, and the bypass the caller allows (never hooks_auto_accept).
	ProjectGate func(p *consent.Project) Consent
	// ProjectEntry says the call comes from a project's committed wiring (run
	// --project-wiring): only the project layer is fired, its every hook (SPEC 28.24).
	// GuardsOnly says it comes from the person's own entry of an agent a project can wire too:
	// the project layer fires only its guards. So both entries judge those (a block from
	// either stands), and a project hook that is not a guard runs from the project's entry
	// alone, once per call, without either reading what the agent's settings hold.
	ProjectEntry, GuardsOnly bool
	// RequireProject is strict mode (SPEC 27.2, 28.27: HOOKCTL_REQUIRE_PROJECT=1, the wiring's
	// --require-project): a project guard not approved there blocks, and so does a project
	// whose hooks cannot be read, on an event a guard judges.
	RequireProject bool
	// SessionPrefix names the session of a payload that has none (Dispatcher.SessionPrefix).
	SessionPrefix string
	// Say writes a line where the caller says things (stderr): the warnings of the layers and
	// the configs' problems, each in its own form.
	Say func(string)
}

// BuildStack builds the stack of one event: the system layer is read first, before anything
// of the person's (SPEC 23.3); the person's config and the project's are read only when the
// call gets to them. withSystem is false for a call the system layer has no event for (an
// agent event hookctl maps to nothing).
func BuildStack(o StackOptions, event string, withSystem bool) *Stack {
	s := &Stack{o: o, event: event}
	if withSystem {
		s.System = consent.LoadSystem(o.PersonHome, event)
	}
	return s
}

// GuardSource is where the stack's guards are recorded.
func (s *Stack) GuardSource() GuardSource {
	loc := s.o.Locations
	return GuardSource{Allowlist: loc.Allowlist, Config: loc.Config, Guarded: s.o.Guarded,
		Home: loc.Home, PersonHome: s.o.PersonHome, Protect: s.o.Protect}
}

// Config is the person's config as the stack read it, nil when the call never got to it (the
// system layer blocked first).
func (s *Stack) Config() *config.Config { return s.cfg }

// PersonConfig reads the person's config and the guards it is held to, once, by GuardsFor's
// rule: a config that cannot be read is an error unless a guard of the event is recorded (or
// the record cannot be trusted); then the run goes on with no hooks, and the guard blocks what
// it covered (the config's error said through Warn).
func (s *Stack) PersonConfig() (*config.Config, Guards, error) {
	if s.read {
		return s.cfg, s.guards, s.cfgErr
	}
	s.read = true
	cfg, err := s.o.LoadConfig(s.event)
	cfg, guards, gerr := GuardsFor(s.GuardSource(), s.event, cfg, err)
	if gerr != nil {
		s.cfgErr = gerr
		return nil, guards, gerr
	}
	if err != nil {
		s.say(err.Error())
	}
	s.cfg, s.guards = cfg, guards
	return cfg, guards, nil
}

// Fire runs the call through the layers (Layered): the system's, the person's, the project's.
func (s *Stack) Fire(ctx context.Context, c Call) (*Result, error) {
	system := func(d *Dispatcher) (*Result, error) {
		d.SessionPrefix = s.o.SessionPrefix
		return d.Fire(ctx, c)
	}
	person := func() (*Result, error) {
		cfg, guards, err := s.PersonConfig()
		if err != nil {
			return nil, err
		}
		if err := CheckEvent(cfg, c.Event); err != nil {
			return nil, err
		}
		d := s.o.Dispatcher(cfg)
		d.Guards = guards
		if s.o.Checks != nil {
			s.o.Checks(&d.Guards)
		}
		return system(d)
	}
	var project func() (*Result, error)
	if s.ProjectFrom != "" && s.o.ProjectGate != nil {
		project = func() (*Result, error) {
			p := s.Project(c.Event, true)
			if p == nil || !p.Config.KnownEvent(c.Event) {
				return nil, nil
			}
			if why := unreadProject(p); s.o.RequireProject && why != "" && config.GuardEvent(c.Event) {
				return &Result{Event: c.Event, Decision: DecisionBlock, Reason: fmt.Sprintf(
					"strict mode requires the guards of the repository %s, and its hooks cannot be read: %s (fix .agent-hooks/config.yaml, then run hookctl hooks approve --project there)", p.Root, why)}, nil
			}
			if s.o.GuardsOnly {
				p = guardsOnly(p)
			}
			d := ProjectDispatcher(p, s.o.ProjectGate(p), nil)
			d.RequireProject = s.o.RequireProject
			return system(d)
		}
	}
	if s.o.ProjectEntry {
		// The project's entry fires no hook of the person's, but the self-guard judges the call
		// first, as it does whenever consent state exists (SPEC 24.7): a person who never wired
		// this agent themselves still has it kept from hookctl's own state.
		selfOnly := func() (*Result, error) {
			_, g, _ := GuardsFor(s.GuardSource(), c.Event, &config.Config{}, nil)
			if config.GuardEvent(c.Event) { // GuardsFor read the record only then
				s.remembered = &g.Projects
			}
			return system(&Dispatcher{Config: &config.Config{}, Guards: Guards{Self: g.Self}})
		}
		return Layered(nil, s.o.PersonHome, s.warn, c.Event, system, selfOnly, project)
	}
	return Layered(s.System, s.o.PersonHome, s.warn, c.Event, system, person, project)
}

// unreadProject says why some of the project's hooks cannot be read (its config, or an entry
// dropped by an error), "" when every one is.
func unreadProject(p *consent.Project) string {
	if p.ConfigErr != nil {
		return p.ConfigErr.Error()
	}
	for _, pr := range p.Config.Problems {
		if pr.Severity == config.SeverityError {
			return pr.String()
		}
	}
	return ""
}

// guardsOnly is the project layer with only its guards: what the person's own entry fires of
// it (StackOptions.GuardsOnly).
func guardsOnly(p *consent.Project) *consent.Project {
	q := *p
	cfg := *p.Config
	cfg.Hooks = slices.DeleteFunc(slices.Clone(cfg.Hooks), func(h config.Hook) bool { return !h.Guard() })
	q.Config = &cfg
	return &q
}

// Project reads the project layer of the event ("" for every event) from ProjectFrom, held to
// the projects whose guards the person's record remembers (read with the person's guards, or
// read now); nil when there is no project. Its problems are said through Say when warn is
// set.
func (s *Stack) Project(event string, warn bool) *consent.Project {
	if s.ProjectFrom == "" {
		return nil
	}
	remembered := s.guards.Projects
	if s.remembered != nil {
		remembered = *s.remembered
	} else if !s.read {
		rec, _ := consent.NewStore(s.o.Locations.Allowlist).GuardRecord()
		remembered = rec.Projects
	}
	p := LoadProject(s.o.Locations, s.o.PersonHome, s.ProjectFrom, event, remembered)
	if p == nil || !warn {
		return p
	}
	if p.ConfigErr != nil {
		s.warn("the project's hooks do not run: " + p.ConfigErr.Error())
	}
	for _, pr := range p.Config.Problems {
		s.say(pr.String())
	}
	return p
}

func (s *Stack) say(line string) {
	if s.o.Say != nil {
		s.o.Say(line)
	}
}

func (s *Stack) warn(msg string) { s.say("warning: " + msg) }

// LoadProject is the project layer of the event ("" for every event) for a call in from, held
// to the remembered projects; nil when from is in no project. The project's store remembers its
// guards in the person's record whenever they change.
func LoadProject(loc config.Locations, personHome, from, event string, remembered []consent.RememberedProject) *consent.Project {
	src := config.Sources{Person: loc, PersonHome: personHome, Event: event, ProjectFrom: from,
		Remembered: consent.RememberedRoots(remembered)}
	layer, ok := config.LayerOf(config.Layers(src), config.LayerProject)
	if !ok {
		return nil
	}
	p := consent.LoadProject(loc.Home, layer, event, remembered)
	if p == nil {
		return nil
	}
	p.Store.Person = consent.NewStore(loc.Allowlist)
	return p
}

package main

import (
	"fmt"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/install"
)

// The system level's commands (SPEC 18.2): `hooks approve --system`, `hooks revoke --system`,
// `install --system` and `uninstall --system` change root's files (config.SystemDir and the
// agents' administrator files), so only root runs them, and they read nothing of the person's.

// requireRoot is install.RequireRoot, an error of the command.
func requireRoot(command string) error {
	if err := install.RequireRoot(command); err != nil {
		return failuref("%v", err)
	}
	return nil
}

// systemSession is the session of the system level: its config, every hook of layer system,
// and its allowlist. A system folder that cannot be trusted is refused, naming the file; with
// mustExist false (uninstall), a missing folder is an empty config.
func (a *app) systemSession(mustExist bool) (*session, error) {
	home, _ := a.home()
	loc, cfg, err := consent.OpenSystem(home, mustExist)
	if err != nil {
		return nil, failuref("%v", err)
	}
	for _, p := range cfg.Problems {
		a.warn(p.String())
	}
	return &session{loc: loc, cfg: cfg, store: consent.NewSystemStore()}, nil
}

// systemTarget resolves the agent and its administrator file.
func (a *app) systemTarget(name string, managedOnly bool) (*agent.Dialect, install.Target, error) {
	d, t, err := install.SystemTargetNamed(name, a.selfPath(), managedOnly)
	return d, t, wireError(err)
}

// installSystem is `install --system AGENT`: the system config's events wired into the
// agent's administrator file.
func (a *app) installSystem(o installOptions) error {
	if err := requireRoot("install --system"); err != nil {
		return err
	}
	s, err := a.systemSession(true)
	if err != nil {
		return err
	}
	d, t, err := a.systemTarget(o.agent, o.managedOnly)
	if err != nil {
		return err
	}
	if err := install.CheckSystemWiring(a.selfPath(), s.loc.Config, t.Path); err != nil {
		return failuref("%v", err)
	}
	r, want, err := a.wire(s, d, t, o.events, o.dryRun, "install --system")
	if err != nil {
		return err
	}
	if o.asJSON {
		return a.printJSON(r)
	}
	a.printReport(r, o.dryRun)
	a.saySwitch(d, r, o.managedOnly)
	if len(want) == 0 {
		fmt.Fprintf(a.stdout, "%s has no hooks for %s: nothing to wire\n", terminalSafe(s.loc.Config), d.Title)
	}
	for _, w := range install.AgentWarnings(s.cfg, d, want, false) {
		a.warn("warning: " + w)
	}
	return nil
}

// saySwitch says what became of the agent's managed-only switch and hooks pin.
func (a *app) saySwitch(d *agent.Dialect, r install.Report, managedOnly bool) {
	warning, lines := install.SwitchNotes(d, r, managedOnly)
	if warning != "" {
		a.warn("warning: " + warning)
	}
	for _, l := range lines {
		fmt.Fprintln(a.stdout, l)
	}
}

// uninstallSystem is `uninstall --system AGENT`: hookctl's entries (and its switch) out of the
// agent's administrator file again.
func (a *app) uninstallSystem(o uninstallOptions) error {
	if err := requireRoot("uninstall --system"); err != nil {
		return err
	}
	s, err := a.systemSession(false)
	if err != nil {
		return err
	}
	d, t, err := a.systemTarget(o.agent, false)
	if err != nil {
		return err
	}
	r, err := a.unwire(s, d, t, o.dryRun, "uninstall --system")
	if err != nil {
		return err
	}
	if o.asJSON {
		return a.printJSON(r)
	}
	a.printReport(r, o.dryRun)
	a.saySwitch(d, r, false)
	return nil
}

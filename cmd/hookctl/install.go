package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/view"
)

// installOptions are the parsed arguments of `hookctl install`.
type installOptions struct {
	agent   string
	project bool
	dryRun  bool
	asJSON  bool
	events  []string
	// system and managedOnly are --system (the agent's administrator file, root only) and
	// --managed-only (set the agent's switch that ignores every hook that is not managed).
	system, managedOnly bool
	// wall and noWall are --wall (write the prefix that runs the agent's commands behind the
	// wall, installwall.go) and --no-wall (take it out).
	wall, noWall bool
	// requireProject is --require-project: write strict mode into the person's wiring.
	requireProject bool
}

func (a *app) installCommand() *cobra.Command {
	var o installOptions
	cmd := &cobra.Command{
		Use:   "install AGENT [--project | --system [--managed-only] | --wall | --no-wall] [--events a,b] [--dry-run] [--json]",
		Short: "Wire an agent to hookctl: add hookctl's entries to the agent's settings file",
		Long: `Adds to the agent's own settings file one hook entry per agent event that config.yaml has
hooks for, each running this hookctl with run --agent AGENT. Everything else in the file is kept
as it was; running it again changes nothing, and events no longer configured lose their entry.
AGENT is claude-code, codex, gemini, cursor, copilot, windsurf, cline, qwen-code, droid,
opencode, kilo or pi (for Cline, one small executable per event in its hooks folder; for
OpenCode, Kilo and pi, which run no command hooks, hookctl's own plugin, hookctl.js, in their
plugin folder, which blocks a tool call when hookctl is missing, fails or passes its deadline).

With --system (root only), the system config's events are wired into the agent's own
administrator file instead (Claude Code's managed-settings.json, Codex's requirements.toml, ...),
which the person cannot change; --managed-only also sets the agent's switch that ignores every
hook that is not managed, where it has one.

With --wall (Claude Code only), each of Claude Code's shell commands and hook entries also runs
behind the wall (hookctl wall), through its CLAUDE_CODE_SHELL_PREFIX setting: written only once
the wall goes up on this machine; --no-wall takes it out again.

Each agent's events, answers and trust steps: https://github.com/hookctl/hookctl/blob/main/docs/agents.md`,
		Example: `  hookctl install claude-code
  hookctl install claude-code --wall
  hookctl install cursor --project --dry-run
  hookctl install cursor --events preToolUse,beforeReadFile
  sudo hookctl install --system claude-code --managed-only`,
		Args:              exactAgent,
		ValidArgsFunction: completeWiredAgent,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.agent = args[0]
			return a.installRun(o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.project, "project", false, "the project's settings file in the current folder, not the user's")
	f.StringSliceVar(&o.events, "events", nil, "wire exactly these agent events instead of the general ones")
	f.BoolVar(&o.dryRun, "dry-run", false, "print the change as a unified diff and write nothing")
	f.BoolVar(&o.asJSON, "json", false, "print what changed as JSON (shape in the README)")
	f.BoolVar(&o.system, "system", false, "the agent's administrator file, wired from the system config (root only)")
	f.BoolVar(&o.managedOnly, "managed-only", false, "with --system: also make the agent ignore every hook that is not managed")
	f.BoolVar(&o.wall, "wall", false, "Claude Code: run each of its shell commands behind the wall (once the wall goes up here)")
	f.BoolVar(&o.noWall, "no-wall", false, "take the wall's prefix out of the agent's settings again")
	f.BoolVar(&o.requireProject, "require-project", false, "strict mode: a project guard not approved in its repository blocks instead of being skipped")
	_ = cmd.RegisterFlagCompletionFunc("events", completeAgentEvents) // cannot fail: the flag exists
	return cmd
}

// exactAgent checks the one AGENT argument.
func exactAgent(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageErrorf("%s takes one AGENT: %s", cmd.Name(), strings.Join(install.Agents(), ", "))
	}
	return nil
}

func (a *app) installRun(o installOptions) error {
	if err := a.refuseWiringUnderAgent("install", o.dryRun); err != nil {
		return err
	}
	if err := install.CheckFlags(install.Flags{Agent: o.agent, Project: o.project, System: o.system, ManagedOnly: o.managedOnly,
		Wall: o.wall, NoWall: o.noWall, AcceptHooks: a.acceptHooks, RequireProject: o.requireProject}); err != nil {
		return usageErrorf("%v", err)
	}
	if o.system {
		return a.installSystem(o)
	}
	s, err := a.session()
	if err != nil {
		return err
	}
	d, t, err := a.target(o.agent, o.project)
	if err != nil {
		return err
	}
	if t, err = a.strictTarget(d, t, o); err != nil {
		return err
	}
	if warning, err := install.StablePath(a.selfPath()); err != nil {
		return failuref("%v", err)
	} else if warning != "" {
		a.warn("warning: " + warning)
	}
	plan := s
	if cfg, ok := install.PlanConfig(s.cfg, a.projectLayer(s.loc, a.projectFrom(""), "", false), o.project); ok {
		plan = &session{loc: s.loc, cfg: cfg, store: s.store}
	} else if err := install.ConfigThere(s.loc.Config, t.Path); err != nil {
		return failuref("%v", err)
	}
	abi, err := a.wallTarget(o, s, &t)
	if err != nil {
		return err
	}
	r, want, err := a.wire(plan, d, t, o.events, o.dryRun, "install")
	if err != nil {
		return err
	}
	if !o.dryRun && !o.project {
		a.rememberWiring(s, d, t)
		a.rememberWall(s, d, t, abi, o)
	}
	// A recorded guard that this agent would feed another shape, or whose matcher misses its
	// shell: wired all the same (the self-guard and the other guards run), but an error.
	mismatch := a.dialectErrors(s, d, len(want) > 0)
	if o.asJSON {
		if err := a.printJSON(r); err != nil {
			return err
		}
		return mismatch
	}
	a.printReport(r, o.dryRun)
	if len(want) == 0 {
		fmt.Fprintf(a.stdout, "%s has no hooks for %s: nothing to wire\n", terminalSafe(s.loc.Config), d.Title)
	} else if !o.dryRun {
		a.warnUnapproved(s, d, want)
		a.sayTrustStep(d, t.Path, o.project)
	}
	if o.wall && !o.dryRun && install.WallModeOf(d) == install.WallByStart {
		fmt.Fprintln(a.stdout, install.WallStartNote(d))
	}
	for _, w := range install.AgentWarnings(s.cfg, d, want, o.project) {
		a.warn("warning: " + w)
	}
	return mismatch
}

// dialectErrors prints the errors of recorded guards that d, wired now (when wiring), would not
// feed as they were approved to (view.DialectFindings), and returns exit status 1 when there are any.
func (a *app) dialectErrors(s *session, d *agent.Dialect, wiring bool) error {
	if !wiring {
		return nil
	}
	findings := view.DialectFindings(a.heldGuards(s)().Recorded, a.wired(), d.Name)
	for _, f := range findings {
		a.warn("error: " + f.Message + "\n  fix: " + f.Fix)
	}
	if len(findings) > 0 {
		return silent(exitFailure)
	}
	return nil
}

// heldGuards reads the recorded guards when called.
func (a *app) heldGuards(s *session) func() runner.Guards {
	return func() runner.Guards {
		_, held, _ := runner.GuardsFor(a.guardSource(s.loc, false), "", s.cfg, nil)
		return held
	}
}

// sayTrustStep says what the person must still do in the agent itself before it runs the
// entries just written (install.TrustStep); what cannot be read is a warning.
func (a *app) sayTrustStep(d *agent.Dialect, file string, project bool) {
	home, err := a.home()
	if err != nil {
		return
	}
	cwd, _ := os.Getwd()
	step, err := install.TrustStep(install.TrustPlacesAt(a.lookupEnv, home, cwd, filepath.Base(a.selfPath())), d.Name, file, project)
	if err != nil {
		a.warn("warning: " + err.Error())
	}
	fmt.Fprint(a.stdout, step)
}

// target resolves the agent and the settings file the command edits.
func (a *app) target(name string, project bool) (*agent.Dialect, install.Target, error) {
	d, err := install.Wirable(name)
	if err != nil {
		return nil, install.Target{}, usageErrorf("%v", err)
	}
	path, err := a.settingsPath(d, project)
	if err != nil {
		return nil, install.Target{}, err
	}
	bin := a.selfPath()
	t := install.TargetFor(d, path, bin, a.runFlags(project))
	if project {
		// The repository holds only what the team commits: the backup of its file is the
		// person's, kept in their hookctl home.
		loc, err := a.locations()
		if err != nil {
			return nil, install.Target{}, err
		}
		t.BackupDir = filepath.Join(loc.Home, "backups")
	}
	return d, t, nil
}

// wire makes hookctl's entries in t what the config of s wants for the agent (install.Wire),
// asking the person before a recorded guard's event goes.
func (a *app) wire(s *session, d *agent.Dialect, t install.Target, events []string, dryRun bool, what string) (install.Report, []install.Want, error) {
	r, want, err := install.Wire(s.cfg, s.loc.Config, s.loc.Home, d, t, events, dryRun, what, a.wireSteps(s, d))
	return r, want, wireError(err)
}

// unwire takes hookctl's entries out of t (install.Unwire), asking as wire does.
func (a *app) unwire(s *session, d *agent.Dialect, t install.Target, dryRun bool, what string) (install.Report, error) {
	r, err := install.Unwire(s.cfg, s.loc.Home, t, dryRun, what, a.wireSteps(s, d))
	return r, wireError(err)
}

func (a *app) wireSteps(s *session, d *agent.Dialect) install.Steps {
	return install.Steps{Warn: a.warn, Confirm: func(t install.Target, preview func() (install.Report, error)) error {
		return a.confirmUnwire(s, d, t, preview)
	}}
}

// wireError gives a wiring's error its exit status: a request the plan refuses is a usage
// error, a refusal already said keeps its own.
func wireError(err error) error {
	if pe := (*install.PlanError)(nil); errors.As(err, &pe) {
		return usageErrorf("%v", pe.Err)
	}
	if err == nil || errors.As(err, new(*exitError)) {
		return err
	}
	return failuref("%v", err)
}

// rememberWiring keeps what install or uninstall left of hookctl's entries in the agent's
// settings (install.Remember), so that an edit taking a guard's event out is seen; a memory
// that cannot be written is a warning: the settings themselves are written.
func (a *app) rememberWiring(s *session, d *agent.Dialect, t install.Target) {
	a.memory = nil // written now: read it again when asked
	if err := install.RememberTarget(install.MemoryPath(s.loc.Home), d, t); err != nil {
		a.warn(fmt.Sprintf("warning: %v (doctor cannot tell when %s's entries are edited out)", err, d.Title))
	}
}

// unwiredFindings are view.UnwiredFindings of the home's wiring memory.
func (a *app) unwiredFindings(s *session, wired []install.Wiring, only *agent.Dialect) []doctor.Finding {
	return view.UnwiredFindings(install.MemoryPath(s.loc.Home), wired, only, a.heldGuards(s))
}

// runFlags are the flags install writes into a wiring (install.RunFlags): for the person's own
// settings, the locations in use (absolute), --guarded when guards are recorded, its own or a
// project's (or the record cannot be trusted), and --accept-hooks when install was given it (a CI machine's wiring). A
// project's settings are committed and read on other machines: they name no location and
// run hookctl from PATH (install.RunFlags.ProjectWiring).
func (a *app) runFlags(project bool) install.RunFlags {
	if project {
		return install.RunFlags{ProjectWiring: true}
	}
	loc, err := a.locations()
	if err != nil {
		return install.RunFlags{AcceptHooks: a.acceptHooks}
	}
	return install.PersonRunFlags(loc, a.acceptHooks)
}

// settingsPath is the agent's user settings file, or with project the one in the current
// folder.
func (a *app) settingsPath(d *agent.Dialect, project bool) (string, error) {
	if project {
		dir, err := os.Getwd()
		if err != nil {
			return "", failuref("finding the current folder: %w", err)
		}
		path, err := install.ProjectFile(dir, d.ProjectRel())
		if err != nil {
			return "", failuref("%v", err)
		}
		return path, nil
	}
	home, err := a.home()
	if err != nil {
		return "", err
	}
	return d.UserSettings(home, a.lookupEnv), nil
}

func (a *app) home() (string, error) {
	if h, ok := a.lookupEnv(config.HomeVar); ok && h != "" {
		return h, nil
	}
	h, err := os.UserHomeDir()
	if err != nil {
		return "", failuref("finding the home folder: %w", err)
	}
	return h, nil
}

// selfPath is the absolute path of this hookctl as it was called (install.SelfPath).
func (a *app) selfPath() string { return install.SelfPath(os.Args[0]) }

// printReport says what install or uninstall did (view.WiringReport), or with dryRun would do.
func (a *app) printReport(r install.Report, dryRun bool) {
	switch {
	case !r.Changed:
		fmt.Fprintln(a.stdout, r.Unchanged(terminalSafe(r.File)))
	case dryRun:
		fmt.Fprint(a.stdout, terminalSafeLines(r.Diff))
		fmt.Fprintln(a.stderr, "dry run: nothing written")
	default:
		a.printDoc(view.WiringReport(r))
	}
}

// warnUnapproved says how many of the hooks just wired will be skipped for want of consent.
func (a *app) warnUnapproved(s *session, d *agent.Dialect, want []install.Want) {
	list, err := s.store.Load()
	if err != nil {
		return // run says so, with the fix, at the first event
	}
	if w := install.UnapprovedWarning(install.Unapproved(s.cfg, list, d, want)); w != "" {
		a.warn("warning: " + w)
	}
}

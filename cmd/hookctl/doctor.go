package main

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/view"
)

// doctorOptions are the parsed arguments of `hooks doctor`.
type doctorOptions struct {
	asJSON bool
	agent  string
	run    bool
}

// doctorCommand builds `hooks doctor`; runF, when not nil, receives the parsed options in place
// of doctorRun (the parsing tests).
func (a *app) doctorCommand(runF func(doctorOptions) error) *cobra.Command {
	var o doctorOptions
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check every hook and the allowlist; exit 1 when something is wrong",
		Long: `Checks each hook's config entry, script (exists, executable, #! interpreter), shell
syntax passed literally, consent (approved, content or matcher changed) and, with --run and for
approved hooks only, a smoke run on the synthetic payload that must answer valid JSON (url
hooks: a smoke request), in the dialect hooks test would use (--agent's, else the one agent
wired to the event, else hermes, hookctl's own protocol; a hook whose agents list excludes that one, in an agent it
names), printed with the payload it sent. Without --run doctor runs no hook and sends no
request. Also checks that the allowlist parses, has mode 0600 and, with its folder, is yours
and not writable by others, and lists the tools the audit log shows an agent sent that
hookctl has no name for (a matcher of hookctl's names misses them). A hook that is not
approved is never run.`,
		Example: `  hookctl hooks doctor
  hookctl hooks doctor --run
  hookctl hooks doctor --json | jq '.findings[] | select(.severity == "error")'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return a.doctorRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print the findings as JSON (shape in the README)")
	cmd.Flags().BoolVar(&o.run, "run", false, "also run each approved hook once on the synthetic payload (url hooks: send one request)")
	cmd.Flags().StringVar(&o.agent, "agent", "", "check only the hooks that run under this agent, against its events and tool names")
	_ = cmd.RegisterFlagCompletionFunc("agent", completeAgents) // cannot fail: the flag exists
	return cmd
}

func (a *app) doctorRun(o doctorOptions) error {
	s, err := a.sessionQuiet()
	if err != nil {
		return err
	}
	in, stop := a.interrupts(true)
	defer stop()
	cwd, _ := os.Getwd()
	d := &doctor.Doctor{Config: s.cfg, Store: s.store, Dir: cwd}
	// The agents' settings are read once: for the wiring findings and the smoke runs' dialects.
	home, homeErr := a.home()
	var wired []install.Wiring
	var scanErrs []error
	if homeErr == nil {
		wired, scanErrs = install.Scan(home, cwd, filepath.Base(a.selfPath()), a.lookupEnv)
	}
	if o.run {
		d.Runner = &runner.Dispatcher{Config: s.cfg, Home: s.loc.Home, Consent: &consent.Gate{Store: s.store}, Remote: remote(s.cfg, a.lookupEnv)}
		d.SmokeDialect = install.SmokeDialect(wired)
	}
	if o.agent != "" {
		if d.Agent, err = agent.Lookup(o.agent); err != nil {
			return usageErrorf("--agent: %v", err)
		}
	}
	var bypassNote *doctor.Finding
	d.Bypass, bypassNote = view.DoctorBypass(a.acceptHooks, config.AcceptHooksEnv(a.lookupEnv), d.Agent, wired)
	report := d.Examine(in.ctx)
	report.Findings = append(report.Findings, doctor.UnnamedTools(audit.ForHome(a.lookupEnv, s.loc.Home), d.Agent)...)
	if bypassNote != nil {
		report.Findings = append(report.Findings, *bypassNote)
	}
	if homeErr == nil {
		a.examineWiring(s, home, cwd, wired, scanErrs, d.Agent, &report)
		a.examineWall(s, wired, d.Agent, &report)
	}
	report.Add(doctor.ServeBinaryFindings(s.cfg, a.lookupEnv, checkServeBuild)...)
	report.Add(a.projectDoctor(in.ctx, d.Agent)...)
	report.Add(doctor.RememberedFindings(s.loc.Home, s.store)...)
	report.Prepend(view.NamedConfigFindings(s.loc, a.configFlag, a.lookupEnv)...)
	a.firstWiringState(s, wired, d.Agent, &report)
	if o.asJSON {
		if err := a.printJSON(report); err != nil {
			return err
		}
	} else {
		a.printDoc(view.DoctorDoc(report, a.outputWidth(a.stdout)))
	}
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig)
	}
	if report.Problems > 0 {
		return silent(exitFailure)
	}
	return nil
}

// firstWiringState puts what the agents' own wiring makes of every call
// (view.WiringStateFindings) at the top of the report: for one agent when only is set.
func (a *app) firstWiringState(s *session, wired []install.Wiring, only *agent.Dialect, r *doctor.Report) {
	r.Prepend(view.WiringStateFindings(s.loc.Allowlist, s.loc.Home, view.WiredFor(wired, only))...)
}

// examineWiring adds the findings about the agents wired to hookctl (view.AgentFindings) to
// the report, for one agent when only is set.
func (a *app) examineWiring(s *session, home, cwd string, wired []install.Wiring, errs []error, only *agent.Dialect, r *doctor.Report) {
	r.Add(view.AgentFindings(view.AgentExam{Config: s.cfg, Home: home, Memory: install.MemoryPath(s.loc.Home),
		Wired: wired, ScanErrs: errs, Only: only, System: a.systemLayer(""), Held: a.heldGuards(s),
		Trust: install.TrustPlacesAt(a.lookupEnv, home, cwd, filepath.Base(a.selfPath())), Projects: a.switchProjects(home, cwd), LookupEnv: a.lookupEnv})...)
}

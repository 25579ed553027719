package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
)

// What list, validate and doctor say of the project layer (SPEC 20): each of the project's
// hooks and what a run in that project does with it, read as a run reads it (the project the
// working folder, or $CLAUDE_PROJECT_DIR, is in; its own approvals and guard record).

// projectHookJSON is one hook of the project as list shows it.
type projectHookJSON struct {
	Event      string         `json:"event"`
	Matcher    string         `json:"matcher"`
	Command    string         `json:"command"`
	FailClosed bool           `json:"fail_closed"`
	Consent    consent.Status `json:"consent"`
	// Runs says a run in the project runs the hook; State says so in words, or why not.
	Runs  bool   `json:"runs"`
	State string `json:"state"`
}

// projectJSON is the project layer in `hooks list --json`, null when the working folder is in
// no project.
type projectJSON struct {
	Root      string `json:"root"`
	Config    string `json:"config"`
	Approvals string `json:"approvals"`
	// Error says why the config cannot be read or trusted: none of its hooks runs, and each
	// recorded project guard blocks what it covered.
	Error    string            `json:"error,omitempty"`
	Problems []config.Problem  `json:"problems"`
	Hooks    []projectHookJSON `json:"hooks"`
	// Guards are the project's recorded guards not in force, and its guard record or approvals
	// file when they cannot be read: errors, as the person's are.
	Guards []doctor.Finding `json:"guards"`
	// Bypassed is true when consent is bypassed for the project's hooks (--accept-hooks).
	Bypassed bool `json:"bypassed,omitempty"`

	project *consent.Project
}

// Project hook states, as list, validate and doctor word them.
const (
	stateRuns        = "approved: it runs"
	stateBypassed    = "runs without an approval: consent is bypassed (--accept-hooks)"
	stateNotApproved = "not approved: it will not run"
	stateChanged     = "changed since approval: it will not run"
	stateGuardOff    = "guard not in force: it blocks the calls it covers"
)

// projectView reads the project layer as a run in the working folder would, for every event;
// nil when the working folder is in no project.
func (a *app) projectView() *projectJSON {
	loc, err := a.locations()
	if err != nil {
		return nil
	}
	p := a.projectLayer(loc, a.projectFrom(""), "", false)
	if p == nil || !exists(p.Config.Path) && !exists(p.Store.Path) && len(p.Guards) == 0 && p.GuardErr == nil && len(p.Lost) == 0 {
		return nil // a repository with no project hooks, none approved and none recorded
	}
	v := &projectJSON{Root: p.Root, Config: p.Config.Path, Approvals: p.Store.Path, Problems: p.Config.Problems,
		Hooks: []projectHookJSON{}, Bypassed: a.projectBypass(), project: p}
	if v.Problems == nil {
		v.Problems = []config.Problem{}
	}
	if p.ConfigErr != nil {
		v.Error = p.ConfigErr.Error()
	}
	v.Guards = projectFindings(p, doctor.GuardFindings(p.Config, p.Store))
	for _, gap := range p.Lost { // remembered by the person's record, gone from the project's
		v.Guards = append(v.Guards, doctor.Finding{Severity: doctor.SeverityError, Event: gap.Guard.Event, Command: gap.Guard.Command, Check: "guard",
			Message: fmt.Sprintf("project %s: guard %s is not in force: %s; every call it covered there is blocked", p.Root, gap.Guard, gap.Why), Fix: gap.Fix})
	}
	list, lerr := p.Store.Load()
	if lerr != nil {
		v.Guards = append(v.Guards, doctor.Finding{Severity: doctor.SeverityError, Check: "allowlist",
			Message: fmt.Sprintf("%v: none of the project's hooks is approved", lerr),
			Fix:     fmt.Sprintf("inspect %s, then move it aside and, in the project, run: hookctl hooks approve --project", p.Store.Path)})
		list = &consent.Allowlist{}
	}
	for _, h := range p.Config.Hooks {
		c := list.Check(h)
		ph := projectHookJSON{Event: h.Event, Matcher: h.Matcher, Command: h.Command, FailClosed: h.FailClosed, Consent: c.Status}
		switch {
		case c.Status == consent.StatusApproved:
			ph.Runs, ph.State = true, stateRuns
		case v.Bypassed:
			ph.Runs, ph.State = true, stateBypassed
		case c.Status == consent.StatusChanged && recordedGuard(p.Guards, h):
			ph.State = stateGuardOff + " (" + c.Reason + ")"
		case c.Status == consent.StatusChanged:
			ph.State = stateChanged + " (" + c.Reason + ")"
		default:
			ph.State = stateNotApproved
		}
		v.Hooks = append(v.Hooks, ph)
	}
	return v
}

// recordedGuard reports whether h is a guard recorded in the project's guard record.
func recordedGuard(guards []consent.Guard, h config.Hook) bool {
	return slices.ContainsFunc(guards, func(g consent.Guard) bool { return g.Event == h.Event && g.Command == h.Command })
}

// projectFindings words doctor's findings of the project's config and approvals for the
// project: each names the project, and each fix approves or revokes with --project.
func projectFindings(p *consent.Project, fs []doctor.Finding) []doctor.Finding {
	out := make([]doctor.Finding, 0, len(fs))
	for _, f := range fs {
		f.Message = "project " + p.Root + ": " + f.Message
		f.Fix = projectFix(f.Fix)
		if f.Fix != "" && !strings.Contains(f.Fix, "chmod") {
			f.Fix = "in " + p.Root + ": " + f.Fix
		}
		out = append(out, f)
	}
	return out
}

// projectFix turns the approve and revoke commands a text names into the project's.
func projectFix(s string) string {
	return strings.NewReplacer("hookctl hooks approve --all", "hookctl hooks approve --project",
		"hookctl hooks approve ", "hookctl hooks approve --project ",
		"hookctl hooks revoke ", "hookctl hooks revoke --project ",
		"`hookctl hooks approve`", "`hookctl hooks approve --project`").Replace(s)
}

// notRunning counts the project's hooks that will not run.
func (v *projectJSON) notRunning() int {
	n := 0
	for _, h := range v.Hooks {
		if !h.Runs {
			n++
		}
	}
	return n
}

// projectDoctor examines the project's hooks as doctor examines the person's (scripts,
// consent, the project's guard record), each finding naming the project. An unapproved
// project hook is an error, as the person's is: it will not run.
func (a *app) projectDoctor(ctx context.Context, only *agent.Dialect) []doctor.Finding {
	v := a.projectView()
	if v == nil {
		return nil
	}
	p := v.project
	var out []doctor.Finding
	if p.Recorded && !exists(filepath.Join(p.Root, ".git")) {
		out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "project",
			Message: "the project " + p.Root + " holds no .git: it is a project because its approvals are recorded (" + p.Store.Path + "), and its guards hold in every folder below it",
			Fix:     "if its .git was moved away, move it back; a project that is gone is revoked at a terminal: hookctl hooks revoke --project"})
	}
	if v.Error != "" {
		out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "config",
			Message: "project " + p.Root + ": " + v.Error + ": none of its hooks runs, and each recorded project guard blocks what it covered",
			Fix:     "fix " + v.Config})
	}
	d := &doctor.Doctor{Config: p.Config, Store: p.Store, Dir: p.Root, Agent: only}
	for _, f := range projectFindings(p, d.Examine(ctx).Findings) {
		// A bypass runs a hook not approved, never a guard changed since approval (23.1).
		if f.Verdict != nil && v.Bypassed && !changedGuard(p.Config, f) {
			f.Severity = doctor.SeverityWarning
			if f.Verdict.Status == consent.StatusNotApproved { // it runs after all
				f.Message = strings.Replace(f.Message, f.Verdict.Why+": it will not run", f.Verdict.Why, 1)
			}
			f.Message += " (it runs: consent is bypassed for this run)"
		}
		out = append(out, f)
	}
	return out
}

// printProject writes the project layer's lines of `hooks list`.
func (a *app) printProject(sc screen, v *projectJSON) {
	if v == nil {
		return
	}
	p := a.colors(a.stdout)
	sc.para(cell{"project: ", p.bold}, "  ", terminalSafe(v.Root)+"  (config "+terminalSafe(v.Config)+"; approvals "+terminalSafe(v.Approvals)+")")
	if v.Error != "" {
		sc.para(cell{"  error: ", p.red}, "    ", terminalSafe(v.Error)+": none of its hooks runs")
	}
	if len(v.Hooks) == 0 && v.Error == "" {
		sc.para(cell{}, "  ", "  no project hooks")
	}
	for _, h := range v.Hooks {
		state := cell{terminalSafe(h.State), p.green}
		switch {
		case h.Consent != consent.StatusApproved && h.Runs:
			state.paint = p.yellow
		case !h.Runs && h.Consent == consent.StatusNotApproved:
			state = cell{terminalSafe(h.State) + " (review it, then in the project: hookctl hooks approve --project)", p.yellow}
		case !h.Runs:
			state.paint = p.red
		}
		guard := ""
		if h.FailClosed {
			guard = " (guard)"
		}
		label := "  " + terminalSafe(h.Event) + "  " + terminalSafe(h.Command) + guard + "  "
		sc.para(cell{text: label}, "    ", state.text)
	}
	for _, pr := range v.Problems {
		sc.para(cell{}, "    ", "  "+terminalSafe(pr.String()))
	}
}

// validateProject says on stderr what is wrong with the project layer for validate and
// returns the number of errors: the config's errors, a config that cannot be read, and each
// recorded project guard not in force (run blocks what it covers).
func (a *app) validateProject(v *projectJSON) int {
	if v == nil {
		return 0
	}
	p, errs := v.project, 0
	if v.Error != "" {
		a.warn("project " + p.Root + ": " + v.Error + ": none of its hooks runs")
		errs++
	}
	for _, pr := range v.Problems {
		a.warn(pr.String())
		if pr.Severity == config.SeverityError {
			errs++
		}
	}
	for _, why := range guardsNotInForce(p.Config, p.Store) {
		a.warn("project " + p.Root + ": " + projectFix(why))
		errs++
	}
	return errs
}

// printProjectRuns writes validate's account of the project's hooks: how many will run, and
// each that will not, with why.
func (a *app) printProjectRuns(v *projectJSON) {
	if v == nil {
		return
	}
	n := v.notRunning()
	if n == 0 {
		fmt.Fprintf(a.stdout, "project %s: %d hook(s), all will run\n", terminalSafe(v.Root), len(v.Hooks))
		return
	}
	fmt.Fprintf(a.stdout, "project %s: %d hook(s), %d will not run (review them, then in the project: hookctl hooks approve --project):\n", terminalSafe(v.Root), len(v.Hooks), n)
	for _, h := range v.Hooks {
		if !h.Runs {
			fmt.Fprintf(a.stdout, "  %s %s: %s\n", terminalSafe(h.Event), terminalSafe(h.Command), terminalSafe(h.State))
		}
	}
}

// approvedProjectJSON is one project whose hooks the person approved, in `hooks list --json`.
type approvedProjectJSON struct {
	// Root is the repository its approvals file records ("" for a file written before roots
	// were recorded); File is that file.
	Root      string `json:"root"`
	File      string `json:"file"`
	Approvals int    `json:"approvals"`
	// Error says why the file approves nothing.
	Error string `json:"error,omitempty"`
}

// approvedProjects lists the projects' approvals files of the hookctl home.
func approvedProjects(home string) []approvedProjectJSON {
	out := []approvedProjectJSON{}
	for _, p := range consent.Projects(home) {
		ap := approvedProjectJSON{Root: p.Root, File: p.Path, Approvals: p.Approvals}
		if p.Err != nil {
			ap.Error = p.Err.Error()
		}
		out = append(out, ap)
	}
	return out
}

// printApprovedProjects writes the projects whose hooks are approved, one line each.
func (a *app) printApprovedProjects(sc screen, all []approvedProjectJSON) {
	var ps []approvedProjectJSON // a file whose approvals were all revoked is no approval
	for _, ap := range all {
		if ap.Approvals > 0 || ap.Error != "" {
			ps = append(ps, ap)
		}
	}
	if len(ps) == 0 {
		return
	}
	p := a.colors(a.stdout)
	sc.para(cell{"projects with approved hooks", p.bold}, "  ", " (hookctl hooks revoke --project, in one, takes them back):")
	for _, ap := range ps {
		root := ap.Root
		switch {
		case root == "" && ap.Error != "":
			root = ap.File
		case root == "":
			root = "(root not recorded) " + ap.File
		}
		if ap.Error != "" {
			sc.para(cell{text: "  " + terminalSafe(root) + "  "}, "    ", "approves nothing: "+terminalSafe(ap.Error))
			continue
		}
		sc.para(cell{text: "  " + terminalSafe(root) + "  "}, "    ", fmt.Sprintf("%d hook(s) approved", ap.Approvals))
	}
}

// changedGuard tells whether the finding is about a fail_closed hook of cfg changed since its
// approval: what no bypass runs.
func changedGuard(cfg *config.Config, f doctor.Finding) bool {
	if f.Verdict == nil || f.Verdict.Status != consent.StatusChanged {
		return false
	}
	for _, h := range cfg.Hooks {
		if h.Event == f.Event && h.Command == f.Command && h.FailClosed {
			return true
		}
	}
	return false
}

// exists tells whether something is at path (a broken link counts: it is something to report).
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

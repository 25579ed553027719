package view

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/runner"
)

// What list, validate and doctor say of the project layer (SPEC 20): each of the project's
// hooks and what a run in that project does with it, read as a run reads it (the project the
// working folder, or $CLAUDE_PROJECT_DIR, is in; its own approvals and guard record).

// ProjectHook is one hook of the project as list shows it.
type ProjectHook struct {
	Event      string         `json:"event"`
	Matcher    string         `json:"matcher"`
	Command    string         `json:"command"`
	FailClosed bool           `json:"fail_closed"`
	Consent    consent.Status `json:"consent"`
	// Runs says a run in the project runs the hook; State says so in words, or why not.
	Runs  bool   `json:"runs"`
	State string `json:"state"`
}

// Project is the project layer in `hooks list --json`, null when the working folder is in no
// project.
type Project struct {
	Root      string `json:"root"`
	Config    string `json:"config"`
	Approvals string `json:"approvals"`
	// Error says why the config cannot be read or trusted: none of its hooks runs, and each
	// recorded project guard blocks what it covered.
	Error    string           `json:"error,omitempty"`
	Problems []config.Problem `json:"problems"`
	Hooks    []ProjectHook    `json:"hooks"`
	// Guards are the project's recorded guards not in force, and its guard record or approvals
	// file when they cannot be read: errors, as the person's are.
	Guards []doctor.Finding `json:"guards"`
	// Bypassed is true when consent is bypassed for the project's hooks (--accept-hooks).
	Bypassed bool `json:"bypassed,omitempty"`

	// Layer is the project layer the view was read from.
	Layer *consent.Project `json:"-"`
}

// Project hook states, as list, validate and doctor word them.
const (
	StateRuns        = "approved: it runs"
	StateBypassed    = "runs without an approval: consent is bypassed (--accept-hooks)"
	StateNotApproved = "not approved: it will not run"
	StateChanged     = "changed since approval: it will not run"
	StateGuardOff    = "guard not in force: it blocks the calls it covers"
)

// ProjectOf is the project layer p (read for every event, as a run reads it) as list,
// validate and doctor show it: each hook's state is its verdict (runner.VerdictOf) under d's
// calls (nil: hookctl's own protocol), bypassed when consent is bypassed for the project's
// hooks, strict under strict mode (a guard never approved there blocks, as
// runner.RequiredProjectGuard says). It is nil when there is no project, or one with no hooks, none approved and none
// recorded.
func ProjectOf(p *consent.Project, bypassed bool, d *agent.Dialect, strict bool) *Project {
	if p == nil || !exists(p.Config.Path) && !exists(p.Store.Path) && len(p.Guards) == 0 && p.GuardErr == nil && len(p.Lost) == 0 {
		return nil
	}
	v := &Project{Root: p.Root, Config: p.Config.Path, Approvals: p.Store.Path, Problems: p.Config.Problems,
		Hooks: []ProjectHook{}, Bypassed: bypassed, Layer: p}
	if v.Problems == nil {
		v.Problems = []config.Problem{}
	}
	if p.ConfigErr != nil {
		v.Error = p.ConfigErr.Error()
	}
	v.Guards = ProjectFindings(p, doctor.GuardFindings(p.Config, p.Store))
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
		v.Hooks = append(v.Hooks, projectHook(h, list.Check(h), p.Guards, bypassed, d, strict))
	}
	return v
}

// projectHook is project hook h, whose consent is c, in words: its verdict as the dispatch
// gives it, except that a bypass runs a hook the verdict would not (a recorded guard changed
// since approval blocks whatever bypasses consent: runner's recordedDrift).
func projectHook(h config.Hook, c consent.Check, recorded []consent.Guard, bypassed bool, d *agent.Dialect, strict bool) ProjectHook {
	ph := ProjectHook{Event: h.Event, Matcher: h.Matcher, Command: h.Command, FailClosed: h.FailClosed, Consent: c.Status}
	detail := runner.UnapprovedGuard(h, c.Status, recorded)
	var required error
	if detail == nil && strict && !bypassed {
		required = runner.RequiredProjectGuard(h, c.Status)
		detail = required
	}
	v := runner.VerdictOf(h, c.Status, detail, runner.Blocking(d, h.Event))
	switch {
	case v.Fate == runner.FateRuns:
		ph.Runs, ph.State = true, StateRuns
	case bypassed && !(h.FailClosed && v.Status == consent.StatusChanged && recordedGuard(recorded, h)):
		// A bypass runs a hook the verdict would not, never a recorded guard's change (23.1).
		ph.Runs, ph.State = true, StateBypassed
	case v.Fate == runner.FateBlocks && required != nil:
		ph.State = StateGuardOff + " (" + required.Error() + ")"
	case v.Fate == runner.FateBlocks:
		ph.State = StateGuardOff + " (" + c.Reason + ")"
	case v.Status == consent.StatusChanged:
		ph.State = StateChanged + " (" + c.Reason + ")"
	default:
		ph.State = StateNotApproved
	}
	return ph
}

// NotRunning counts the project's hooks that will not run.
func (v *Project) NotRunning() int {
	n := 0
	for _, h := range v.Hooks {
		if !h.Runs {
			n++
		}
	}
	return n
}

// ProjectFindings words doctor's findings of the project's config and approvals for the
// project: each names the project, and each fix approves or revokes with --project.
func ProjectFindings(p *consent.Project, fs []doctor.Finding) []doctor.Finding {
	out := make([]doctor.Finding, 0, len(fs))
	for _, f := range fs {
		f.Message = "project " + p.Root + ": " + f.Message
		f.Fix = ProjectFix(f.Fix)
		if f.Fix != "" && !strings.Contains(f.Fix, "chmod") {
			f.Fix = "in " + p.Root + ": " + f.Fix
		}
		out = append(out, f)
	}
	return out
}

// ProjectFix turns the approve and revoke commands a text names into the project's.
func ProjectFix(s string) string {
	return strings.NewReplacer("hookctl hooks approve --all", "hookctl hooks approve --project",
		"hookctl hooks approve ", "hookctl hooks approve --project ",
		"hookctl hooks revoke ", "hookctl hooks revoke --project ",
		"`hookctl hooks approve`", "`hookctl hooks approve --project`").Replace(s)
}

// ProjectDoctor examines the project's hooks as doctor examines the person's (scripts,
// consent, the project's guard record), each finding naming the project; only, when not nil,
// is the agent doctor is asked about. An unapproved project hook is an error, as the person's
// is: it will not run.
func ProjectDoctor(ctx context.Context, v *Project, only *agent.Dialect) []doctor.Finding {
	if v == nil {
		return nil
	}
	p := v.Layer
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
	for _, f := range ProjectFindings(p, d.Examine(ctx).Findings) {
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

// ApprovedProject is one project whose hooks the person approved, in `hooks list --json`.
type ApprovedProject struct {
	// Root is the repository its approvals file records ("" for a file written before roots
	// were recorded); File is that file.
	Root      string `json:"root"`
	File      string `json:"file"`
	Approvals int    `json:"approvals"`
	// Error says why the file approves nothing.
	Error string `json:"error,omitempty"`
}

// ApprovedProjects lists the projects' approvals files of the hookctl home.
func ApprovedProjects(home string) []ApprovedProject {
	out := []ApprovedProject{}
	for _, p := range consent.Projects(home) {
		ap := ApprovedProject{Root: p.Root, File: p.Path, Approvals: p.Approvals}
		if p.Err != nil {
			ap.Error = p.Err.Error()
		}
		out = append(out, ap)
	}
	return out
}

// exists tells whether something is at path (a broken link counts: it is something to report).
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

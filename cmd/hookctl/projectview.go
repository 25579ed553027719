package main

import (
	"context"
	"fmt"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/view"
)

// projectView reads the project layer as a run in the working folder would, for every event;
// nil when the working folder is in no project (view.ProjectOf).
func (a *app) projectView() *view.Project {
	loc, err := a.locations()
	if err != nil {
		return nil
	}
	return view.ProjectOf(a.projectLayer(loc, a.projectFrom(""), "", false), a.projectBypass(), nil, a.strictShown())
}

// projectDoctor is doctor's findings of the project layer (view.ProjectDoctor).
func (a *app) projectDoctor(ctx context.Context, only *agent.Dialect) []doctor.Finding {
	return view.ProjectDoctor(ctx, a.projectView(), only)
}

// printProject writes the project layer's lines of `hooks list`.
func (a *app) printProject(sc screen, v *view.Project) {
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
func (a *app) validateProject(v *view.Project) int {
	if v == nil {
		return 0
	}
	errs := 0
	if v.Error != "" {
		a.warn("project " + v.Root + ": " + v.Error + ": none of its hooks runs")
		errs++
	}
	for _, pr := range v.Problems {
		a.warn(pr.String())
	}
	errs += config.Errors(v.Problems)
	for _, why := range v.GuardsNotInForce() {
		a.warn(why)
		errs++
	}
	return errs
}

// printProjectRuns writes validate's account of the project's hooks: how many will run, and
// each that will not, with why.
func (a *app) printProjectRuns(v *view.Project) {
	if v == nil {
		return
	}
	n := v.NotRunning()
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

// printApprovedProjects writes the projects whose hooks are approved, one line each.
func (a *app) printApprovedProjects(sc screen, all []view.ApprovedProject) {
	var ps []view.ApprovedProject // a file whose approvals were all revoked is no approval
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

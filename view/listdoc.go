package view

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/internal/textfit"
)

// span is a cell as the display paints it.
func span(c Cell) display.Span {
	switch c.Tone {
	case Good:
		return display.Span{Text: c.Text, Tone: display.Good}
	case Warning:
		return display.Span{Text: c.Text, Tone: display.Warning}
	case Bad:
		return display.Span{Text: c.Text, Tone: display.Bad}
	}
	return display.Span{Text: c.Text}
}

// ListHead is the top of `hooks list` at a width (0 for none): the guards not in force and
// other findings, the self-guard, then each wall's line (walls, worded by the caller).
func ListHead(out List, walls []string, width int) *display.Doc {
	d := &display.Doc{Width: width}
	FindingLines(d, out.Guards)
	state := "off: nothing of hookctl's to protect yet"
	if out.SelfGuard.On {
		state = "on: denies an agent's tool call that would change hookctl's approvals, guards, binaries or wiring"
	}
	d.Para(display.Span{Text: "built-in guard: hookctl self-guard", Tone: display.Strong}, "  ", "  "+state)
	for _, w := range walls {
		d.Para(display.Span{Text: "wall: "}, "  ", termsafe.String(w))
	}
	return d
}

// FindingLines adds each finding as an error or warning paragraph with its fix.
func FindingLines(d *display.Doc, fs []doctor.Finding) {
	for _, f := range fs {
		label := display.Span{Text: "error: ", Tone: display.Bad}
		if f.Severity == doctor.SeverityWarning {
			label = display.Span{Text: "warning: ", Tone: display.Warning}
		}
		d.Para(label, "  ", termsafe.String(f.Message))
		d.Para(display.Span{Text: "  fix: "}, "       ", termsafe.String(f.Fix))
	}
}

// ListBody is the rest of `hooks list` after the system level: the project, the approved
// projects, the config with one table of hooks per event, and the config's problems.
func ListBody(out List, width int) *display.Doc {
	d := &display.Doc{Width: width}
	ProjectLines(d, out.Project)
	ApprovedProjectLines(d, out.Projects)
	d.Para(display.Span{Text: "config: "}, "  ", termsafe.String(out.Config))
	if len(out.Hooks) == 0 {
		if _, err := os.Stat(out.Config); errors.Is(err, fs.ErrNotExist) {
			d.Para(display.Span{}, "  ", "no hooks configured: the config file does not exist (hookctl init creates one)")
		} else {
			d.Add(display.Span{Text: "no hooks configured"})
		}
	}
	for start := 0; start < len(out.Hooks); {
		h := out.Hooks[start]
		end := start
		for end < len(out.Hooks) && out.Hooks[end].Event == h.Event {
			end++
		}
		header := h.Event
		if h.AgentEvents != nil {
			header += " <- " + ListOrNone(*h.AgentEvents)
		}
		if agents := WiredTo(out.Wired, h.Event); agents != "" {
			header += "  (wired: " + agents + ")"
		}
		d.Blank()
		d.Line(termsafe.String(header), display.Strong)
		rows := make([]HookRow, 0, end-start)
		for _, h := range out.Hooks[start:end] {
			rows = append(rows, RowOf(h))
		}
		HookTable(d, rows)
		start = end
	}
	problemLines(d, out.Problems)
	return d
}

// problemLines adds the config's problems, each entry an error dropped.
func problemLines(d *display.Doc, problems []config.Problem) {
	if len(problems) == 0 {
		return
	}
	d.Blank()
	d.Line("config problems (an entry with an error is dropped)", display.Strong)
	for _, pr := range problems {
		tone := display.Warning
		if pr.Severity == config.SeverityError {
			tone = display.Bad
		}
		d.Para(display.Span{Text: "  " + termsafe.String(pr.String()), Tone: tone}, "    ", "")
		for _, c := range pr.Dropped {
			d.Para(display.Span{Text: "    dropped: "}, "      ", termsafe.String(c))
		}
	}
}

// withDate is the consent cell with the approval's date, where there is one.
func (r HookRow) withDate() display.Span {
	c := span(r.Consent)
	if r.Date != "" {
		c.Text = strings.Replace(c.Text, "approved", "approved "+r.Date, 1)
	}
	return c
}

// hookTableRows is an event's table with or without the script column and the dates.
func hookTableRows(rows []HookRow, script, date bool) [][]display.Span {
	head := []display.Span{{Text: "MATCHER"}, {Text: "COMMAND"}, {Text: "TIMEOUT"}, {Text: "FAIL_CLOSED"}, {Text: "CONSENT"}}
	if script {
		head = append(head, display.Span{Text: "SCRIPT"})
	}
	table := [][]display.Span{head}
	for _, r := range rows {
		consent := span(r.Consent)
		if date {
			consent = r.withDate()
		}
		row := []display.Span{{Text: r.Matcher}, {Text: r.Command}, {Text: r.Timeout}, {Text: r.FailClosed}, consent}
		if script {
			row = append(row, span(r.Script))
		} else if r.ScriptNote.Text != "" {
			row[4] = display.Span{Text: consent.Text + ", " + r.ScriptNote.Text, Tone: span(r.ScriptNote).Tone}
		}
		table = append(table, row)
	}
	return table
}

// HookTable adds one event's hooks. At a narrow screen the table gives way in this order, each
// step only when the last did not fit: the script column goes (a script problem moves into the
// consent column), then the approval date, then the matchers and commands are shortened (never
// below a readable length, and never so that two differ no more), and last each hook takes
// three lines of its own.
func HookTable(d *display.Doc, rows []HookRow) {
	const indent = "  "
	for _, step := range []struct{ script, date bool }{{true, true}, {false, true}, {false, false}} {
		table := hookTableRows(rows, step.script, step.date)
		if d.Width <= 0 || textfit.TableWidth(indent, display.Widen(nil, table)) <= d.Width {
			d.Table(indent, table)
			return
		}
	}
	table := hookTableRows(rows, false, false)
	widths := display.Widen(nil, table)
	if display.Fit(table, indent, d.Width, map[int]int{0: min(widths[0], 12), 1: min(widths[1], 24)}, nil) {
		d.Table(indent, table)
		return
	}
	matchers, commands := make([]string, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		matchers[i], commands[i] = r.Matcher, r.Command
	}
	matchers = textfit.CutDistinct(matchers, d.Width-len(indent), false)
	commands = textfit.CutDistinct(commands, d.Width-2*len(indent), false)
	for i, r := range rows {
		d.Line(indent+matchers[i], display.Plain)
		d.Line(indent+indent+commands[i], display.Plain)
		details := indent + indent + "timeout " + r.Timeout + ", fail_closed " + r.FailClosed + ", "
		consent := r.withDate()
		if r.ScriptNote.Text != "" {
			consent = display.Span{Text: consent.Text + ", " + r.ScriptNote.Text, Tone: span(r.ScriptNote).Tone}
		}
		if utf8.RuneCountInString(details+consent.Text) > d.Width {
			d.Line(details+consent.Text, display.Plain)
			continue
		}
		d.Add(display.Span{Text: details}, consent)
	}
}

// ProjectLines adds the project layer's lines of `hooks list`; nothing for no project.
func ProjectLines(d *display.Doc, v *Project) {
	if v == nil {
		return
	}
	d.Para(display.Span{Text: "project: ", Tone: display.Strong}, "  ", termsafe.String(v.Root)+"  (config "+termsafe.String(v.Config)+"; approvals "+termsafe.String(v.Approvals)+")")
	if v.Error != "" {
		d.Para(display.Span{Text: "  error: ", Tone: display.Bad}, "    ", termsafe.String(v.Error)+": none of its hooks runs")
	}
	if len(v.Hooks) == 0 && v.Error == "" {
		d.Para(display.Span{}, "  ", "  no project hooks")
	}
	for _, h := range v.Hooks {
		guard := ""
		if h.FailClosed {
			guard = " (guard)"
		}
		state := termsafe.String(h.State)
		if !h.Runs && h.Consent == consent.StatusNotApproved {
			state += " (review it, then in the project: hookctl hooks approve --project)"
		}
		d.Para(display.Span{Text: "  " + termsafe.String(h.Event) + "  " + termsafe.String(h.Command) + guard + "  "}, "    ", state)
	}
	for _, pr := range v.Problems {
		d.Para(display.Span{}, "    ", "  "+termsafe.String(pr.String()))
	}
}

// ApprovedProjectLines adds the projects whose hooks are approved, one line each; a file whose
// approvals were all revoked is no approval.
func ApprovedProjectLines(d *display.Doc, all []ApprovedProject) {
	var ps []ApprovedProject
	for _, ap := range all {
		if ap.Approvals > 0 || ap.Error != "" {
			ps = append(ps, ap)
		}
	}
	if len(ps) == 0 {
		return
	}
	d.Para(display.Span{Text: "projects with approved hooks", Tone: display.Strong}, "  ", " (hookctl hooks revoke --project, in one, takes them back):")
	for _, ap := range ps {
		root := ap.Root
		switch {
		case root == "" && ap.Error != "":
			root = ap.File
		case root == "":
			root = "(root not recorded) " + ap.File
		}
		label := display.Span{Text: "  " + termsafe.String(root) + "  "}
		if ap.Error != "" {
			d.Para(label, "    ", "approves nothing: "+termsafe.String(ap.Error))
			continue
		}
		d.Para(label, "    ", fmt.Sprintf("%d hook(s) approved", ap.Approvals))
	}
}

// ProjectRuns is validate's account of the project's hooks: how many will run, and each that
// will not, with why.
func ProjectRuns(v *Project) *display.Doc {
	d := &display.Doc{}
	if v == nil {
		return d
	}
	n := v.NotRunning()
	if n == 0 {
		d.Add(display.Span{Text: fmt.Sprintf("project %s: %d hook(s), all will run", termsafe.String(v.Root), len(v.Hooks))})
		return d
	}
	d.Add(display.Span{Text: fmt.Sprintf("project %s: %d hook(s), %d will not run (review them, then in the project: hookctl hooks approve --project):", termsafe.String(v.Root), len(v.Hooks), n)})
	for _, h := range v.Hooks {
		if !h.Runs {
			d.Add(display.Span{Text: fmt.Sprintf("  %s %s: %s", termsafe.String(h.Event), termsafe.String(h.Command), termsafe.String(h.State))})
		}
	}
	return d
}

// ProjectProblems is what validate says on stderr of the project layer, and how many of those
// are errors: a config that cannot be read, the config's problems, and each recorded project
// guard not in force (run blocks what it covers).
func ProjectProblems(v *Project) ([]string, int) {
	if v == nil {
		return nil, 0
	}
	var out []string
	errs := 0
	if v.Error != "" {
		out = append(out, "project "+v.Root+": "+v.Error+": none of its hooks runs")
		errs++
	}
	for _, pr := range v.Problems {
		out = append(out, pr.String())
	}
	errs += config.Errors(v.Problems)
	for _, why := range v.GuardsNotInForce() {
		out = append(out, why)
		errs++
	}
	return out, errs
}

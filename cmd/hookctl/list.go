package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/textfit"
	"github.com/hookctl/hookctl/view"
)

// listOptions are the parsed arguments of `hooks list`.
type listOptions struct {
	asJSON bool
	agent  string
	wide   bool
	diff   bool
}

// listCommand builds `hooks list`; runF, when not nil, receives the parsed options in place of
// listRun (the parsing tests).
func (a *app) listCommand(runF func(listOptions) error) *cobra.Command {
	var o listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List every configured hook with its consent status, and the entries the config dropped",
		Example: `  hookctl hooks list
  hookctl hooks list --wide
  hookctl hooks list --diff
  hookctl hooks list --json | jq '.hooks[] | select(.consent.status != "approved")'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.diff && o.asJSON {
				return usageErrorf("--diff goes with the tables, not with --json")
			}
			if runF != nil {
				return runF(o)
			}
			return a.listRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print JSON (shape in the README)")
	cmd.Flags().BoolVar(&o.diff, "diff", false, "after the tables, show what changed in each script changed since approval (a unified diff against the approved copy)")
	cmd.Flags().BoolVar(&o.wide, "wide", false, "show every matcher and command whole, however wide the terminal")
	cmd.Flags().StringVar(&o.agent, "agent", "", "list only the hooks that run under this agent, with its events and the tools each matcher matches")
	_ = cmd.RegisterFlagCompletionFunc("agent", completeAgents) // cannot fail: the flag exists
	return cmd
}

func (a *app) listRun(o listOptions) error {
	s, err := a.sessionQuiet()
	if err != nil {
		return err
	}
	list := a.warnAllowlist(s)
	out := view.Listing(s.loc.Config, s.cfg, list)
	out.Guards = doctor.GuardFindings(s.cfg, s.store)
	out.Wired = a.wired()
	out.Guards = append(out.Guards, a.unwiredFindings(s, out.Wired, nil)...)
	out.Guards = append(out.Guards, a.switchFindings(out.Wired, nil, "")...)
	out.SelfGuard = view.SelfGuardOf(a.guardSource(s.loc, false), s.cfg)
	walls, wallFindings := a.wallStates(s, out.Wired, nil)
	out.Walls = append([]doctor.WallState{}, walls...)
	out.Guards = append(out.Guards, wallFindings...)
	out.System = view.SystemOf(a.systemLayer(""))
	out.Guards = append(view.SystemFindings(out.System), out.Guards...)
	if out.Project = a.projectView(); out.Project != nil {
		out.Guards = append(out.Guards, out.Project.Guards...)
	}
	out.Projects = view.ApprovedProjects(s.loc.Home)
	if out.Guards == nil {
		out.Guards = []doctor.Finding{}
	}
	if o.agent != "" {
		d, err := agent.Lookup(o.agent)
		if err != nil {
			return usageErrorf("--agent: %v", err)
		}
		out.Hooks = view.ForAgent(d, s.cfg.Hooks, out.Hooks)
	}
	if o.asJSON {
		return a.printJSON(out)
	}
	width := 0
	if !o.wide {
		width = a.outputWidth(a.stdout)
	}
	a.printListing(out, width)
	if o.diff {
		printDiffs(a.stdout, s.store, list, s.cfg.Hooks)
		if pv := out.Project; pv != nil && pv.Layer != nil {
			// The project's scripts, against the copies its own approvals keep (SPEC 25.4).
			if plist, err := pv.Layer.Store.Load(); err == nil {
				printDiffs(a.stdout, pv.Layer.Store, plist, pv.Layer.Config.Hooks)
			}
		}
	}
	return nil
}

// warnAllowlist loads the allowlist; a broken one approves nothing and is reported on stderr.
func (a *app) warnAllowlist(s *session) *consent.Allowlist {
	list, err := s.store.Load()
	if err != nil {
		a.warn("warning: " + err.Error() + "; nothing is approved until it is fixed or removed")
		return &consent.Allowlist{}
	}
	return list
}

// printListing writes the listing as tables; width, when not 0, is the width every line must
// fit in (hookTable says how a table gives way).
func (a *app) printListing(out view.List, width int) {
	p := a.colors(a.stdout)
	sc := screen{w: a.stdout, width: width}
	for _, f := range out.Guards {
		label := cell{"error: ", p.red}
		if f.Severity == doctor.SeverityWarning {
			label = cell{"warning: ", p.yellow}
		}
		sc.para(label, "  ", terminalSafe(f.Message))
		sc.para(cell{text: "  fix: "}, "       ", terminalSafe(f.Fix))
	}
	state := "off: nothing of hookctl's to protect yet"
	if out.SelfGuard.On {
		state = "on: denies an agent's tool call that would change hookctl's approvals, guards, binaries or wiring"
	}
	sc.para(cell{"built-in guard: hookctl self-guard", p.bold}, "  ", "  "+state)
	for _, w := range out.Walls {
		sc.para(cell{text: "wall: "}, "  ", terminalSafe(wallLine(w)))
	}
	a.printSystem(sc, out.System)
	a.printProject(sc, out.Project)
	a.printApprovedProjects(sc, out.Projects)
	sc.para(cell{text: "config: "}, "  ", terminalSafe(out.Config))
	if len(out.Hooks) == 0 {
		if _, err := os.Stat(out.Config); errors.Is(err, fs.ErrNotExist) {
			sc.para(cell{}, "  ", "no hooks configured: the config file does not exist (hookctl init creates one)")
		} else {
			fmt.Fprintln(a.stdout, "no hooks configured")
		}
	}
	var rows []hookRow
	flush := func() {
		if rows != nil {
			printHookTable(sc, p, rows)
			rows = nil
		}
	}
	event := ""
	for _, h := range out.Hooks {
		if h.Event != event {
			flush()
			event = h.Event
			header := event
			if h.AgentEvents != nil {
				header += " <- " + view.ListOrNone(*h.AgentEvents)
			}
			if agents := view.WiredTo(out.Wired, event); agents != "" {
				header += "  (wired: " + agents + ")"
			}
			fmt.Fprintln(a.stdout)
			sc.line(terminalSafe(header), p.bold)
			rows = []hookRow{}
		}
		rows = append(rows, newHookRow(p, h))
	}
	flush()
	if len(out.Problems) > 0 {
		fmt.Fprintln(a.stdout)
		sc.line("config problems (an entry with an error is dropped)", p.bold)
		for _, pr := range out.Problems {
			paint := p.yellow
			if pr.Severity == config.SeverityError {
				paint = p.red
			}
			sc.para(cell{"  " + terminalSafe(pr.String()), paint}, "    ", "")
			for _, c := range pr.Dropped {
				sc.para(cell{text: "    dropped: "}, "      ", terminalSafe(c))
			}
		}
	}
}

// hookRow is one hook of the listing as its table shows it, every text terminal-safe.
type hookRow struct {
	matcher, command, timeout, failClosed string
	consent                               cell
	// date is the approval's date, "" for none: the first thing after the script to give way.
	date   string
	script cell
	// scriptNote is what is wrong with the script ("script missing"), "" for nothing: the
	// consent column says it when the script column gave way.
	scriptNote cell
}

func newHookRow(p palette, h view.Hook) hookRow {
	r := view.RowOf(h)
	return hookRow{matcher: r.Matcher, command: r.Command, timeout: r.Timeout, failClosed: r.FailClosed,
		consent: p.cell(r.Consent), date: r.Date, script: p.cell(r.Script), scriptNote: p.cell(r.ScriptNote)}
}

// printHookTable writes one event's hooks. At a narrow screen the table gives way in this
// order, each step only when the last did not fit: the script column goes (a script problem
// moves into the consent column), then the approval date, then the matchers and commands are
// shortened (never below a readable length, and never so that two differ no more), and last
// each hook takes three lines of its own.
func printHookTable(sc screen, p palette, rows []hookRow) {
	const indent = "  "
	build := func(script, date bool) [][]cell {
		head := []cell{{text: "MATCHER"}, {text: "COMMAND"}, {text: "TIMEOUT"}, {text: "FAIL_CLOSED"}, {text: "CONSENT"}}
		if script {
			head = append(head, cell{text: "SCRIPT"})
		}
		table := [][]cell{head}
		for _, r := range rows {
			consent := r.consent
			if date && r.date != "" {
				consent.text = strings.Replace(consent.text, "approved", "approved "+r.date, 1)
			}
			row := []cell{{text: r.matcher}, {text: r.command}, {text: r.timeout}, {text: r.failClosed}, consent}
			if script {
				row = append(row, r.script)
			} else if r.scriptNote.text != "" {
				row[4] = cell{consent.text + ", " + r.scriptNote.text, r.scriptNote.paint}
			}
			table = append(table, row)
		}
		return table
	}
	for _, step := range []struct{ script, date bool }{{true, true}, {false, true}, {false, false}} {
		table := build(step.script, step.date)
		if sc.width <= 0 || textfit.TableWidth(indent, widen(nil, table)) <= sc.width {
			writeTable(sc.w, indent, table)
			return
		}
	}
	table := build(false, false)
	widths := widen(nil, table)
	if fitRows(table, indent, sc.width, map[int]int{0: min(widths[0], 12), 1: min(widths[1], 24)}, nil) {
		writeTable(sc.w, indent, table)
		return
	}
	matchers, commands := make([]string, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		matchers[i], commands[i] = r.matcher, r.command
	}
	matchers = textfit.CutDistinct(matchers, sc.width-len(indent), false)
	commands = textfit.CutDistinct(commands, sc.width-2*len(indent), false)
	for i, r := range rows {
		sc.line(indent+matchers[i], nil)
		sc.line(indent+indent+commands[i], nil)
		details := "timeout " + r.timeout + ", fail_closed " + r.failClosed + ", "
		consent := r.consent
		if r.date != "" {
			consent.text = strings.Replace(consent.text, "approved", "approved "+r.date, 1)
		}
		if r.scriptNote.text != "" {
			consent = cell{consent.text + ", " + r.scriptNote.text, r.scriptNote.paint}
		}
		if utf8.RuneCountInString(indent+indent+details+consent.text) > sc.width {
			sc.line(indent+indent+details+consent.text, nil)
			continue
		}
		text := consent.text
		if consent.paint != nil {
			text = consent.paint(text)
		}
		fmt.Fprintln(sc.w, indent+indent+details+text)
	}
}

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("%s takes no arguments, got %q", cmd.CommandPath(), args)
	}
	return nil
}

// wired returns hookctl's entries in the agents' user and project settings; a file that cannot
// be read is reported on stderr.
func (a *app) wired() []install.Wiring {
	out := []install.Wiring{}
	home, err := a.home()
	if err != nil {
		return out
	}
	cwd, _ := os.Getwd()
	ws, errs := install.Scan(home, cwd, filepath.Base(a.selfPath()), a.lookupEnv)
	for _, err := range errs {
		a.warn("warning: " + err.Error())
	}
	return append(out, ws...)
}

package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/internal/textfit"
	"github.com/hookctl/hookctl/runner"
)

type logOptions struct {
	since    string
	event    string
	decision string
	agent    string
	json     bool
	follow   bool
}

func (a *app) logCommand() *cobra.Command {
	var o logOptions
	cmd := &cobra.Command{
		Use:   "log",
		Short: "Show the audit log: every dispatch that ran, skipped or blocked a hook",
		Long: `Prints the entries of the audit log ($HOOKCTL_AUDIT, else $HOOKCTL_HOME/audit.jsonl),
oldest first, across its rotated files: a table, or JSON lines with --json. Filters combine.
-f keeps printing new entries as they are written, across rotation, until interrupted.`,
		Example: `  hookctl log --since 1h
  hookctl log --decision block --event pre_tool_call
  hookctl log --since 2026-11-24 --agent claude-code --json | jq .reason
  hookctl log -f`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.logRun(o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.since, "since", "", "only entries after a duration ago (90m, 2h, 7d) or a time (2026-11-24, 2026-11-24T15:04, RFC 3339)")
	f.StringVar(&o.event, "event", "", "only entries of this event")
	f.StringVar(&o.decision, "decision", "", "only entries with this decision: allow, block, ask or continue")
	f.StringVar(&o.agent, "agent", "", "only entries from this agent (hermes, hookctl's own protocol, for plain run)")
	f.BoolVar(&o.json, "json", false, "print JSON lines, as the file holds them")
	f.BoolVarP(&o.follow, "follow", "f", false, "keep printing new entries as they are written")
	_ = cmd.RegisterFlagCompletionFunc("event", a.completeEvents)
	_ = cmd.RegisterFlagCompletionFunc("decision", cobra.FixedCompletions(audit.Decisions, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(agent.Names(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func (a *app) logRun(o logOptions) error {
	filter, err := o.filter(time.Now())
	if err != nil {
		return err
	}
	loc, err := a.locations()
	if err != nil {
		return err
	}
	r := &audit.Reader{
		Log:    audit.ForHome(a.lookupEnv, loc.Home),
		Filter: filter,
		Warn:   func(msg string) { a.warn("warning: " + msg) },
	}
	out := a.entryPrinter(o.json)
	if !o.follow {
		if err := r.Read(out.print); err != nil {
			return failuref("%v", err)
		}
		if out.count == 0 && !o.json {
			fmt.Fprintf(a.stdout, "no entries in %s\n", terminalSafe(r.Log.Path))
			return nil
		}
		return out.flush()
	}
	in, stop := a.interrupts(true)
	defer stop()
	r.CaughtUp = func() { _ = out.flush() }
	if err := r.Follow(in.ctx, out.print); err != nil {
		return failuref("%v", err)
	}
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig)
	}
	return nil
}

// filter checks the options and turns them into a filter; now anchors a --since duration.
func (o logOptions) filter(now time.Time) (audit.Filter, error) {
	f, err := audit.NewFilter(o.event, o.decision, o.agent, o.since, now)
	if err != nil {
		return f, usageErrorf("%v", err)
	}
	return f, nil
}

// entryPrinter prints entries as JSON lines or as table rows. Table rows are held until
// flush, so the first screen is aligned as a whole; rows after it (with -f) keep the columns
// at least as wide as before. On a terminal (width not 0) the table fits its width: the
// command and the reason are shortened; where even that does not fit, each entry takes a few
// lines of its own (the form the first screen took is kept while following).
type entryPrinter struct {
	w       io.Writer
	json    bool
	p       palette
	width   int
	rows    [][]cell
	entries []audit.Entry
	widths  []int
	header  bool
	stacked bool
	count   int
}

func (a *app) entryPrinter(asJSON bool) *entryPrinter {
	return &entryPrinter{w: a.stdout, json: asJSON, p: a.colors(a.stdout), width: a.outputWidth(a.stdout)}
}

func (ep *entryPrinter) print(e audit.Entry) error {
	ep.count++
	if ep.json {
		_, err := ep.w.Write(append(e.AppendJSON(make([]byte, 0, 512)), '\n'))
		if err != nil {
			return fmt.Errorf("writing entries: %w", err)
		}
		return nil
	}
	ep.rows = append(ep.rows, ep.row(e))
	ep.entries = append(ep.entries, e)
	if ep.header { // following: print at once
		return ep.flush()
	}
	return nil
}

// The columns of the table that give way on a narrow terminal, and the least they keep.
const (
	logCommandCol = 7
	logReasonCol  = 8
)

func (ep *entryPrinter) flush() error {
	if ep.json {
		return nil
	}
	var b strings.Builder
	if !ep.header {
		ep.header = true
		head := []cell{{text: "TIME"}, {text: "EVENT"}, {text: "AGENT"}, {text: "TOOL"}, {text: "DECISION"}, {text: "MS"}, {text: "HOOKS"}, {text: "COMMAND"}, {text: "REASON"}}
		table := append([][]cell{head}, ep.rows...)
		if ep.width > 0 {
			widths := widen(nil, table)
			shrink := map[int]int{logCommandCol: min(widths[logCommandCol], 16), logReasonCol: min(widths[logReasonCol], 24)}
			ep.stacked = !fitRows(table, "", ep.width, shrink, nil)
		}
		if !ep.stacked {
			ep.rows = table
		}
	} else if ep.width > 0 && !ep.stacked {
		// Following: the command and the reason keep the width the first screen gave them.
		for _, row := range ep.rows {
			row[logCommandCol].text = textfit.Ellipsize(row[logCommandCol].text, max(ep.widths[logCommandCol], 16))
			row[logReasonCol].text = textfit.Ellipsize(row[logReasonCol].text, max(ep.widths[logReasonCol], 24))
		}
	}
	if ep.stacked {
		for _, e := range ep.entries {
			ep.writeStacked(&b, e)
		}
	} else {
		ep.widths = widen(ep.widths, ep.rows)
		for _, row := range ep.rows {
			b.WriteString(ep.fitLine(row) + "\n")
		}
	}
	ep.rows, ep.entries = ep.rows[:0], ep.entries[:0]
	if _, err := io.WriteString(ep.w, b.String()); err != nil {
		return fmt.Errorf("writing entries: %w", err)
	}
	return nil
}

// fitLine is a row of the table, cut to the terminal's width (and then not painted) should a
// row while following be wider than the first screen's.
func (ep *entryPrinter) fitLine(row []cell) string {
	plain := make([]cell, len(row))
	for i, c := range row {
		plain[i] = cell{text: c.text}
	}
	line := strings.TrimRight(tableLine("", plain, ep.widths), " ")
	if ep.width > 0 && utf8.RuneCountInString(line) > ep.width {
		return textfit.Ellipsize(line, ep.width)
	}
	return strings.TrimRight(tableLine("", row, ep.widths), " ")
}

// writeStacked writes an entry as a few lines, for a terminal too narrow for the table: what
// happened on the first, then the hooks, the command a block was about and the reason.
func (ep *entryPrinter) writeStacked(b *strings.Builder, e audit.Entry) {
	sc := screen{w: b, width: ep.width}
	row := ep.row(e)
	first := row[0].text + "  " + row[4].text + "  " + row[1].text + "  " + row[2].text
	if row[3].text != "-" {
		first += "  " + row[3].text
	}
	if utf8.RuneCountInString(first) > ep.width {
		sc.line(first, nil)
	} else {
		b.WriteString(row[0].paint(row[0].text) + "  " + paintWith(row[4]) + strings.TrimPrefix(first, row[0].text+"  "+row[4].text) + "\n")
	}
	sc.line("  hooks: "+row[6].text+" ("+row[5].text+" ms)", nil)
	if e.ToolCommand != "" {
		sc.line("  command: "+row[logCommandCol].text, nil)
	}
	if e.Reason != "" {
		sc.para(cell{text: "  reason: "}, "    ", textfit.Ellipsize(row[logReasonCol].text, 3*max(ep.width-10, 10)))
	}
}

func paintWith(c cell) string {
	if c.paint == nil {
		return c.text
	}
	return c.paint(c.text)
}

func (ep *entryPrinter) row(e audit.Entry) []cell {
	tool := e.Tool
	if tool == "" {
		tool = "-"
	}
	command := "-"
	if e.ToolCommand != "" {
		command = terminalSafe(e.ToolCommand)
	}
	decision := cell{text: terminalSafe(e.Decision)}
	switch e.Decision {
	case runner.DecisionBlock:
		decision.paint = ep.p.red
	case runner.DecisionAsk, runner.DecisionContinue:
		decision.paint = ep.p.yellow
	case runner.DecisionAllow:
		decision.paint = ep.p.green
	}
	return []cell{
		{text: e.Time.Local().Format("2006-01-02 15:04:05"), paint: ep.p.dim},
		{text: terminalSafe(e.Event)}, {text: terminalSafe(e.Agent)}, {text: terminalSafe(tool)}, decision,
		{text: strconv.FormatInt(e.DurationMS, 10)}, {text: audit.Summary(e.Hooks)}, {text: command}, {text: terminalSafe(e.Reason)},
	}
}

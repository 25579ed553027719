package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/config"
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
	f.StringVar(&o.agent, "agent", "", "only entries from this agent (hermes for plain run)")
	f.BoolVar(&o.json, "json", false, "print JSON lines, as the file holds them")
	f.BoolVarP(&o.follow, "follow", "f", false, "keep printing new entries as they are written")
	_ = cmd.RegisterFlagCompletionFunc("event", a.completeEvents)
	_ = cmd.RegisterFlagCompletionFunc("decision", cobra.FixedCompletions(decisions, cobra.ShellCompDirectiveNoFileComp))
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
		Log:    &audit.Log{Path: audit.PathFor(a.lookupEnv, loc.Home)},
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

var decisions = []string{runner.DecisionAllow, runner.DecisionBlock, runner.DecisionAsk, runner.DecisionContinue}

// filter checks the options and turns them into a filter; now anchors a --since duration.
func (o logOptions) filter(now time.Time) (audit.Filter, error) {
	f := audit.Filter{Event: o.event, Decision: o.decision, Agent: o.agent}
	if o.decision != "" && !slices.Contains(decisions, o.decision) {
		hint := ""
		if s := config.Suggest(o.decision, decisions); s != "" {
			hint = fmt.Sprintf(": did you mean %q?", s)
		}
		return f, usageErrorf("--decision must be one of %s, not %q%s", strings.Join(decisions, ", "), o.decision, hint)
	}
	if o.since != "" {
		t, err := parseSince(o.since, now)
		if err != nil {
			return f, usageErrorf("%v", err)
		}
		f.Since = t
	}
	return f, nil
}

// sinceLayouts are the times --since accepts, in the local time zone unless they say otherwise.
var sinceLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

// parseSince reads a duration before now (a Go duration, or whole days as 7d) or a time.
func parseSince(s string, now time.Time) (time.Time, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(days); err == nil && n >= 0 {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d < 0 {
			return time.Time{}, fmt.Errorf("--since %q: a duration looks back, it cannot be negative", s)
		}
		return now.Add(-d), nil
	}
	for _, layout := range sinceLayouts {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("--since %q is neither a duration (90m, 2h, 7d) nor a time (2026-11-24, 2026-11-24T15:04, RFC 3339)", s)
}

// entryPrinter prints entries as JSON lines or as table rows. Table rows are held until
// flush, so the first screen is aligned as a whole; rows after it (with -f) keep the columns
// at least as wide as before.
type entryPrinter struct {
	w      io.Writer
	json   bool
	p      palette
	rows   [][]cell
	widths []int
	header bool
	count  int
}

func (a *app) entryPrinter(asJSON bool) *entryPrinter {
	return &entryPrinter{w: a.stdout, json: asJSON, p: a.colors(a.stdout)}
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
	if ep.header { // following: print at once
		return ep.flush()
	}
	return nil
}

func (ep *entryPrinter) flush() error {
	if ep.json {
		return nil
	}
	if !ep.header {
		ep.header = true
		head := []cell{{text: "TIME"}, {text: "EVENT"}, {text: "AGENT"}, {text: "TOOL"}, {text: "DECISION"}, {text: "MS"}, {text: "HOOKS"}, {text: "REASON"}}
		ep.rows = append([][]cell{head}, ep.rows...)
	}
	ep.widths = widen(ep.widths, ep.rows)
	for _, row := range ep.rows {
		if _, err := io.WriteString(ep.w, strings.TrimRight(tableLine("", row, ep.widths), " ")+"\n"); err != nil {
			return fmt.Errorf("writing entries: %w", err)
		}
	}
	ep.rows = ep.rows[:0]
	return nil
}

func (ep *entryPrinter) row(e audit.Entry) []cell {
	tool := e.Tool
	if tool == "" {
		tool = "-"
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
		{text: strconv.FormatInt(e.DurationMS, 10)}, {text: hookSummary(e.Hooks)}, {text: terminalSafe(e.Reason)},
	}
}

// hookSummary counts the hooks by status: "2 ok, 1 skipped_unapproved".
func hookSummary(hooks []audit.Hook) string {
	counts := map[string]int{}
	for _, h := range hooks {
		status := terminalSafe(h.Status)
		if h.Layer != "" {
			status += " (" + terminalSafe(h.Layer) + ")" // a system hook's, apart from the person's
		}
		counts[status]++
	}
	statuses := make([]string, 0, len(counts))
	for s := range counts {
		statuses = append(statuses, s)
	}
	sort.Strings(statuses)
	parts := make([]string, len(statuses))
	for i, s := range statuses {
		parts[i] = strconv.Itoa(counts[s]) + " " + s
	}
	return strings.Join(parts, ", ")
}

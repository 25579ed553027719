package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/view"
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
		if out.out.Count == 0 && !o.json {
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

// entryPrinter prints what view.LogOutput gives.
type entryPrinter struct {
	a   *app
	out view.LogOutput
}

func (a *app) entryPrinter(asJSON bool) *entryPrinter {
	return &entryPrinter{a: a, out: view.LogOutput{JSON: asJSON, Table: view.LogTable{Width: a.outputWidth(a.stdout)}}}
}

func (ep *entryPrinter) print(e audit.Entry) error { return ep.write(ep.out.Entry(e)) }

func (ep *entryPrinter) flush() error { return ep.write(nil, ep.out.Flush()) }

func (ep *entryPrinter) write(line []byte, doc *display.Doc) error {
	if doc != nil {
		line = append(line, doc.Render(ep.a.colors(ep.a.stdout).tone)...)
	}
	if len(line) == 0 {
		return nil
	}
	if _, err := ep.a.stdout.Write(line); err != nil {
		return fmt.Errorf("writing entries: %w", err)
	}
	return nil
}

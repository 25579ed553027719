package view

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/internal/textfit"
	"github.com/hookctl/hookctl/runner"
)

// The columns of the log's table that give way on a narrow terminal.
const (
	logCommandCol = 7
	logReasonCol  = 8
)

// LogTable lays out `hookctl log`'s entries as a table. Rows are held until Flush, so the first
// screen is aligned as a whole; rows after it (while following) keep the columns at least as
// wide as before. At a Width (not 0) the table fits it: the command and the reason are
// shortened; where even that does not fit, each entry takes a few lines of its own (the form
// the first screen took is kept while following).
type LogTable struct {
	Width   int
	rows    [][]display.Span
	entries []audit.Entry
	widths  []int
	header  bool
	stacked bool
}

// Add holds an entry until the next Flush.
func (t *LogTable) Add(e audit.Entry) {
	t.rows = append(t.rows, LogRow(e))
	t.entries = append(t.entries, e)
}

// Started reports whether the first screen was laid out (later entries are flushed at once).
func (t *LogTable) Started() bool { return t.header }

// Flush lays out the entries added since the last Flush: the first time with the header.
func (t *LogTable) Flush() *display.Doc {
	d := &display.Doc{Width: t.Width}
	if !t.header {
		t.header = true
		head := []display.Span{{Text: "TIME"}, {Text: "EVENT"}, {Text: "AGENT"}, {Text: "TOOL"}, {Text: "DECISION"}, {Text: "MS"}, {Text: "HOOKS"}, {Text: "COMMAND"}, {Text: "REASON"}}
		table := append([][]display.Span{head}, t.rows...)
		if t.Width > 0 {
			widths := display.Widen(nil, table)
			shrink := map[int]int{logCommandCol: min(widths[logCommandCol], 16), logReasonCol: min(widths[logReasonCol], 24)}
			t.stacked = !display.Fit(table, "", t.Width, shrink, nil)
		}
		if !t.stacked {
			t.rows = table
		}
	} else if t.Width > 0 && !t.stacked {
		// Following: the command and the reason keep the width the first screen gave them.
		for _, row := range t.rows {
			row[logCommandCol].Text = textfit.Ellipsize(row[logCommandCol].Text, max(t.widths[logCommandCol], 16))
			row[logReasonCol].Text = textfit.Ellipsize(row[logReasonCol].Text, max(t.widths[logReasonCol], 24))
		}
	}
	if t.stacked {
		for _, e := range t.entries {
			t.stack(d, e)
		}
	} else {
		t.widths = display.Widen(t.widths, t.rows)
		for _, row := range t.rows {
			t.line(d, row)
		}
	}
	t.rows, t.entries = t.rows[:0], t.entries[:0]
	return d
}

// line adds a row of the table, cut to the width (and then not painted) should a row while
// following be wider than the first screen's.
func (t *LogTable) line(d *display.Doc, row []display.Span) {
	spans := trimRight(display.TableLine("", row, t.widths))
	if plain := display.PlainText(spans); t.Width > 0 && utf8.RuneCountInString(plain) > t.Width {
		d.Add(display.Span{Text: textfit.Ellipsize(plain, t.Width)})
		return
	}
	d.Add(spans...)
}

// trimRight drops the spaces that end a line.
func trimRight(spans []display.Span) []display.Span {
	for len(spans) > 0 {
		last := &spans[len(spans)-1]
		if last.Tone != display.Plain {
			break
		}
		last.Text = strings.TrimRight(last.Text, " ")
		if last.Text != "" {
			break
		}
		spans = spans[:len(spans)-1]
	}
	return spans
}

// stack adds an entry as a few lines, for a terminal too narrow for the table: what happened
// on the first, then the hooks, the command a block was about and the reason.
func (t *LogTable) stack(d *display.Doc, e audit.Entry) {
	row := LogRow(e)
	rest := "  " + row[1].Text + "  " + row[2].Text
	if row[3].Text != "-" {
		rest += "  " + row[3].Text
	}
	if first := row[0].Text + "  " + row[4].Text + rest; utf8.RuneCountInString(first) > t.Width {
		d.Line(first, display.Plain)
	} else {
		d.Add(row[0], display.Span{Text: "  "}, row[4], display.Span{Text: rest})
	}
	d.Line("  hooks: "+row[6].Text+" ("+row[5].Text+" ms)", display.Plain)
	if e.ToolCommand != "" {
		d.Line("  command: "+row[logCommandCol].Text, display.Plain)
	}
	if e.Reason != "" {
		d.Para(display.Span{Text: "  reason: "}, "    ", textfit.Ellipsize(row[logReasonCol].Text, 3*max(t.Width-10, 10)))
	}
}

// LogRow is an entry's row of the log's table, every text terminal-safe.
func LogRow(e audit.Entry) []display.Span {
	tool := e.Tool
	if tool == "" {
		tool = "-"
	}
	command := "-"
	if e.ToolCommand != "" {
		command = termsafe.String(e.ToolCommand)
	}
	decision := display.Span{Text: termsafe.String(e.Decision)}
	switch e.Decision {
	case runner.DecisionBlock:
		decision.Tone = display.Bad
	case runner.DecisionAsk, runner.DecisionContinue:
		decision.Tone = display.Warning
	case runner.DecisionAllow:
		decision.Tone = display.Good
	}
	return []display.Span{
		{Text: e.Time.Local().Format("2006-01-02 15:04:05"), Tone: display.Faint},
		{Text: termsafe.String(e.Event)}, {Text: termsafe.String(e.Agent)}, {Text: termsafe.String(tool)}, decision,
		{Text: strconv.FormatInt(e.DurationMS, 10)}, {Text: audit.Summary(e.Hooks)}, {Text: command}, {Text: termsafe.String(e.Reason)},
	}
}

// LogOutput is `hookctl log`'s output: JSON lines, as the file holds them, or LogTable's rows.
type LogOutput struct {
	JSON  bool
	Table LogTable
	// Count is the number of entries taken.
	Count int
}

// Entry takes an entry and gives what to print now: its JSON line, or, once the first screen
// was laid out (following), its rows; nothing while the first screen is held.
func (o *LogOutput) Entry(e audit.Entry) ([]byte, *display.Doc) {
	o.Count++
	if o.JSON {
		return append(e.AppendJSON(make([]byte, 0, 512)), '\n'), nil
	}
	o.Table.Add(e)
	if o.Table.Started() {
		return nil, o.Table.Flush()
	}
	return nil, nil
}

// Flush is the rows held, the first time with the header; nil for JSON lines.
func (o *LogOutput) Flush() *display.Doc {
	if o.JSON {
		return nil
	}
	return o.Table.Flush()
}

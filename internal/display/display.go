// Package display lays out what a command shows a person as lines of toned spans: tables
// aligned on their plain text and narrowed to a width, paragraphs wrapped, lines cut. The
// command layer paints each tone and prints the lines.
package display

import (
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/textfit"
)

// Tone is how a span reads at a glance, which the command layer turns into a colour.
type Tone int

// Tones of a span.
const (
	Plain Tone = iota
	Good
	Warning
	Bad
	Strong
	Faint
)

// Span is a piece of a line with its tone.
type Span struct {
	Text string
	Tone Tone
	// Paint, when set, paints the span in place of its tone: a command layer's own cell.
	Paint func(string) string
}

// Doc is a screen of lines for a terminal of Width characters (0: a pipe or a file, where
// every line is written whole).
type Doc struct {
	Width int
	lines [][]Span
}

// Add appends a line made of spans, as they are.
func (d *Doc) Add(spans ...Span) { d.lines = append(d.lines, spans) }

// Blank appends an empty line.
func (d *Doc) Blank() { d.lines = append(d.lines, nil) }

// Para appends label and text as one paragraph wrapped at the width: label (toned, never
// broken) starts the first line and indent the others.
func (d *Doc) Para(label Span, indent, text string) {
	lines := textfit.Wrap(label.Text+text, indent, d.Width)
	first := lines[0]
	if (label.Tone != Plain || label.Paint != nil) && strings.HasPrefix(first, label.Text) {
		d.Add(label, Span{Text: first[len(label.Text):]})
	} else {
		d.Add(Span{Text: first})
	}
	for _, l := range lines[1:] {
		d.Add(Span{Text: l})
	}
}

// Line appends text as one line, cut with an ellipsis where it is wider than the width.
func (d *Doc) Line(text string, tone Tone) {
	if d.Width > 0 {
		text = textfit.Ellipsize(text, d.Width)
	}
	d.Add(Span{Text: text, Tone: tone})
}

// Table appends rows aligned on the width of their plain text.
func (d *Doc) Table(indent string, rows [][]Span) {
	widths := Widen(nil, rows)
	for _, row := range rows {
		d.Add(TableLine(indent, row, widths)...)
	}
}

// Render is the doc's text, each span painted by paint (nil paints nothing), a newline after
// each line.
func (d *Doc) Render(paint func(Tone, string) string) string {
	var b strings.Builder
	for _, line := range d.lines {
		for _, s := range line {
			if s.Paint != nil && s.Text != "" {
				b.WriteString(s.Paint(s.Text))
			} else if paint != nil && s.Tone != Plain && s.Text != "" {
				b.WriteString(paint(s.Tone, s.Text))
			} else {
				b.WriteString(s.Text)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Widen grows widths, one a column, to hold the plain text of every span of rows.
func Widen(widths []int, rows [][]Span) []int {
	for _, row := range rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c.Text))
		}
	}
	return widths
}

// TableLine is one row of a table: indent, then each span but the last followed by the spaces
// that pad it to its column's width and two more.
func TableLine(indent string, row []Span, widths []int) []Span {
	out := make([]Span, 0, 2*len(row)+1)
	if indent != "" {
		out = append(out, Span{Text: indent})
	}
	for i, c := range row {
		out = append(out, c)
		if i < len(row)-1 {
			out = append(out, Span{Text: strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c.Text)+2)})
		}
	}
	return out
}

// PlainText is the text of spans, unpainted.
func PlainText(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}

// Fit shortens the spans of the shrinkable columns (with an ellipsis) so that the table Table
// draws from rows (the first the header, never cut), with indent, fits in width; each such
// column keeps at least its minimum, and two different cells of a column stay different
// (textfit.Shrink, CutDistinct). A column in keepEnd (a path) loses its start rather than its
// end. It reports whether the table fits; width 0 changes nothing.
func Fit(rows [][]Span, indent string, width int, shrink map[int]int, keepEnd map[int]bool) bool {
	if width <= 0 || len(rows) == 0 {
		return true
	}
	widths := textfit.Shrink(Widen(nil, rows), indent, width, shrink)
	for col := range shrink {
		texts := make([]string, len(rows)-1)
		for i, row := range rows[1:] {
			if col < len(row) {
				texts[i] = row[col].Text
			}
		}
		texts = textfit.CutDistinct(texts, widths[col], keepEnd[col])
		for i, row := range rows[1:] {
			if col < len(row) {
				row[col].Text = texts[i]
			}
		}
	}
	return textfit.TableWidth(indent, Widen(nil, rows)) <= width
}

package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/view"
)

// palette paints text for people; its zero value paints nothing.
type palette struct{ on bool }

func (p palette) paint(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p palette) red(s string) string    { return p.paint("31", s) }
func (p palette) green(s string) string  { return p.paint("32", s) }
func (p palette) yellow(s string) string { return p.paint("33", s) }
func (p palette) bold(s string) string   { return p.paint("1", s) }
func (p palette) dim(s string) string    { return p.paint("2", s) }

// cell paints a view's cell by its tone.
func (p palette) cell(c view.Cell) cell {
	switch c.Tone {
	case view.Good:
		return cell{c.Text, p.green}
	case view.Warning:
		return cell{c.Text, p.yellow}
	case view.Bad:
		return cell{c.Text, p.red}
	}
	return cell{text: c.Text}
}

// tone paints s in a screen tone's colour.
func (p palette) tone(t display.Tone, s string) string {
	switch t {
	case display.Good:
		return p.green(s)
	case display.Warning:
		return p.yellow(s)
	case display.Bad:
		return p.red(s)
	case display.Strong:
		return p.bold(s)
	case display.Faint:
		return p.dim(s)
	}
	return s
}

// printDoc prints a screen's lines on stdout, painted.
func (a *app) printDoc(d *display.Doc) {
	_, _ = io.WriteString(a.stdout, d.Render(a.colors(a.stdout).tone))
}

// colors returns the palette for output to w: colour only on a terminal and without NO_COLOR,
// unless --color says always or never.
func (a *app) colors(w io.Writer) palette {
	switch a.color {
	case "always":
		return palette{on: true}
	case "never":
		return palette{}
	}
	if v, ok := a.lookupEnv("NO_COLOR"); ok && v != "" {
		return palette{}
	}
	f, ok := w.(*os.File)
	return palette{on: ok && isattyFd(f.Fd())}
}

// cell is one table cell: its text and how to paint it (nil for plain).
type cell struct {
	text  string
	paint func(string) string
}

// writeTable aligns the columns on the width of the plain text, then paints each cell, so
// colour codes never skew the alignment.
func writeTable(w io.Writer, indent string, rows [][]cell) {
	widths := widen(nil, rows)
	for _, row := range rows {
		fmt.Fprintln(w, tableLine(indent, row, widths))
	}
}

// widen grows widths, one a column, to hold the plain text of every cell of rows.
func widen(widths []int, rows [][]cell) []int {
	for _, row := range rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c.text))
		}
	}
	return widths
}

// tableLine is one row of a table, each cell but the last padded to its column's width and
// painted after.
func tableLine(indent string, row []cell, widths []int) string {
	var b strings.Builder
	b.WriteString(indent)
	for i, c := range row {
		text := c.text
		if c.paint != nil {
			text = c.paint(text)
		}
		b.WriteString(text)
		if i < len(row)-1 {
			b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c.text)+2))
		}
	}
	return b.String()
}

package main

import (
	"io"
	"os"

	"github.com/hookctl/hookctl/internal/display"
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
	f, ok := w.(*os.File)
	return palette{on: display.ColorOn(a.color, a.lookupEnv, ok && isattyFd(f.Fd()))}
}

// cell is one table cell: its text and how to paint it (nil for plain).
type cell struct {
	text  string
	paint func(string) string
}

// span is the cell as the display lays it out, painted by its own function.
func (c cell) span() display.Span { return display.Span{Text: c.text, Paint: c.paint} }

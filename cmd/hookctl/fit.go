package main

import (
	"io"
	"os"

	"github.com/hookctl/hookctl/internal/display"
)

// outputWidth is the width hooks list fits its tables to: COLUMNS when set to a number, else
// the terminal's when stdout is one, else 0 (no limit: a pipe or a file gets every character).
func (a *app) outputWidth(w io.Writer) int {
	return display.Width(a.lookupEnv, func() int {
		if f, ok := w.(*os.File); ok && isattyFd(f.Fd()) {
			return terminalWidth(f)
		}
		return 0
	})
}

// screen writes the lines of a screen (doctor, list, log) to a terminal of a width, so that no
// line is wider than the terminal: a paragraph wraps at spaces with a hanging indent, a word
// too long for a line is broken, and a line that must stay one line is cut with an ellipsis.
// width 0 (a pipe, a file) writes every line whole.
type screen struct {
	w     io.Writer
	width int
}

// para writes label and text as one paragraph: label (painted, never broken) starts the first
// line and indent the others.
func (s screen) para(label cell, indent, text string) {
	d := &display.Doc{Width: s.width}
	d.Para(label.span(), indent, text)
	_, _ = io.WriteString(s.w, d.Render(nil))
}

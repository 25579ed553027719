package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/hookctl/hookctl/internal/textfit"
)

// outputWidth is the width hooks list fits its tables to: COLUMNS when set to a number, else
// the terminal's when stdout is one, else 0 (no limit: a pipe or a file gets every character).
func (a *app) outputWidth(w io.Writer) int {
	if v, ok := a.lookupEnv("COLUMNS"); ok {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			return n
		}
	}
	f, ok := w.(*os.File)
	if !ok || !isattyFd(f.Fd()) {
		return 0
	}
	return terminalWidth(f)
}

// fitRows shortens the cells of the shrinkable columns (with an ellipsis) so that the table
// writeTable draws from rows, with indent, fits in width; each such column keeps at least its
// minimum, and two different cells of a column stay different (textfit.Shrink, CutDistinct).
// A column in keepEnd (a path) loses its start rather than its end, so the file's name stays.
// It reports whether the table fits; width 0 changes nothing.
func fitRows(rows [][]cell, indent string, width int, shrink map[int]int, keepEnd map[int]bool) bool {
	if width <= 0 || len(rows) == 0 {
		return true
	}
	widths := textfit.Shrink(widen(nil, rows), indent, width, shrink)
	for col := range shrink {
		texts := make([]string, len(rows)-1)
		for i, row := range rows[1:] { // the header row is never cut
			if col < len(row) {
				texts[i] = row[col].text
			}
		}
		texts = textfit.CutDistinct(texts, widths[col], keepEnd[col])
		for i, row := range rows[1:] {
			if col < len(row) {
				row[col].text = texts[i]
			}
		}
	}
	return textfit.TableWidth(indent, widen(nil, rows)) <= width
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
	lines := textfit.Wrap(label.text+text, indent, s.width)
	first := lines[0]
	if label.paint != nil && strings.HasPrefix(first, label.text) {
		first = label.paint(label.text) + first[len(label.text):]
	}
	fmt.Fprintln(s.w, first)
	for _, l := range lines[1:] {
		fmt.Fprintln(s.w, l)
	}
}

// line writes text as one line, cut with an ellipsis where it is wider than the screen, and
// painted after.
func (s screen) line(text string, paint func(string) string) {
	if s.width > 0 {
		text = textfit.Ellipsize(text, s.width)
	}
	if paint != nil {
		text = paint(text)
	}
	fmt.Fprintln(s.w, text)
}

package main

import (
	"io"
	"os"
	"strconv"
	"unicode/utf8"
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
// minimum. The widest shrinkable column gives first. A column in keepEnd (a path) loses its
// start rather than its end, so the file's name stays. width 0 changes nothing.
func fitRows(rows [][]cell, indent string, width int, shrink map[int]int, keepEnd map[int]bool) {
	if width <= 0 || len(rows) == 0 {
		return
	}
	widths := widen(nil, rows)
	total := func() int {
		t := utf8.RuneCountInString(indent)
		for _, w := range widths {
			t += w + 2
		}
		return t - 2
	}
	for total() > width {
		best := -1
		for col, min := range shrink {
			if col < len(widths) && widths[col] > min && (best < 0 || widths[col] > widths[best] || (widths[col] == widths[best] && col < best)) {
				best = col
			}
		}
		if best < 0 {
			break // nothing left to give: the line stays long rather than lose a column
		}
		widths[best] -= min(widths[best]-shrink[best], total()-width)
	}
	for _, row := range rows {
		for col := range shrink {
			if col < len(row) {
				if keepEnd[col] {
					row[col].text = ellipsizeStart(row[col].text, widths[col])
				} else {
					row[col].text = ellipsize(row[col].text, widths[col])
				}
			}
		}
	}
}

// ellipsize cuts s to n characters, the last an ellipsis, when it is longer.
func ellipsize(s string, n int) string {
	if utf8.RuneCountInString(s) <= n || n < 1 {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// ellipsizeStart cuts s to n characters, the first an ellipsis, when it is longer.
func ellipsizeStart(s string, n int) string {
	if utf8.RuneCountInString(s) <= n || n < 1 {
		return s
	}
	r := []rune(s)
	return "…" + string(r[len(r)-n+1:])
}

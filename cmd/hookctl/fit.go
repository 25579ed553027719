package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
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
// minimum, and two different cells of a column stay different (cutDistinct). The widest
// shrinkable column gives first. A column in keepEnd (a path) loses its start rather than its
// end, so the file's name stays. It reports whether the table fits; width 0 changes nothing.
func fitRows(rows [][]cell, indent string, width int, shrink map[int]int, keepEnd map[int]bool) bool {
	if width <= 0 || len(rows) == 0 {
		return true
	}
	widths := widen(nil, rows)
	for tableWidth(indent, widths) > width {
		best := -1
		for col, min := range shrink {
			if col < len(widths) && widths[col] > min && (best < 0 || widths[col] > widths[best] || (widths[col] == widths[best] && col < best)) {
				best = col
			}
		}
		if best < 0 {
			break // nothing left to give
		}
		widths[best] -= min(widths[best]-shrink[best], tableWidth(indent, widths)-width)
	}
	for col := range shrink {
		texts := make([]string, len(rows)-1)
		for i, row := range rows[1:] { // the header row is never cut
			if col < len(row) {
				texts[i] = row[col].text
			}
		}
		texts = cutDistinct(texts, widths[col], keepEnd[col])
		for i, row := range rows[1:] {
			if col < len(row) {
				row[col].text = texts[i]
			}
		}
	}
	return tableWidth(indent, widen(nil, rows)) <= width
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
	lines := wrapLine(label.text+text, indent, s.width)
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
		text = ellipsize(text, s.width)
	}
	if paint != nil {
		text = paint(text)
	}
	fmt.Fprintln(s.w, text)
}

// wrapLine breaks text into lines of at most width characters, each after the first starting
// with indent; breaks fall at spaces, and a word longer than a line is broken where the line
// ends. width 0 gives text as one line.
func wrapLine(text, indent string, width int) []string {
	if width <= 0 || utf8.RuneCountInString(text) <= width {
		return []string{text}
	}
	ind := []rune(indent)
	if width-len(ind) < 10 { // an indent that leaves no room: none
		ind = nil
	}
	var lines []string
	lead := len(text) - len(strings.TrimLeft(text, " "))
	text = text[lead:]
	cur, base := []rune(strings.Repeat(" ", lead)), lead // the line being filled, and its indent
	flush := func() {
		lines = append(lines, strings.TrimRight(string(cur), " "))
		cur, base = append([]rune{}, ind...), len(ind)
	}
	for i, tok := range strings.Split(text, " ") {
		w := []rune(tok)
		if i > 0 {
			if len(cur)+1+len(w) > width && len(cur) > base {
				flush()
			} else if len(cur) > base {
				cur = append(cur, ' ')
			}
		}
		for len(cur)+len(w) > width { // longer than a line: broken where the line ends
			take := width - len(cur)
			if take > 0 {
				cur, w = append(cur, w[:take]...), w[take:]
			}
			flush()
		}
		cur = append(cur, w...)
	}
	if len(cur) > base || len(lines) == 0 {
		lines = append(lines, strings.TrimRight(string(cur), " "))
	}
	return lines
}

// cutDistinct shortens each text to n characters with an ellipsis (at its start with
// keepEnd), and keeps two different texts different: where the cut would show them the same,
// both show the part where they differ, between two ellipses.
func cutDistinct(texts []string, n int, keepEnd bool) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		if keepEnd {
			out[i] = ellipsizeStart(t, n)
		} else {
			out[i] = ellipsize(t, n)
		}
	}
	for pass := 0; pass < 3; pass++ {
		same := false
		for i := range texts {
			for j := range i {
				if texts[i] != texts[j] && out[i] == out[j] {
					same = true
					d := firstDiff([]rune(texts[i]), []rune(texts[j]))
					out[i], out[j] = window(texts[i], d, n), window(texts[j], d, n)
				}
			}
		}
		if !same {
			break
		}
	}
	return out
}

// firstDiff is the index of the first character where a and b differ.
func firstDiff(a, b []rune) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// window shows n characters of s that hold the character at index d, with an ellipsis for
// each side cut.
func window(s string, d, n int) string {
	r := []rune(s)
	if len(r) <= n || n < 3 {
		return ellipsize(s, n)
	}
	if d <= n-2 {
		return string(r[:n-1]) + "…"
	}
	if d >= len(r)-n+1 {
		return "…" + string(r[len(r)-n+1:])
	}
	start := d - (n - 3) // the window ends at d
	return "…" + string(r[start:start+n-2]) + "…"
}

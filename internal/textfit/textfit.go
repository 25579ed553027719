// Package textfit fits text to a terminal's width: lines cut with an ellipsis, paragraphs
// wrapped with a hanging indent, and the columns of a table narrowed until it fits, two
// different cells of a column still reading differently.
package textfit

import (
	"strings"
	"unicode/utf8"
)

// Ellipsize cuts s to n characters, the last an ellipsis, when it is longer.
func Ellipsize(s string, n int) string {
	if utf8.RuneCountInString(s) <= n || n < 1 {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// EllipsizeStart cuts s to n characters, the first an ellipsis, when it is longer.
func EllipsizeStart(s string, n int) string {
	if utf8.RuneCountInString(s) <= n || n < 1 {
		return s
	}
	r := []rune(s)
	return "…" + string(r[len(r)-n+1:])
}

// TableWidth is the width of the widest line of a table with these column widths, its columns
// two spaces apart, after indent.
func TableWidth(indent string, widths []int) int {
	t := utf8.RuneCountInString(indent)
	for _, w := range widths {
		t += w + 2
	}
	return t - 2
}

// Shrink narrows the shrinkable columns of a table with these widths (shrink maps a column to
// its minimum) until the table fits in width, the widest shrinkable column giving first; it
// stops when none can give more. It returns the new widths; widths is not changed.
func Shrink(widths []int, indent string, width int, shrink map[int]int) []int {
	widths = append([]int(nil), widths...)
	for TableWidth(indent, widths) > width {
		best := -1
		for col, least := range shrink {
			if col < len(widths) && widths[col] > least && (best < 0 || widths[col] > widths[best] || (widths[col] == widths[best] && col < best)) {
				best = col
			}
		}
		if best < 0 {
			break // nothing left to give
		}
		widths[best] -= min(widths[best]-shrink[best], TableWidth(indent, widths)-width)
	}
	return widths
}

// Wrap breaks text into lines of at most width characters, each after the first starting with
// indent; breaks fall at spaces, and a word longer than a line is broken where the line ends.
// width 0 gives text as one line, and an indent that leaves fewer than ten characters is
// dropped.
func Wrap(text, indent string, width int) []string {
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

// CutDistinct shortens each text to n characters with an ellipsis (at its start with
// keepEnd), and keeps two different texts different: where the cut would show them the same,
// both show the part where they differ, between two ellipses.
func CutDistinct(texts []string, n int, keepEnd bool) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		if keepEnd {
			out[i] = EllipsizeStart(t, n)
		} else {
			out[i] = Ellipsize(t, n)
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
		return Ellipsize(s, n)
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

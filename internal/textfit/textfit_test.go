package textfit

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWrapLine(t *testing.T) {
	tests := []struct {
		text, indent string
		width        int
		want         []string
	}{
		{"short", "  ", 20, []string{"short"}},
		{"    fix: do this and that too", "         ", 20, []string{"    fix: do this and", "         that too"}},
		{"error   one two three four five", "        ", 20, []string{"error   one two", "        three four", "        five"}},
		{"a /very/long/path/without/any/space/in/it end", "    ", 16, []string{"a", "    /very/long/p", "    ath/without/", "    any/space/in", "    /it end"}},
		{"no width keeps everything", "", 0, []string{"no width keeps everything"}},
		{"narrow indent is dropped here", "            ", 14, []string{"narrow indent", "is dropped", "here"}},
	}
	for _, tt := range tests {
		got := Wrap(tt.text, tt.indent, tt.width)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Wrap(%q, %d) =\n%q\nwant\n%q", tt.text, tt.width, got, tt.want)
		}
		for _, l := range got {
			if tt.width > 0 && utf8.RuneCountInString(l) > tt.width {
				t.Errorf("line %q is wider than %d", l, tt.width)
			}
		}
	}
}

// TestCutDistinct: two different texts never print the same, however the cut falls.
func TestCutDistinct(t *testing.T) {
	tests := []struct {
		texts   []string
		n       int
		keepEnd bool
	}{
		{[]string{"terminal|read_file", "terminal|write_file", "terminal"}, 7, false},
		{[]string{"./guard.sh --mode strict --level 1", "./guard.sh --mode strict --level 2"}, 12, false},
		{[]string{"/home/p/a/guard.sh", "/home/p/b/guard.sh"}, 10, true},
		{[]string{"python3 ./x.py --a 1 --b 2 --c 3", "python3 ./x.py --a 1 --b 9 --c 3", "python3 ./x.py --a 7 --b 2 --c 3"}, 10, false},
	}
	for _, tt := range tests {
		got := CutDistinct(tt.texts, tt.n, tt.keepEnd)
		for i := range got {
			if utf8.RuneCountInString(got[i]) > tt.n {
				t.Errorf("%q cut to %q, wider than %d", tt.texts[i], got[i], tt.n)
			}
			for j := range i {
				if got[i] == got[j] {
					t.Errorf("%q and %q both print %q", tt.texts[i], tt.texts[j], got[i])
				}
			}
		}
	}
}

func TestEllipsize(t *testing.T) {
	tests := []struct {
		name, s string
		n       int
		want    string
		start   string // EllipsizeStart's
	}{
		{"fits", "short", 5, "short", "short"},
		{"cut", "a long line", 6, "a lon…", "… line"},
		{"characters, not bytes", "é-é-é-é", 4, "é-é…", "…é-é"},
		{"no room keeps it", "text", 0, "text", "text"},
		{"one character", "text", 1, "…", "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Ellipsize(tt.s, tt.n); got != tt.want {
				t.Errorf("Ellipsize(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
			if got := EllipsizeStart(tt.s, tt.n); got != tt.start {
				t.Errorf("EllipsizeStart(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.start)
			}
		})
	}
}

// TestShrink: the widest shrinkable column gives first, none below its minimum, and a table
// that cannot fit is narrowed as far as it goes.
func TestShrink(t *testing.T) {
	tests := []struct {
		name   string
		widths []int
		indent string
		width  int
		shrink map[int]int
		want   []int
	}{
		{"fits already", []int{5, 10}, "", 20, map[int]int{1: 3}, []int{5, 10}},
		{"the widest gives first", []int{5, 30, 20}, "  ", 40, map[int]int{1: 10, 2: 10}, []int{5, 10, 19}},
		{"down to the minimum", []int{30, 30}, "", 20, map[int]int{0: 12, 1: 12}, []int{12, 12}},
		{"an unshrinkable column stays", []int{40, 10}, "", 30, map[int]int{1: 4}, []int{40, 4}},
		{"a column past the row", []int{10}, "", 5, map[int]int{3: 1}, []int{10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := append([]int(nil), tt.widths...)
			got := Shrink(tt.widths, tt.indent, tt.width, tt.shrink)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Shrink(%v, %q, %d) = %v, want %v", tt.widths, tt.indent, tt.width, got, tt.want)
			}
			if fmt.Sprint(before) != fmt.Sprint(tt.widths) {
				t.Errorf("Shrink changed its argument: %v, was %v", tt.widths, before)
			}
		})
	}
}

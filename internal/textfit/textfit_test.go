package main

import (
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
		got := wrapLine(tt.text, tt.indent, tt.width)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("wrapLine(%q, %d) =\n%q\nwant\n%q", tt.text, tt.width, got, tt.want)
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
		got := cutDistinct(tt.texts, tt.n, tt.keepEnd)
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

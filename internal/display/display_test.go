package display

import (
	"testing"
)

func TestDoc(t *testing.T) {
	mark := func(t Tone, s string) string { return "<" + string(rune('0'+t)) + ">" + s + "</>" }
	tests := []struct {
		name  string
		build func(d *Doc)
		width int
		want  string
	}{
		{"para wraps with a hanging indent and paints the label", func(d *Doc) {
			d.Para(Span{Text: "error: ", Tone: Bad}, "  ", "the quick brown fox jumps over the lazy dog")
		}, 20, "<3>error: </>the quick\n  brown fox jumps\n  over the lazy dog\n"},
		{"para whole at width 0", func(d *Doc) { d.Para(Span{Text: "fix: ", Tone: Plain}, "  ", "a b c") }, 0, "fix: a b c\n"},
		{"line is cut with an ellipsis, then painted", func(d *Doc) { d.Line("0123456789", Strong) }, 6, "<4>01234…</>\n"},
		{"table aligns on plain text, the last column unpadded", func(d *Doc) {
			d.Table("  ", [][]Span{{{Text: "A", Tone: Strong}, {Text: "BB"}}, {{Text: "ccc", Tone: Good}, {Text: "d"}}})
		}, 0, "  <4>A</>    BB\n  <1>ccc</>  d\n"},
		{"empty text is never painted", func(d *Doc) { d.Add(Span{Text: "", Tone: Bad}, Span{Text: "x", Tone: Plain}) }, 0, "x\n"},
		{"blank line", func(d *Doc) { d.Blank() }, 0, "\n"},
		{"a span's own painter wins over its tone", func(d *Doc) {
			d.Add(Span{Text: "x", Tone: Bad, Paint: func(s string) string { return "[" + s + "]" }})
		}, 0, "[x]\n"},
		{"a paragraph's label keeps its own painter", func(d *Doc) {
			d.Para(Span{Text: "label: ", Paint: func(s string) string { return "[" + s + "]" }}, "  ", "text")
		}, 0, "[label: ]text\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &Doc{Width: tt.width}
			tt.build(d)
			if got := d.Render(mark); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFit(t *testing.T) {
	row := func(texts ...string) []Span {
		var out []Span
		for _, s := range texts {
			out = append(out, Span{Text: s})
		}
		return out
	}
	tests := []struct {
		name    string
		rows    [][]Span
		width   int
		shrink  map[int]int
		keepEnd map[int]bool
		fits    bool
		want    []string // the shrunk column's cells, header first
	}{
		{"width 0 changes nothing", [][]Span{row("H", "long text here")}, 0, map[int]int{1: 4}, nil, true, nil},
		{"a column gives way to its minimum", [][]Span{row("H", "CMD"), row("x", "abcdefghijkl"), row("y", "abcdefghijzz")}, 12, map[int]int{1: 8}, nil, true,
			[]string{"CMD", "…efghijkl", "…efghijzz"}},
		{"the end kept for a path", [][]Span{row("P"), row("/a/very/long/path/file.go")}, 10, map[int]int{0: 6}, map[int]bool{0: true}, true,
			[]string{"P", "…h/file.go"}},
		{"too narrow even at the minimum", [][]Span{row("H", "C"), row("xxxxxxxxxx", "abcdefgh")}, 12, map[int]int{1: 6}, nil, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Fit(tt.rows, "", tt.width, tt.shrink, tt.keepEnd); got != tt.fits {
				t.Fatalf("fits = %v, want %v", got, tt.fits)
			}
			for col := range tt.shrink {
				for i, w := range tt.want {
					if got := tt.rows[i][col].Text; got != w {
						t.Errorf("row %d: %q, want %q", i, got, w)
					}
				}
			}
		})
	}
}

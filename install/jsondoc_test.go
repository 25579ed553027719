package install

import (
	"errors"
	"testing"
)

func TestParseDocErrorPosition(t *testing.T) {
	tests := []struct {
		data      string
		line, col int
	}{
		{`{"a": tru}`, 1, 10},
		{"{\"a\": 1,\n \"b\" 2}", 2, 6},
		{"{\"a\": [1,\n2,,]}", 2, 3},
		{"{\n  \"a\": 1\n", 3, 1},
		{"", 1, 1},
		{"{} {}", 1, 4},
		{"{\"a\": 1, \"a\": 2}", 1, 10},
	}
	for _, tt := range tests {
		_, err := parseDoc([]byte(tt.data))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SyntaxError", tt.data, err)
			continue
		}
		if se.Line != tt.line || se.Col != tt.col {
			t.Errorf("%q: at %d:%d (%s), want %d:%d", tt.data, se.Line, se.Col, se.Msg, tt.line, tt.col)
		}
	}
}

func TestParseDocSpans(t *testing.T) {
	data := []byte(`{"a": [1, "x\"y", {"b": null}], "c": true}`)
	n, err := parseDoc(data)
	if err != nil {
		t.Fatal(err)
	}
	a := n.get("a")
	if string(data[a.start:a.end]) != `[1, "x\"y", {"b": null}]` {
		t.Errorf("a spans %q", data[a.start:a.end])
	}
	if s := a.elems[1]; s.str != `x"y` || string(data[s.start:s.end]) != `"x\"y"` {
		t.Errorf("string %q spans %q", s.str, data[s.start:s.end])
	}
	if m := n.members[1]; string(data[m.keyStart:m.val.end]) != `"c": true` {
		t.Errorf("member spans %q", data[m.keyStart:m.val.end])
	}
}

// TestBlankComments: comments outside strings become spaces of the same length (line breaks
// kept), so spans point into the text as written; a "//" inside a string is not a comment.
func TestBlankComments(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"{\"a\": 1} // x", "{\"a\": 1}     "},
		{"{/* a\nb */\"k\": \"http://x//y\"}", "{    \n    \"k\": \"http://x//y\"}"},
		{"{\"k\": \"a\\\"//b\"}", "{\"k\": \"a\\\"//b\"}"},
		{"{/* open", "{/* open"},
	} {
		if got := string(blankComments([]byte(tt.in))); got != tt.want {
			t.Errorf("blankComments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if _, err := parseDoc([]byte("{} // x")); err == nil {
		t.Error("parseDoc read a comment: strict agents' files must refuse it")
	}
	if _, err := parseDocComments([]byte("{\n // x\n \"a\": 1 /* y */\n}"), true); err != nil {
		t.Errorf("parseDocComments: %v", err)
	}
}

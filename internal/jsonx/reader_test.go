package jsonx

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// walk reads {"s": string, "n": int, "a": [string...], "o": {...same...}} and returns what it
// read as text, so tests can compare readers and spot what was skipped.
func walk(r *Reader) (string, error) {
	var b strings.Builder
	err := r.Object(func(key string) error {
		fmt.Fprintf(&b, "%s=", key)
		switch key {
		case "s":
			v, err := r.StringOrNull()
			fmt.Fprintf(&b, "%q;", v)
			return err
		case "n":
			v, err := r.Int()
			fmt.Fprintf(&b, "%d;", v)
			return err
		case "a":
			return r.Array(func() error {
				v, err := r.String()
				fmt.Fprintf(&b, "%q,", v)
				return err
			})
		case "o":
			v, err := walk(r)
			b.WriteString("{" + v + "}")
			return err
		}
		return r.Errorf("unknown key %q", key)
	})
	return b.String(), err
}

func TestReader(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{in: `{}`, want: ``},
		{in: ` {"s":"a\u00e9\n","n":-12,"a":["x","y"],"o":{"s":null}} `, want: `s="aé\n";n=-12;a="x","y",o={s="";}`},
		{in: `{"a":null}`, want: `a=`},
		{in: `{"s":"a","s":"b"}`, err: `offset 12: key "s" repeated`},
		{in: `{"o":{"s":"a"},"o":{}}`, err: `key "o" repeated`},
		{in: `{"n":1.5}`, err: `not a fraction`},
		{in: `{"n":1e3}`, err: `not a fraction`},
		{in: `{"n":01}`, err: `want an integer`},
		{in: `{"n":99999999999999999999}`, err: `out of range`},
		{in: `{"n":"1"}`, err: `want an integer`},
		{in: `{"s":1}`, err: `want '"'`},
		{in: `{"x":1}`, err: `unknown key "x"`},
		{in: `{"s":"a"} x`, err: `data after`},
		{in: `{"s":"a"`, err: `unexpected end of input`},
		{in: `{"a":[1]}`, err: `want '"'`},
		{in: "{\"s\":\"a\x01\"}", err: `control character`},
		{in: `[]`, err: `offset 0: want '{'`},
	}
	for _, tt := range tests {
		for _, borrow := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/borrow=%v", tt.in, borrow), func(t *testing.T) {
				r := NewReader([]byte(tt.in))
				if borrow {
					r = NewBorrowingReader([]byte(tt.in))
				}
				got, err := walk(r)
				if err == nil {
					err = r.End()
				}
				if tt.err != "" {
					if err == nil || !strings.Contains(err.Error(), tt.err) {
						t.Fatalf("error = %v, want one containing %q", err, tt.err)
					}
					var se *SyntaxError
					if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
						t.Errorf("error %v is not a *SyntaxError wrapping ErrSyntax", err)
					}
					return
				}
				if err != nil || got != tt.want {
					t.Fatalf("walk = %q, %v; want %q", got, err, tt.want)
				}
			})
		}
	}
}

// A borrowed string shares the input's bytes; a copied one does not.
func TestReaderBorrow(t *testing.T) {
	data := []byte(`{"s":"abc"}`)
	read := func(r *Reader) (s string) {
		if err := r.Object(func(string) (err error) { s, err = r.String(); return err }); err != nil {
			t.Fatal(err)
		}
		return s
	}
	copied, borrowed := read(NewReader(data)), read(NewBorrowingReader(data))
	data[7] = 'X'
	if copied != "abc" || borrowed != "aXc" {
		t.Errorf("copied %q, borrowed %q; want abc and aXc", copied, borrowed)
	}
}

// Past the keys kept on the stack, a repeated key is still caught.
func TestReaderManyKeys(t *testing.T) {
	for _, n := range []int{2, 8, 9, 30} {
		doc := "{"
		for i := 0; i < n; i++ {
			doc += fmt.Sprintf(`"k%d":%d,`, i, i)
		}
		for _, dup := range []int{0, n - 1} {
			in := doc + fmt.Sprintf(`"k%d":0}`, dup)
			r := NewReader([]byte(in))
			err := r.Object(func(string) error { _, err := r.Int(); return err })
			if want := fmt.Sprintf(`key "k%d" repeated`, dup); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%d keys, k%d again: error = %v, want %q", n, dup, err, want)
			}
		}
		r := NewReader([]byte(strings.TrimSuffix(doc, ",") + "}"))
		if err := r.Object(func(string) error { _, err := r.Int(); return err }); err != nil {
			t.Errorf("%d distinct keys: %v", n, err)
		}
	}
}

func TestReaderBool(t *testing.T) {
	for in, want := range map[string]any{"true": true, " false": false, "tru": "err", "1": "err", `"true"`: "err"} {
		got, err := NewReader([]byte(in)).Bool()
		if err != nil {
			if want != "err" {
				t.Errorf("Bool(%q): %v", in, err)
			}
			continue
		}
		if want != got {
			t.Errorf("Bool(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestPlainBytes(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c >= 0x20 && c < 0x80 && c != '"' && c != '\\'
		if got := plain(byte(c)); got != want {
			t.Errorf("plain(%#x) = %v, want %v", c, got, want)
		}
	}
}

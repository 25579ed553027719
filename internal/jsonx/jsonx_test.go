package jsonx

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func stdString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\s`, "\n\r\t\b\f\x00\x1f", "é✓😀", "\xff\xfe", "\u2028\u2029", "<&>", "a\xc3"} {
		if got, want := AppendString(nil, s), stdString(s); !bytes.Equal(got, want) {
			t.Errorf("AppendString(%q) = %s, encoding/json %s", s, got, want)
		}
	}
}

func TestObject(t *testing.T) {
	members, err := Object([]byte(` {"a": 1, "b" : {"c":[1,2,{"d":null}]}, "e":"x\u00e9", "a": true} `))
	if err != nil {
		t.Fatal(err)
	}
	want := []Member{{"a", []byte("1")}, {"b", []byte(`{"c":[1,2,{"d":null}]}`)}, {"e", []byte(`"x\u00e9"`)}, {"a", []byte("true")}}
	if !reflect.DeepEqual(members, want) {
		t.Errorf("members %q", members)
	}
	for _, bad := range []string{``, `[]`, `null`, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":01}`, `{"a":1.}`, `{"a":-}`, `{"a":"\x01"}`,
		`{"a":"\q"}`, `{"a":tru}`, `{"a":1} x`, `{"a":1}{}`, `{'a':1}`, `{"a":[1,]}`, `{"a":"\ud8"}`, `{"a":1e}`} {
		if _, err := Object([]byte(bad)); err == nil {
			t.Errorf("Object(%q) accepted", bad)
		}
	}
	deep := `{"a":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`
	if _, err := Object([]byte(deep)); err == nil {
		t.Error("20,000 levels of nesting accepted")
	}
}

// FuzzObject checks Object against encoding/json: the same inputs are accepted, with the same
// members.
func FuzzObject(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1}`, `{"a":{"b":[1,"x",null,true,false,-0.5e+3]}}`, `{"a":"\ud83d\ude00\ud800"}`,
		"{\"\xff\":\"\xfe\"}", `{"a":1,"a":2}`, ` {"a" : [ ] } `, `{"a":1}x`, `{"a":01}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Map(data)
		var want map[string]json.RawMessage
		stdErr := json.Unmarshal(data, &want)
		isObject := len(bytes.TrimLeft(data, " \t\r\n")) > 0 && bytes.TrimLeft(data, " \t\r\n")[0] == '{'
		if (err == nil) != (stdErr == nil && isObject) {
			t.Fatalf("%q: jsonx error %v, encoding/json error %v", data, err, stdErr)
		}
		if err != nil {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d members, encoding/json %d", data, len(got), len(want))
		}
		for k, v := range want {
			if !bytes.Equal(got[k], v) {
				t.Fatalf("%q: member %q = %q, encoding/json %q", data, k, got[k], v)
			}
		}
	})
}

// FuzzAppendString checks AppendString against encoding/json, and Unquote as its inverse.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00\u2028", "\xff", "é😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := AppendString(nil, s)
		if want := stdString(s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, encoding/json %s", s, got, want)
		}
		back, err := Unquote(got)
		if err != nil || back != strings.ToValidUTF8(s, "\uFFFD") && back != string([]rune(s)) {
			t.Fatalf("Unquote(%s) = %q, %v", got, back, err)
		}
	})
}

// TestDepthMatchesEncodingJSON: 10,000 nested containers in all are accepted, one more is not,
// as encoding/json decides.
func TestDepthMatchesEncodingJSON(t *testing.T) {
	for _, n := range []int{9999, 10000} { // arrays inside the top-level object
		data := []byte(`{"a":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`)
		_, err := Object(data)
		var m map[string]json.RawMessage
		stdErr := json.Unmarshal(data, &m)
		if (err == nil) != (stdErr == nil) {
			t.Errorf("%d arrays: jsonx %v, encoding/json %v", n, err, stdErr)
		}
	}
}

func TestArray(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{`[]`, []string{}, true},
		{` [ "a" , {"b":[1,2]}, null ] `, []string{`"a"`, `{"b":[1,2]}`, `null`}, true},
		{`[1,]`, nil, false},
		{`[1] 2`, nil, false},
		{`{"a":1}`, nil, false},
		{`[`, nil, false},
	} {
		got, err := Array([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("Array(%q) error %v, want ok %v", tc.in, err, tc.ok)
			continue
		}
		if !tc.ok {
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("Array(%q) = %q, want %q", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if string(got[i]) != tc.want[i] {
				t.Errorf("Array(%q)[%d] = %s, want %s", tc.in, i, got[i], tc.want[i])
			}
		}
	}
}

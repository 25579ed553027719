package consent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"testing"
	"time"
)

// FuzzDecode checks that Decode never panics, that it fails only with ErrCorrupt, and that
// whatever it accepts survives Encode and Decode unchanged.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"version":1,"approvals":[]}`,
		`{"version":1}`,
		`{"version":1,"auto_accept":"2026-11-27T08:00:00Z","approvals":[]}`,
		`{"version":1,"auto_accept":"yesterday","approvals":[]}`,
		`{"version":1,"approvals":[{"event":"pre_tool_call","command":"./guard.sh","matcher":"terminal","approved_at":"2025-03-04T05:06:07Z",` +
			`"script":{"path":"/h/guard.sh","sha256":"` + sumA + `","size":5,"mtime":"2025-03-04T05:06:07.123456789+00:00"}}]}`,
		`{"version":1,"approvals":[{"event":"b","command":"a && b <x>","approved_at":"2025-03-04T05:06:07-07:00","script":null},{"event":"a","command":"z"}]}`,
		`{"version":2,"approvals":[]}`,
		`{"version":1,"approvals":[{"event":"e"`,
		`[]`,
		`null`,
		``,
		`{"version":1} trailing`,
		`{"version":1,"approvals":[{"event":"e","command":"c"},{"event":"e","command":"c"}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","approved_at":"9999-12-31T23:00:00-02:00"}]}`,
		"{\"version\":1,\"approvals\":[{\"event\":\"\xff\",\"command\":\"\\ud800\"}]}",
		`{"version":1,"approvals":[{"event":"e","command":"./g.sh","script":{"path":"/g.sh","sha256":"` + sumA + `"},"pin":"exec"}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"./g.sh","pin":null,"script":{"path":"/g.sh","sha256":"` + sumA + `"}}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{"headers":[{"name":"A","value":"Bearer $T"},{"name":"a","value":""}],"allowed_env":["T"],"method":"sherma"}}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{}}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"$CLAUDE_PROJECT_DIR/g.sh","scripts":[{"path":"/p/b/g.sh","sha256":"` + sumA + `"},{"path":"/p/a/g.sh","sha256":"` + sumA + `","size":3}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"$CLAUDE_PROJECT_DIR/g.sh","scripts":[{"path":"/p/a/g.sh","sha256":"` + sumA + `"},{"path":"/p/a/g.sh","sha256":"` + sumA + `"}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/g.sh","sha256":"` + sumA + `"},"scripts":[{"path":"/p/a/g.sh","sha256":"` + sumA + `"}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","scripts":[null],"pin":"exec"}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","scripts":[],"pin":"exec"}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","dialect":"claude-code","guard":true},{"event":"e","command":"d","dialect":"hermes"}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{"headers":[null],"allowed_env":[""]}}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{"headers":[],"allowed_env":null,"method":null}}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"./g.sh","script":{"path":"/g.sh","sha256":"` + sumA + `"},"remote":{"method":"sherma"}}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"./w ./g.sh","guard":true,"script":{"path":"/g.sh","sha256":"` + sumA + `"},` +
			`"files":[{"path":"/w","sha256":"` + sumA + `","size":3,"mtime":"2025-03-04T05:06:07Z"},{"path":"/usr/bin/python3","size":9,"mtime":"2025-03-04T05:06:07Z","dev":2049,"ino":77}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","guard":null,"files":null}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","files":[{"path":"/w"}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","files":[{"path":"/w","sha256":"` + sumA + `","ino":1}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","files":[{"path":"/w","ino":-1}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"c","files":[{"path":"/w","ino":1},{"path":"/w","ino":2}]}]}`,
		`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{},"files":[{"path":"/w","ino":1}]}]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Decode(data)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Decode error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		enc := a.Encode()
		b, err := Decode(enc)
		if err != nil {
			t.Fatalf("Decode(Encode()) failed: %v\n%s", err, enc)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip changed the allowlist:\n%+v\n%+v", a, b)
		}
		if enc2 := b.Encode(); !bytes.Equal(enc, enc2) {
			t.Fatalf("Encode is not stable:\n%s\n%s", enc, enc2)
		}
	})
}

// decodeStd is the reference decoder the fast one must agree with: encoding/json with unknown
// fields refused, then the same checks. It is laxer (keys match in any case, a repeated key
// keeps the last value, null stands for an empty object), so the property is one-way: what
// Decode accepts, decodeStd accepts with the same result.
func decodeStd(data []byte) (*Allowlist, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f fileJSON
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	if f.Version == nil || *f.Version != fileVersion {
		return nil, errors.New("version")
	}
	a := &Allowlist{}
	seen := map[[2]string]bool{}
	for _, w := range f.Approvals {
		ap, err := w.toApproval(nil)
		if err != nil {
			return nil, err
		}
		if seen[[2]string{ap.Event, ap.Command}] {
			return nil, errors.New("duplicate")
		}
		seen[[2]string{ap.Event, ap.Command}] = true
		a.Approvals = append(a.Approvals, ap)
	}
	sortApprovals(a.Approvals)
	return a, nil
}

// FuzzDecodeMatchesEncodingJSON checks the hand-written decoder against encoding/json.
func FuzzDecodeMatchesEncodingJSON(f *testing.F) {
	f.Add([]byte(`{"version":1,"approvals":[{"event":"pre_tool_call","command":"./g.sh \u00e9\ud83d\ude00","matcher":"a\"b","approved_at":"2025-03-04T05:06:07Z",` +
		`"script":{"path":"/h/g.sh","sha256":"` + sumA + `","size":5,"mtime":"2025-03-04T05:06:07.5+02:00"}}]}`))
	f.Add([]byte(`{"version":1,"approvals":[{"event":"b","command":"\ud800x"},{"event":"a","command":"\xff"}]}`))
	f.Add([]byte(`{"version":1,"approvals":null}`))
	f.Add([]byte(`{"version":1,"approvals":[{"event":"e","command":"$CLAUDE_PROJECT_DIR/g.sh","pin":"exec","scripts":[{"path":"/p/b/g.sh","sha256":"` + sumA + `","mtime":"2025-03-04T05:06:07Z"},{"path":"/p/a/g.sh","sha256":"` + sumA + `"}]}]}`))
	f.Add([]byte(`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{"headers":[{"name":"A","value":"\u00e9 $T"}],"allowed_env":["T","U"],"method":"sherma"}}]}`))
	f.Add([]byte(`{"version":1,"approvals":[{"event":"e","command":"http://h/x","remote":{"headers":[],"allowed_env":[]}}]}`))
	f.Add([]byte(` { "version" : 1 } `))
	f.Add([]byte(`{"version":1,"approvals":[{"event":"e","command":"./w ./g.sh","guard":true,"files":[{"path":"/w","sha256":"` + sumA + `","size":3,"mtime":"2025-03-04T05:06:07+01:00"},{"path":"/p","dev":1,"ino":2,"size":0}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, err := Decode(data)
		if err != nil {
			return
		}
		std, err := decodeStd(data)
		if err != nil {
			t.Fatalf("Decode accepted what encoding/json refuses (%v): %q", err, data)
		}
		if !reflect.DeepEqual(fast, std) {
			t.Fatalf("decoders disagree on %q:\n fast %+v\n std  %+v", data, fast, std)
		}
	})
}

// FuzzParseTimeZ checks the fast path for "2006-01-02T15:04:05Z" against time.Parse: whatever it
// accepts, time.Parse accepts as the same instant.
func FuzzParseTimeZ(f *testing.F) {
	for _, s := range []string{"2026-01-02T03:04:05Z", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
		"2026-01-01T24:00:00Z", "2026-01-01T00:00:60Z", "0000-01-01T00:00:00Z", "2024-02-29T23:59:59Z", "2026-01-0aT00:00:00Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := parseTimeZ(s)
		if !ok {
			return
		}
		slow, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatalf("parseTimeZ accepted %q, time.Parse refuses it: %v", s, err)
		}
		if !fast.Equal(slow) || fast.Location() != time.UTC {
			t.Fatalf("%q: fast %v, time.Parse %v", s, fast, slow)
		}
	})
}

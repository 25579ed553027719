package consent

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// FuzzDecode checks that Decode never panics, that it fails only with ErrCorrupt, and that
// whatever it accepts survives Encode and Decode unchanged.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"version":1,"approvals":[]}`,
		`{"version":1}`,
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

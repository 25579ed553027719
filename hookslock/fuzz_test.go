package hookslock

import (
	"bytes"
	"testing"
)

// FuzzRead: whatever the bytes, Read returns (never panics), and a lock it accepts writes out
// as a lock that reads back to the same bytes: what approve --from-lock checks is what a
// review of the written lock shows.
func FuzzRead(f *testing.F) {
	f.Add([]byte(Lock{}.Marshal()))
	f.Add([]byte("version: 1\nhooks:\n  - event: pre_tool_call\n    command: ./guard.sh\n    guard: true\n    files:\n      - path: .agent-hooks/guard.sh\n        sha256: 0000000000000000000000000000000000000000000000000000000000000000\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Read(data)
		if err != nil {
			return
		}
		out := l.Marshal()
		again, err := Read(out)
		if err != nil {
			t.Fatalf("a lock Read accepted does not read back once written: %v\n%s", err, out)
		}
		if !bytes.Equal(again.Marshal(), out) {
			t.Fatalf("written twice, two texts:\n%s\n%s", out, again.Marshal())
		}
	})
}

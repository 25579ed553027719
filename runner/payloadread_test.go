package runner

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// endless is a reader with no end, as /dev/zero is.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestReadBounded(t *testing.T) {
	for _, tc := range []struct {
		name    string
		r       io.Reader
		want    int
		tooBig  bool
		failure string
	}{
		{name: "empty", r: strings.NewReader(""), want: 0},
		{name: "a payload", r: strings.NewReader(`{"a":1}`), want: 7},
		{name: "exactly the cap", r: bytes.NewReader(make([]byte, MaxPayload)), want: MaxPayload},
		{name: "one byte past the cap", r: bytes.NewReader(make([]byte, MaxPayload+1)), tooBig: true},
		{name: "no end", r: endless{}, tooBig: true},
		{name: "a read that fails", r: failing{}, failure: "reading payload from stdin: io: read/write on closed pipe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := ReadBounded(tc.r, "stdin")
			switch {
			case tc.tooBig:
				if !errors.Is(err, ErrPayloadTooLarge) || err.Error() != "the payload from stdin is larger than 64 MiB; nothing was run" {
					t.Fatalf("ReadBounded = %d bytes, %v; want it too large", len(data), err)
				}
			case tc.failure != "":
				if err == nil || err.Error() != tc.failure || errors.Is(err, ErrPayloadTooLarge) {
					t.Fatalf("ReadBounded error = %v, want %q", err, tc.failure)
				}
			case err != nil || len(data) != tc.want:
				t.Fatalf("ReadBounded = %d bytes, %v; want %d", len(data), err, tc.want)
			}
		})
	}
}

func TestReadPayloadFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.json")
	if err := os.WriteFile(file, []byte(`{"x":true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadPayloadFile(file); err != nil || string(data) != `{"x":true}` {
		t.Fatalf("ReadPayloadFile = %q, %v", data, err)
	}
	if _, err := ReadPayloadFile(filepath.Join(dir, "gone")); err == nil || !strings.HasPrefix(err.Error(), "reading payload: ") || errors.Is(err, ErrPayloadTooLarge) {
		t.Fatalf("a missing file: %v", err)
	}
}

package runner

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadPayloadFrom(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(file, []byte(`{"from":"file"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, file string
		terminal   bool
		want       string
		asked      bool
	}{
		{name: "the file", file: file, want: `{"from":"file"}`},
		{name: "the file even at a terminal", file: file, terminal: true, want: `{"from":"file"}`},
		{name: "stdin that is no terminal", want: `{"from":"stdin"}`, asked: true},
		{name: "a terminal: no payload", terminal: true, asked: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := false
			got, err := ReadPayloadFrom(tc.file, strings.NewReader(`{"from":"stdin"}`), func(io.Reader) bool { asked = true; return tc.terminal })
			if err != nil || string(got) != tc.want || asked != tc.asked {
				t.Errorf("ReadPayloadFrom = %q, %v (terminal asked %v); want %q (asked %v)", got, err, asked, tc.want, tc.asked)
			}
		})
	}
}

package wallrun

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/wall"
)

func TestStatusReport(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "allowlist.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	set := wall.Set{Trees: []string{home, filepath.Join(home, "gone")}, Open: []string{filepath.Join(home, "config.yaml")}}
	for _, tc := range []struct {
		name        string
		st          wall.Status
		want, avoid []string
	}{
		{name: "up", st: wall.Status{ABI: 6, State: wall.Up},
			want:  []string{"Landlock ABI: 6\nwall: up\n", "what a process under `hookctl wall` cannot do:\n", "left open: writable", "sudo does not work inside the wall"},
			avoid: []string{"why:"}},
		{name: "unavailable, why escaped", st: wall.Status{State: wall.Unavailable, Reason: "no Landlock\x1b[31m"},
			want:  []string{"wall: unavailable\n", "  why: no Landlock\\x1b[31m\n"},
			avoid: []string{"\x1b"}},
		{name: "partial names what it lacks", st: wall.Status{ABI: 3, State: wall.Partial, Lacks: []string{"signals", "truncate"}},
			want: []string{"  not refused at this ABI: signals\n", "  not refused at this ABI: truncate\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := StatusReport(tc.st, set)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the report lacks %q:\n%s", w, got)
				}
			}
			for _, a := range tc.avoid {
				if strings.Contains(got, a) {
					t.Errorf("the report holds %q:\n%s", a, got)
				}
			}
			if !strings.Contains(got, "missing, and cannot be made: ") {
				t.Errorf("the missing tree has no row:\n%s", got)
			}
		})
	}
}

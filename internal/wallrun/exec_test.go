package wallrun

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/wall"
)

// TestExecRefuses covers the ways Exec returns: nothing it is given runs.
func TestExecRefuses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the wall is Linux's and macOS's: its commands, shells and paths are POSIX ones")
	}
	if wall.Detect(1).State != wall.Unavailable {
		t.Skip("the wall would go up at Landlock ABI 1 here: Exec would replace the test")
	}
	home := t.TempDir()
	set, err := SetFor(home, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		args     []string
		notFound bool
		want     string
	}{
		{name: "a command not found", args: []string{"no-such-command-anywhere"}, notFound: true, want: "wall: exec: \"no-such-command-anywhere\": executable file not found in $PATH"},
		{name: "the wall cannot go up", args: []string{"true"}, want: "; true did not run (hookctl wall --status says more)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var warned []string
			err := Exec(set, wall.Options{MaxABI: 1}, tc.args, func(s string) { warned = append(warned, s) })
			if errors.Is(err, ErrNotFound) != tc.notFound || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Exec = %v; want %q (not found: %v)", err, tc.want, tc.notFound)
			}
			if len(warned) > 0 {
				t.Fatalf("warned without --best-effort: %q", warned)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(home, config.OpenDir)); err != nil {
		t.Fatalf("the open folder was not made before the wall: %v", err)
	}
}

//go:build unix

package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestServeCommand(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := script("same", "exit 0\n")
	other := script("other", "echo 'hookctl: built from another commit' >&2; exit 1\n")
	for _, tc := range []struct {
		name, helper string
		err          string
	}{
		{name: "a helper of this build", helper: same},
		{name: "a helper of another build", helper: other, err: "hookctl serve runs hookctl-serve: built from another commit"},
		{name: "a relative path", helper: "hookctl-serve", err: `hookctl serve runs hookctl-serve: HOOKCTL_SERVE="hookctl-serve" is not an absolute path`},
		{name: "no helper there", helper: filepath.Join(dir, "missing"), err: "hookctl serve runs hookctl-serve: hookctl-serve, which calls url hooks, is not at"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { return tc.helper, k == HelperEnv }
			path, argv, err := ServeCommand(lookup, "v1", "/c.yaml", true, []string{"--listen", "x"})
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("ServeCommand error = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || path != tc.helper || !slices.Equal(argv, ServeArgv(tc.helper, "v1", "/c.yaml", true, []string{"--listen", "x"})) {
				t.Fatalf("ServeCommand = %s, %q, %v", path, argv, err)
			}
		})
	}
}

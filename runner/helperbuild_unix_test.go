//go:build unix

package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/internal/buildinfo"
)

// TestCheckHelperBuild runs real helpers: one of this build, one that refuses as of another,
// one older than the build check, one that fails saying nothing, and none at all.
func TestCheckHelperBuild(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		script string // "" for no helper
		want   string // "" for no error, else what the error holds
	}{
		{name: "this build", script: "#!/bin/sh\nexit 0\n"},
		{name: "another build", script: "#!/bin/sh\necho 'hookctl: hookctl-serve is of another build (x)' >&2\necho 'more' >&2\nexit 5\n",
			want: "hookctl-serve is of another build (x)"},
		{name: "older than the check", script: "#!/bin/sh\necho 'unknown flag: " + buildinfo.BuildFlag + "' >&2\nexit 1\n",
			want: "one that does not check builds"},
		{name: "fails saying nothing", script: "#!/bin/sh\nexit 3\n", want: "ended with exit status 3"},
		{name: "missing", want: "could not start"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			if tc.script != "" {
				if err := os.WriteFile(path, []byte(tc.script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			err := CheckHelperBuild(path, "v1.2.3")
			if tc.want == "" {
				if err != nil {
					t.Fatalf("CheckHelperBuild = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckHelperBuild = %v, want %q in it", err, tc.want)
			}
			if strings.Contains(err.Error(), "more") || strings.HasPrefix(err.Error(), "hookctl: ") {
				t.Fatalf("CheckHelperBuild = %q: want its first line, without the prefix", err)
			}
		})
	}
}

package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelperPath: hookctl-serve is the absolute path $HOOKCTL_SERVE names, else the one beside
// this binary, and never one on PATH (the attack: a folder on PATH plants one, which would see
// every url hook's request and headers).
func TestHelperPath(t *testing.T) {
	dir := t.TempDir()
	helper := filepath.Join(dir, HelperName)
	if err := os.WriteFile(helper, []byte("helper"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir) // a hookctl-serve on PATH: never taken from there
	tests := []struct {
		name string
		env  map[string]string
		want string // the path, or the start of the error
		err  bool
	}{
		{"named", map[string]string{HelperEnv: helper}, helper, false},
		{"named, relative", map[string]string{HelperEnv: HelperName}, HelperEnv + `="hookctl-serve" is not an absolute path`, true},
		{"named, missing", map[string]string{HelperEnv: filepath.Join(dir, "gone")}, HelperName + ", which calls url hooks, is not at " + filepath.Join(dir, "gone"), true},
		{"named, a folder", map[string]string{HelperEnv: dir}, HelperName + ", which calls url hooks, is not at " + dir, true},
		{"beside this binary only, not on PATH", map[string]string{"PATH": dir}, HelperName + ", which calls url hooks, is not at ", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := HelperPath(func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if tt.err {
				if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
					t.Fatalf("HelperPath = %q, %v; want the error %q...", got, err, tt.want)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("HelperPath = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

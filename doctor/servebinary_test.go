package doctor

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// TestServeBinaryFindings: each url hook is an error when hookctl-serve is missing or of
// another build, with the fix for each; none when it is there and of this build, or when no
// url hook needs it (then it is not even looked at).
func TestServeBinaryFindings(t *testing.T) {
	dir := t.TempDir()
	helper := filepath.Join(dir, runner.HelperName)
	if err := os.WriteFile(helper, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	urls := config.Parse(filepath.Join(dir, "config.yaml"), []byte(`hooks:
  pre_tool_call:
    - url: http://127.0.0.1:9/a
    - command: /bin/true
  post_tool_call:
    - url: http://127.0.0.1:9/b
`), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
	commands := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: /bin/true\n"), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
	for _, c := range []*config.Config{urls, commands} {
		for _, p := range c.Problems {
			t.Fatalf("config: %s", p)
		}
	}
	otherBuild := errors.New("of another build")
	tests := []struct {
		name    string
		cfg     *config.Config
		helper  string
		build   error
		fix     string // "" for no finding
		checked bool
	}{
		{"there, this build", urls, helper, nil, "", true},
		{"there, another build", urls, helper, otherBuild, "from one release", true},
		{"missing", urls, filepath.Join(dir, "none"), nil, "go install", false},
		{"no url hook", commands, filepath.Join(dir, "none"), otherBuild, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := func(k string) (string, bool) { return tt.helper, k == runner.HelperEnv }
			checked := 0
			fs := ServeBinaryFindings(tt.cfg, env, func(path string) error {
				checked++
				if path != tt.helper {
					t.Errorf("checked %s, want %s", path, tt.helper)
				}
				return tt.build
			})
			if want := map[bool]int{true: 1}[tt.checked]; checked != want {
				t.Errorf("the build checked %d times, want %d", checked, want)
			}
			if tt.fix == "" {
				if len(fs) != 0 {
					t.Fatalf("findings %+v, want none", fs)
				}
				return
			}
			if len(fs) != 2 {
				t.Fatalf("findings %+v, want one per url hook", fs)
			}
			for i, f := range fs {
				if f.Severity != SeverityError || f.Command != []string{"http://127.0.0.1:9/a", "http://127.0.0.1:9/b"}[i] || !strings.Contains(f.Fix, tt.fix) {
					t.Errorf("finding %+v, want an error with a fix saying %q", f, tt.fix)
				}
			}
		})
	}
}

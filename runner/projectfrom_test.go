package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func TestProjectFrom(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	abs := func(p string) string { return filepath.Join(t.TempDir(), p) }
	dir, cwd := abs("agent-project"), abs("payload-cwd")
	for _, tc := range []struct {
		name, env, cwd, want string
	}{
		{name: "the agent's project folder first", env: dir, cwd: cwd, want: dir},
		{name: "a relative project folder counts as none", env: "rel/dir", cwd: cwd, want: cwd},
		{name: "the payload's cwd", cwd: cwd, want: cwd},
		{name: "a relative cwd: the working folder", cwd: "sub", want: wd},
		{name: "nothing: the working folder", want: wd},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { return tc.env, k == config.ProjectDirVar && tc.env != "" }
			if got := ProjectFrom(lookup, tc.cwd); got != tc.want {
				t.Fatalf("ProjectFrom = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestProjectLayerNone(t *testing.T) {
	home := t.TempDir()
	loc := config.Locations{Home: filepath.Join(home, ".agent-hooks"), Allowlist: filepath.Join(home, ".agent-hooks", "allowlist.json")}
	if p := ProjectLayer(loc, home, home, ""); p != nil {
		t.Fatalf("the person's home is a project: %+v", p)
	}
}

func TestProjectProblems(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    consent.Project
		want []string
	}{
		{name: "none", p: consent.Project{Config: &config.Config{}}},
		{name: "unreadable", p: consent.Project{Config: &config.Config{}, ConfigErr: errors.New("permission denied")},
			want: []string{"warning: the project's hooks do not run: permission denied"}},
		{name: "problems", p: consent.Project{Config: &config.Config{Problems: []config.Problem{{File: "c.yaml", Line: 3, Col: 5, Message: "unknown key"}}}},
			want: []string{"c.yaml:3:5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ProjectProblems(&tc.p)
			if len(got) != len(tc.want) {
				t.Fatalf("ProjectProblems = %q, want %q", got, tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("[%d] = %q, want %q...", i, got[i], tc.want[i])
				}
			}
		})
	}
}

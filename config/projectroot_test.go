package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestFindProjectRecorded: a recorded root stays a project while its folder exists, .git
// moved or not, and covers every folder below it whatever .git lies deeper; a folder holding
// .agent-hooks/config.yaml is a root without .git; a recorded root that is gone is a project
// that moved (SPEC 24.8, 28.23).
func TestFindProjectRecorded(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(base, "home")
	hh := filepath.Join(home, ".agent-hooks")
	repo := filepath.Join(home, "repo")
	inner := filepath.Join(repo, "sub")
	plain := filepath.Join(home, "plain", "deep")
	for _, d := range []string{filepath.Join(inner, ".git"), filepath.Join(repo, ".git.off"), ProjectsDir(hh), filepath.Join(home, "plain", ".agent-hooks"), plain} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(ProjectConfigPath(filepath.Join(home, "plain")))
	gone := filepath.Join(home, "gone")
	for _, root := range []string{repo, gone} {
		write(filepath.Join(ProjectsDir(hh), ProjectKeyOf(root)+".json"))
	}
	tests := []struct {
		name, from, want string
		moved            bool
	}{
		{"a recorded root whose .git was moved away", repo, repo, false},
		{"below it, under a deeper .git", filepath.Join(inner, "x"), repo, false},
		{"a project config without .git", plain, filepath.Join(home, "plain"), false},
		{"a recorded root that is gone", filepath.Join(gone, "src"), gone, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := findProject(tt.from, home, hh)
			if !ok || r.root != tt.want || r.moved != tt.moved {
				t.Fatalf("findProject(%s) = %+v, %v; want %s, moved %v", tt.from, r, ok, tt.want, tt.moved)
			}
			layer, ok := LayerOf(Layers(Sources{Person: Locations{Home: hh}, PersonHome: home, ProjectFrom: tt.from}), LayerProject)
			if !ok || layer.Moved != tt.moved {
				t.Fatalf("layer %+v, %v", layer, ok)
			}
			if _, err := layer.Read(); tt.moved != errors.Is(err, ErrProjectMoved) {
				t.Errorf("Read: %v", err)
			}
		})
	}
	// The person's own .agent-hooks (the hookctl home) makes no project of their home.
	write(filepath.Join(hh, "config.yaml"))
	if r, ok := findProject(filepath.Join(home, "other"), home, hh); ok {
		t.Errorf("the person's home is a project: %+v", r)
	}
}

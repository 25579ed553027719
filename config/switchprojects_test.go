package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSwitchProjects: the agent's folder counts, and the repository's root above it once.
func TestSwitchProjects(t *testing.T) {
	person := t.TempDir()
	repo := filepath.Join(person, "repo")
	sub := filepath.Join(repo, "sub")
	loose := filepath.Join(person, "loose")
	for _, d := range []string{filepath.Join(repo, ".git"), sub, loose} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hookctlHome := filepath.Join(person, ".agent-hooks")
	tests := []struct {
		name, from string
		want       []string
	}{
		{"below the root", sub, []string{sub, repo}},
		{"at the root", repo, []string{repo}},
		{"in no repository", loose, []string{loose}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SwitchProjects(tt.from, person, hookctlHome); !slices.Equal(got, tt.want) {
				t.Fatalf("SwitchProjects = %v, want %v", got, tt.want)
			}
		})
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The release workflow's build step is the command .ci/run runs: make release, which writes
// what the release page gets.
func TestReleaseStep(t *testing.T) {
	run, err := stepRun(filepath.Join("..", "..", ".github", "workflows", "release.yml"), "release", "release")
	if err != nil {
		t.Fatal(err)
	}
	if run != "make release" {
		t.Errorf("the release step runs %q", run)
	}
}

func TestStepRunRefuses(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ yaml, want string }{
		{"jobs: [", "w.yml: yaml"},
		{"jobs: {}\n", `no job "release"`},
		{"jobs:\n  release:\n    steps:\n      - id: other\n        run: true\n", "no step with id release"},
		{"jobs:\n  release:\n    steps:\n      - id: release\n        uses: x/y@v1\n", "runs no command"},
	} {
		file := filepath.Join(dir, "w.yml")
		if err := os.WriteFile(file, []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := stepRun(file, "release", "release"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.yaml, err, tc.want)
		}
	}
}

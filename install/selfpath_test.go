package install

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestStablePath(t *testing.T) {
	for _, tc := range []struct {
		bin           string
		refused, warn bool
	}{
		{"/root/.npm/_npx/5f1c0e2a/node_modules/@hookctl/linux-x64/bin/hookctl", true, false},
		{"/home/me/src/app/node_modules/@hookctl/linux-x64/bin/hookctl", false, true},
		{"/usr/local/lib/node_modules/hookctl/node_modules/@hookctl/linux-x64/bin/hookctl", false, false},
		{"/usr/lib/node_modules/@hookctl/darwin-arm64/bin/hookctl", false, false},
		{"/home/me/go/bin/hookctl", false, false},
	} {
		warning, err := StablePath(tc.bin)
		if (err != nil) != tc.refused || (warning != "") != tc.warn {
			t.Errorf("%s: warning %q, error %v", tc.bin, warning, err)
		}
		if err != nil && !strings.Contains(err.Error(), "npm install -g") {
			t.Errorf("the refusal names no stable install: %v", err)
		}
	}
}

// TestSelfPath: a path with a folder is made absolute, a link kept as a link; a bare name is
// looked up on PATH.
func TestSelfPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a program there is found by its extension (PATHEXT)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "hookctl")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(bin, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	t.Setenv("PATH", dir)
	t.Chdir(dir)
	for _, tc := range []struct{ arg0, want string }{
		{bin, bin},
		{link, link},
		{"./link", link},
		{"link", link},
	} {
		t.Run(tc.arg0, func(t *testing.T) {
			if got := SelfPath(tc.arg0); got != tc.want {
				t.Errorf("SelfPath(%q) = %q, want %q", tc.arg0, got, tc.want)
			}
		})
	}
}

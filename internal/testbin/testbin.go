// Package testbin builds hookctl for tests that run scripts calling it (the example and guide
// hooks read their payload with `hookctl field`), and puts it first on PATH.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// RunWithHookctl builds the hookctl command at cmdDir (relative to the test's package) into a
// temporary folder, puts that folder first on PATH, runs the tests and returns m.Run's status.
// A build that fails fails every test: the scripts need it.
func RunWithHookctl(m *testing.M, cmdDir string) int {
	dir, err := os.MkdirTemp("", "hookctl-testbin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	if _, err := exec.LookPath("go"); err != nil {
		// As under Wine, where the test binaries run without the toolchain: the scripts that
		// call hookctl need a shell there too (Git for Windows' bash), and skip without one.
		fmt.Fprintln(os.Stderr, "testbin: go is not on PATH, so no hookctl is built for the scripts; those that need it skip or fail")
		return m.Run()
	}
	exe := "hookctl"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", filepath.Join(dir, exe), cmdDir).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building hookctl: %v\n%s", err, out)
		return 1
	}
	if err := os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

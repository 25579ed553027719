// Package wintest tells a test where it runs when that decides whether it can: under Wine
// (make test-windows), some Windows features are missing, and a test that needs one says so
// and is skipped there only.
package wintest

import (
	"os"
	"testing"
)

// SkipUnderWine skips the test, giving why, when it runs under Wine.
func SkipUnderWine(t testing.TB, why string) {
	t.Helper()
	if UnderWine() {
		t.Skip("not under Wine: " + why)
	}
}

// NeedsShell skips a test whose hooks are .sh scripts where they cannot run: on Windows they
// run through Git for Windows' bash.exe, which Wine's prefix (make test-windows) does not
// have. Where bash.exe is installed, and on Unix, the test runs.
func NeedsShell(t testing.TB) {
	t.Helper()
	if !shellThere() {
		t.Skip("the test's hooks are .sh scripts, and Git for Windows' bash.exe is not installed (as under Wine)")
	}
}

// Symlink makes a symbolic link as os.Symlink does, and fails the test when it cannot. Under
// Wine it skips the test, saying so: Wine 8's CreateSymbolicLink reports success and makes
// nothing, so a test of what a link does would test no link.
func Symlink(t testing.TB, oldname, newname string) {
	t.Helper()
	if err := os.Symlink(oldname, newname); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(newname); err != nil {
		SkipUnderWine(t, "Wine 8's CreateSymbolicLink reports success and makes no link")
	}
}

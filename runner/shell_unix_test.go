//go:build unix

package runner

import "testing"

// needsPOSIXShell: a shell is always there on Unix (see shell_windows_test.go).
func needsPOSIXShell(t *testing.T) {}

//go:build unix

package main

import (
	"syscall"
	"testing"
)

// leaveTerminal starts a new session, which has no controlling terminal, so /dev/tty cannot
// open and a consent prompt never waits on the developer's terminal when the tests run from
// one. After a script's ttyin, hookctl already leads a session whose terminal is testscript's
// pty: Setsid fails, as it should, and the prompt talks to that pty.
func leaveTerminal() { _, _ = syscall.Setsid() }

// needsPOSIX: the scripts run here (see main_windows_test.go).
func needsPOSIX(t *testing.T) {}

//go:build unix

package consent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Something that is not a regular file at the allowlist's path approves nothing, at once.
func TestGateAllowlistNotAFile(t *testing.T) {
	s := newTestStore(t)
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(s.Path, 0o600); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	g := &Gate{Store: s, Warn: func(m string) { warnings = append(warnings, m) }}
	done := make(chan Status, 1)
	h := pinnedHook(t, t.TempDir(), "#!/bin/sh\n")
	go func() { done <- g.Decide(context.Background(), h, ReadScript(h)) }()
	select {
	case got := <-done:
		if got != StatusNotApproved || len(warnings) != 1 || !strings.Contains(warnings[0], "not a regular file") {
			t.Fatalf("Decide = %s, warnings %q", got, warnings)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a FIFO at the allowlist's path hung the gate")
	}
	if _, err := s.Approve(pinnedHook(t, t.TempDir(), "#!/bin/sh\n")); err == nil {
		t.Error("Approve replaced a FIFO at the allowlist's path")
	}
}

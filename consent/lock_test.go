package consent

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
)

const holdLockEnv = "HOOKCTL_TEST_HOLD_LOCK"

// TestHoldLockHelperProcess is not a test: holdLock runs the test binary again with
// holdLockEnv set to a lock file, and this process holds that lock until its stdin closes.
func TestHoldLockHelperProcess(t *testing.T) {
	name := os.Getenv(holdLockEnv)
	if name == "" {
		t.Skip("helper process for the lock tests")
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := lockFile(f, true); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("locked\n")
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// holdLock makes another process hold the allowlist's lock until release is called or the
// test ends.
func holdLock(t *testing.T, s *Store) (release func()) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldLockHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), holdLockEnv+"="+s.Path+".lock")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			stdin.Close()
			_ = cmd.Wait()
		})
	}
	t.Cleanup(release)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("the helper did not take the lock: %q, %v", line, err)
	}
	return release
}

// TestLockHeldTimesOut holds the lock from another process: approve gives up after its
// timeout with a clear error, writes nothing, and a later approve works once the holder ends.
func TestLockHeldTimesOut(t *testing.T) {
	t.Parallel()
	s := newTestStore(t)
	release := holdLock(t, s)
	s.LockTimeout = 300 * time.Millisecond
	start := time.Now()
	_, err := s.Approve(config.Hook{Event: "pre_tool_call", Command: "ls"})
	took := time.Since(start)
	if !errors.Is(err, ErrLockTimeout) {
		t.Fatalf("Approve = %v, want ErrLockTimeout", err)
	}
	if msg := err.Error(); !strings.Contains(msg, s.Path+".lock") || !strings.Contains(msg, "nothing was changed") {
		t.Errorf("error %q should name the lock file and say nothing was changed", msg)
	}
	if took < s.LockTimeout {
		t.Errorf("gave up after %s, before the timeout %s", took, s.LockTimeout)
	}
	if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the allowlist was written while the lock was held: %v", err)
	}
	release()
	mustApprove(t, s, config.Hook{Event: "pre_tool_call", Command: "ls"})
}

// TestLockWaitInterrupted holds the lock from another process: closing Interrupt ends the wait
// long before the timeout, and Revoke stops the same way.
func TestLockWaitInterrupted(t *testing.T) {
	t.Parallel()
	s := newTestStore(t)
	holdLock(t, s)
	s.LockTimeout = time.Hour
	for name, change := range map[string]func() error{
		"approve": func() error { _, err := s.Approve(config.Hook{Event: "pre_tool_call", Command: "ls"}); return err },
		"revoke":  func() error { _, err := s.Revoke("ls", ""); return err },
	} {
		interrupt := make(chan struct{})
		s.Interrupt = interrupt
		time.AfterFunc(100*time.Millisecond, func() { close(interrupt) })
		done := make(chan error, 1)
		go func() { done <- change() }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrInterrupted) {
				t.Errorf("%s = %v, want ErrInterrupted", name, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: still waiting for the lock 30 s after the interrupt", name)
		}
	}
}

// TestGatePromptLockInterrupted answers a consent prompt yes while another process holds the
// lock: cancelling the run's context ends the wait for it.
func TestGatePromptLockInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := newTestStore(t)
	holdLock(t, s)
	s.LockTimeout = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	g := &Gate{Store: s, Prompt: func(config.Hook, Check) bool {
		time.AfterFunc(100*time.Millisecond, cancel)
		return true
	}}
	var warned []string
	g.Warn = func(msg string) { warned = append(warned, msg) }
	done := make(chan struct{})
	go func() {
		defer close(done)
		h := pinnedHook(t, dir, "#!/bin/sh\n")
		g.Decide(ctx, h, ReadScript(h))
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Decide still waits for the lock 30 s after the run was interrupted")
	}
	if len(warned) != 1 || !strings.Contains(warned[0], ErrInterrupted.Error()) {
		t.Errorf("warnings %q, want one saying the wait was interrupted", warned)
	}
}

// TestLockFileSymlinkRefused plants a symbolic link where the lock file goes: approve refuses
// it, naming the fix, and neither creates nor locks the file it points to.
func TestLockFileSymlinkRefused(t *testing.T) {
	t.Parallel()
	s := newTestStore(t)
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "elsewhere")
	wintest.Symlink(t, target, s.Path+".lock")
	_, err := s.Approve(config.Hook{Event: "pre_tool_call", Command: "ls"})
	if err == nil || !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), "rm ") {
		t.Fatalf("Approve = %v, want a refusal of the symbolic link naming the fix", err)
	}
	if _, err := os.Lstat(target); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link's target was created: %v", err)
	}
	if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the allowlist was written: %v", err)
	}
}

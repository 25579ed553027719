//go:build unix

package runner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/scriptfile"
	"github.com/hookctl/hookctl/runner"
)

// The fixture hooks live in testdata/hooks/exec; tests run in the runner folder.
const execHooksDir = "../testdata/hooks/exec/"

// execHook is the path of a fixture hook, relative to the runner folder.
func execHook(name string) string { return execHooksDir + name }

// execHookAbs is for commands run with a Dir: a relative program path is resolved against Dir.
func execHookAbs(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(execHook(name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// withPidFile returns the environment for a fixture that writes a child's pid to $PIDFILE,
// and the path of that file.
func withPidFile(t *testing.T) (env []string, path string) {
	path = filepath.Join(t.TempDir(), "pid")
	return append(os.Environ(), "PIDFILE="+path), path
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the hook did not record its child's pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 1 {
		t.Fatalf("bad pid %q in %s", b, path)
	}
	return pid
}

// processAlive reports whether pid is a live process. A zombie is dead: once a hook's
// grandchild is reparented, reaping it is up to whoever is pid 1 (or a subreaper), not to
// hookctl.
func processAlive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	state := processState(pid)
	return state != "" && state != "Z" && state != "X"
}

// requireGone waits up to 2 s for pid to die; a survivor fails the test and is killed.
func requireGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); {
		if !processAlive(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("process %d outlived its hook", pid)
	_ = syscall.Kill(pid, syscall.SIGKILL)
}

func TestExecExitStatus(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		argv       []string
		wantCode   int
		wantSignal syscall.Signal
		wantStdout string
		wantStderr string
	}{
		{name: "ok", argv: []string{execHook("ok.sh")}, wantStdout: `{"action":"allow"}` + "\n"},
		{name: "exit 0", argv: []string{execHook("exit.sh"), "0"}, wantStdout: "out 0\n", wantStderr: "err 0\n"},
		{name: "exit 1", argv: []string{execHook("exit.sh"), "1"}, wantCode: 1, wantStdout: "out 1\n", wantStderr: "err 1\n"},
		{name: "exit 2", argv: []string{execHook("exit.sh"), "2"}, wantCode: 2, wantStdout: "out 2\n", wantStderr: "err 2\n"},
		{name: "killed by SIGSEGV", argv: []string{execHook("signal.sh"), "SEGV"}, wantCode: -1, wantSignal: syscall.SIGSEGV},
		{name: "killed by SIGKILL", argv: []string{execHook("signal.sh"), "KILL"}, wantCode: -1, wantSignal: syscall.SIGKILL},
		{name: "program on PATH", argv: []string{"sh", "-c", "echo on-path"}, wantStdout: "on-path\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := runner.Exec(context.Background(), runner.Command{Argv: tt.argv, Timeout: 10 * time.Second})
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if o.ExitCode != tt.wantCode || o.Signal != tt.wantSignal {
				t.Errorf("ExitCode, Signal = %d, %v; want %d, %v", o.ExitCode, o.Signal, tt.wantCode, tt.wantSignal)
			}
			if string(o.Stdout) != tt.wantStdout {
				t.Errorf("Stdout = %q, want %q", o.Stdout, tt.wantStdout)
			}
			if string(o.Stderr) != tt.wantStderr {
				t.Errorf("Stderr = %q, want %q", o.Stderr, tt.wantStderr)
			}
			if o.TimedOut || o.Interrupted || o.StdoutTruncated {
				t.Errorf("TimedOut, Interrupted, StdoutTruncated = %v, %v, %v; want all false",
					o.TimedOut, o.Interrupted, o.StdoutTruncated)
			}
			if o.Timeout != 10*time.Second {
				t.Errorf("Timeout = %v, want 10s", o.Timeout)
			}
		})
	}
}

// TestExecTimeoutClamp checks that Exec applies the config's clamp: nothing can bypass it.
func TestExecTimeoutClamp(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		timeout time.Duration
		want    time.Duration
	}{
		{name: "zero", timeout: 0, want: config.DefaultTimeout},
		{name: "negative", timeout: -time.Second, want: config.DefaultTimeout},
		{name: "above the maximum", timeout: 24 * time.Hour, want: config.MaxTimeout},
		{name: "fraction of a second", timeout: 1500 * time.Millisecond, want: 1500 * time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{execHook("ok.sh")}, Timeout: tt.timeout})
			if o.StartErr != nil || o.ExitCode != 0 {
				t.Fatalf("StartErr, ExitCode = %v, %d", o.StartErr, o.ExitCode)
			}
			if o.Timeout != tt.want {
				t.Errorf("Timeout = %v, want %v", o.Timeout, tt.want)
			}
		})
	}
}

func TestExecStartError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	noExec := filepath.Join(dir, "noexec.sh")
	if err := scriptfile.Write(noExec, []byte("#!/bin/sh\necho hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.sh")
	if err := os.Symlink(filepath.Join(dir, "gone.sh"), dangling); err != nil {
		t.Fatal(err)
	}
	hooksAbs, err := filepath.Abs(execHooksDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		argv []string
		dir  string
		want []string // words the message must hold, case-insensitive
	}{
		{name: "missing script", argv: []string{execHook("missing.sh")}, want: []string{"missing.sh", "no such file"}},
		{name: "not executable", argv: []string{noExec}, want: []string{"noexec.sh", "permission denied", "chmod +x"}},
		{name: "directory", argv: []string{execHooksDir}, want: []string{"is a directory"}},
		{name: "dangling symlink", argv: []string{dangling}, want: []string{"dangling.sh", "no such file"}},
		{name: "no shebang", argv: []string{execHook("noshebang.sh")}, want: []string{"noshebang.sh", "#!"}},
		{name: "missing interpreter", argv: []string{execHook("badinterp.sh")}, want: []string{"badinterp.sh", "interpreter", "#!"}},
		{name: "not on PATH", argv: []string{"hookctl-no-such-program"}, want: []string{"hookctl-no-such-program", "not found on path"}},
		{name: "empty argv", argv: nil, want: []string{"empty command"}},
		{name: "missing working directory", argv: []string{hooksAbs + "/ok.sh"}, dir: filepath.Join(dir, "gone"),
			want: []string{"working directory", "gone", "no such file"}},
		{name: "working directory is a file", argv: []string{hooksAbs + "/ok.sh"}, dir: noExec,
			want: []string{"working directory", "noexec.sh", "not a directory"}},
		{name: "relative script in working directory", argv: []string{"./badinterp.sh"}, dir: hooksAbs,
			want: []string{"badinterp.sh", "interpreter"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := runner.Exec(context.Background(), runner.Command{Argv: tt.argv, Dir: tt.dir, Timeout: 5 * time.Second})
			if o.StartErr == nil {
				t.Fatalf("StartErr = nil, want an error (outcome %+v)", o)
			}
			msg := strings.ToLower(o.StartErr.Error())
			for _, w := range tt.want {
				if !strings.Contains(msg, strings.ToLower(w)) {
					t.Errorf("StartErr = %q, want it to mention %q", o.StartErr, w)
				}
			}
			if o.ExitCode != -1 || o.Signal != 0 || o.TimedOut || len(o.Stdout) != 0 {
				t.Errorf("a hook that did not start has outcome %+v", o)
			}
		})
	}
}

// TestExecTextBusy starts a script that is open for writing, as while an editor saves it: the
// start fails with ETXTBSY. hookctl retries briefly, so a writer that closes within moments
// does not cost the hook; one that keeps the file open gets a clear error. The retry's bound is
// raised for the first case, as a loaded machine may take longer than the real one (100 ms) to
// run the closing timer; the test is not parallel, as it changes that bound.
func TestExecTextBusy(t *testing.T) {
	for _, tt := range []struct {
		name    string
		retry   time.Duration
		holdFor time.Duration // how long the file stays open for writing after the start
		wantOK  bool
	}{
		{name: "closed within the retry", retry: time.Minute, holdFor: 50 * time.Millisecond, wantOK: true},
		{name: "held open", retry: 100 * time.Millisecond, holdFor: 30 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer runner.SetTextBusyRetry(tt.retry)()
			script := filepath.Join(t.TempDir(), "busy.sh")
			if err := scriptfile.Write(script, []byte("#!/bin/sh\necho '{}'\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			w, err := os.OpenFile(script, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			closed := time.AfterFunc(tt.holdFor, func() { _ = w.Close() })
			defer func() {
				if closed.Stop() {
					_ = w.Close()
				}
			}()
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{script}, Timeout: 5 * time.Second})
			if tt.wantOK {
				if o.StartErr != nil || o.ExitCode != 0 || strings.TrimSpace(string(o.Stdout)) != "{}" {
					t.Fatalf("outcome %+v, want the hook to run once the writer closed", o)
				}
				return
			}
			if o.StartErr == nil || !strings.Contains(o.StartErr.Error(), "open for writing") {
				t.Fatalf("StartErr = %v, want it to say the file is open for writing", o.StartErr)
			}
		})
	}
}

// TestExecTimeout proves that at its timeout a hook's whole group ends, grandchildren included,
// whether or not it heeds SIGTERM.
func TestExecTimeout(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		script     string
		wantSignal syscall.Signal
		minElapsed time.Duration
	}{
		{name: "grandchild in background", script: "grandchild.sh", wantSignal: syscall.SIGTERM, minElapsed: time.Second},
		{name: "ignores SIGTERM", script: "ignoreterm.sh", wantSignal: syscall.SIGKILL, minElapsed: time.Second + runner.KillGrace},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env, pidFile := withPidFile(t)
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{execHook(tt.script)}, Env: env, Timeout: time.Second})
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if !o.TimedOut || o.Interrupted {
				t.Errorf("TimedOut, Interrupted = %v, %v; want true, false", o.TimedOut, o.Interrupted)
			}
			if o.ExitCode != -1 || o.Signal != tt.wantSignal {
				t.Errorf("ExitCode, Signal = %d, %v; want -1, %v", o.ExitCode, o.Signal, tt.wantSignal)
			}
			if o.Duration < tt.minElapsed-50*time.Millisecond || o.Duration > 10*time.Second {
				t.Errorf("Duration = %v, want from %v to well under 10s", o.Duration, tt.minElapsed)
			}
			requireGone(t, readPid(t, pidFile))
		})
	}
}

// TestExecTimeoutSparesUnrelated checks that ending a hook's group signals nothing else.
func TestExecTimeoutSparesUnrelated(t *testing.T) {
	t.Parallel()
	other := exec.Command("sleep", "30")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = other.Wait(); close(done) }()
	defer func() { _ = other.Process.Kill(); <-done }()

	env, pidFile := withPidFile(t)
	o := runner.Exec(context.Background(), runner.Command{Argv: []string{execHook("ignoreterm.sh")}, Env: env, Timeout: time.Second})
	if !o.TimedOut {
		t.Fatalf("TimedOut = false, want true (outcome %+v)", o)
	}
	requireGone(t, readPid(t, pidFile))
	select {
	case <-done:
		t.Errorf("an unrelated process ended while a hook was being stopped: %v", other.ProcessState)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestExecLeftovers covers hooks that exit and leave a background child behind. A child holding
// stdout gets OutputGrace to finish the output, and that is a normal finish, not a timeout; then
// whatever is left of the hook's group is killed.
func TestExecLeftovers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		script     string
		wantStdout string
		minElapsed time.Duration
		escapes    bool // the child left the hook's session: out of reach, but no hang either
	}{
		{name: "child holds stdout", script: "earlyexit.sh", wantStdout: "{}", minElapsed: runner.OutputGrace},
		{name: "child detached from output", script: "detach.sh", wantStdout: "{}\n"},
		{name: "child escaped with setsid", script: "escape.sh", wantStdout: "{}\n", minElapsed: runner.OutputGrace, escapes: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env, pidFile := withPidFile(t)
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{execHook(tt.script)}, Env: env, Timeout: 10 * time.Second})
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			pid := readPid(t, pidFile)
			if tt.escapes {
				defer func() { _ = syscall.Kill(pid, syscall.SIGKILL) }()
			} else {
				requireGone(t, pid)
			}
			if o.TimedOut || o.Interrupted || o.ExitCode != 0 || o.Signal != 0 {
				t.Errorf("TimedOut, Interrupted, ExitCode, Signal = %v, %v, %d, %v; want a normal exit 0",
					o.TimedOut, o.Interrupted, o.ExitCode, o.Signal)
			}
			if string(o.Stdout) != tt.wantStdout {
				t.Errorf("Stdout = %q, want %q", o.Stdout, tt.wantStdout)
			}
			if o.Duration < tt.minElapsed-100*time.Millisecond || o.Duration > tt.minElapsed+4*time.Second {
				t.Errorf("Duration = %v, want about %v", o.Duration, tt.minElapsed)
			}
		})
	}
}

func TestExecStdoutCap(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name          string
		argv          []string
		wantLen       int
		wantTruncated bool
		wantSignal    syscall.Signal // a hook still printing is killed at once; one that is done is not
	}{
		{name: "exactly the cap", argv: []string{execHook("exactout.sh"), strconv.Itoa(runner.MaxStdout)}, wantLen: runner.MaxStdout},
		{name: "one byte over", argv: []string{execHook("exactout.sh"), strconv.Itoa(runner.MaxStdout + 1)}, wantLen: runner.MaxStdout, wantTruncated: true},
		{name: "without end", argv: []string{execHook("flood.sh")}, wantLen: runner.MaxStdout, wantTruncated: true, wantSignal: syscall.SIGKILL},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := runner.Exec(context.Background(), runner.Command{Argv: tt.argv, Timeout: 20 * time.Second})
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if len(o.Stdout) != tt.wantLen || o.StdoutTruncated != tt.wantTruncated {
				t.Errorf("len(Stdout), StdoutTruncated = %d, %v; want %d, %v", len(o.Stdout), o.StdoutTruncated, tt.wantLen, tt.wantTruncated)
			}
			if o.TimedOut || o.Duration > 10*time.Second {
				t.Errorf("TimedOut, Duration = %v, %v; want a quick end", o.TimedOut, o.Duration)
			}
			if tt.wantSignal != 0 && o.Signal != tt.wantSignal {
				t.Errorf("Signal = %v, want %v: past the cap the group is killed at once", o.Signal, tt.wantSignal)
			}
		})
	}
}

// TestExecOutputMemory runs alone (not parallel) so that the allocation count is the hook's.
func TestExecOutputMemory(t *testing.T) {
	for _, tt := range []struct {
		name   string
		script string
		check  func(t *testing.T, o runner.Outcome)
	}{
		{name: "stdout without end", script: "flood.sh", check: func(t *testing.T, o runner.Outcome) {
			if !o.StdoutTruncated || len(o.Stdout) != runner.MaxStdout {
				t.Errorf("StdoutTruncated, len(Stdout) = %v, %d; want true, %d", o.StdoutTruncated, len(o.Stdout), runner.MaxStdout)
			}
			if !bytes.HasPrefix(o.Stdout, []byte(`{"flood":true}`+"\n")) {
				t.Errorf("Stdout starts %q, want the hook's lines", o.Stdout[:min(len(o.Stdout), 40)])
			}
		}},
		{name: "stderr flood", script: "stderrflood.sh", check: func(t *testing.T, o runner.Outcome) {
			const marker = "END-OF-STDERR\n"
			if len(o.Stderr) != runner.StderrTail || !bytes.HasSuffix(o.Stderr, []byte(marker)) {
				t.Fatalf("len(Stderr) = %d ending %q; want %d ending with the marker",
					len(o.Stderr), o.Stderr[max(0, len(o.Stderr)-20):], runner.StderrTail)
			}
			if rest := bytes.TrimLeft(o.Stderr[:len(o.Stderr)-len(marker)], "e"); len(rest) != 0 {
				t.Errorf("Stderr holds %d unexpected bytes before the marker", len(rest))
			}
			if o.ExitCode != 0 || string(o.Stdout) != "{}\n" {
				t.Errorf("ExitCode, Stdout = %d, %q; want 0, {}", o.ExitCode, o.Stdout)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{execHook(tt.script)}, Timeout: 20 * time.Second})
			runtime.ReadMemStats(&after)
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if o.TimedOut || o.Duration > 10*time.Second {
				t.Errorf("TimedOut, Duration = %v, %v; want a quick end", o.TimedOut, o.Duration)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
				t.Errorf("running the hook allocated %d MiB, want memory bounded whatever it prints", grew>>20)
			}
			tt.check(t, o)
		})
	}
}

func TestExecStdin(t *testing.T) {
	t.Parallel()
	big := bytes.Repeat([]byte("p"), 4<<20)
	for _, tt := range []struct {
		name       string
		script     string
		stdin      []byte
		wantStdout string
	}{
		{name: "never read", script: "nostdin.sh", stdin: big, wantStdout: "{}\n"},
		{name: "read in full", script: "stdinlen.sh", stdin: big, wantStdout: `{"len":4194304}` + "\n"},
		{name: "empty", script: "stdinlen.sh", stdin: nil, wantStdout: `{"len":0}` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{execHook(tt.script)}, Stdin: tt.stdin, Timeout: 10 * time.Second})
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if o.ExitCode != 0 || o.TimedOut || string(o.Stdout) != tt.wantStdout {
				t.Errorf("ExitCode, TimedOut, Stdout = %d, %v, %q; want 0, false, %q", o.ExitCode, o.TimedOut, o.Stdout, tt.wantStdout)
			}
			if o.Duration > 5*time.Second {
				t.Errorf("Duration = %v, want no hang", o.Duration)
			}
		})
	}
}

// TestExecSession checks that a hook leads a new session and process group of its own, with no
// controlling terminal, so opening /dev/tty fails at once.
func TestExecSession(t *testing.T) {
	t.Parallel()
	env, pidFile := withPidFile(t)
	done := filepath.Join(t.TempDir(), "done")
	env = append(env, "DONE="+done)
	outcome := make(chan runner.Outcome, 1)
	go func() {
		outcome <- runner.Exec(context.Background(), runner.Command{Argv: []string{execHook("session.sh")}, Env: env, Timeout: 30 * time.Second})
	}()
	// getpgid and getsid (POSIX) while the hook runs.
	var pid, pgid, sid int
	for deadline := time.Now().Add(20 * time.Second); pid == 0; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(pidFile); err == nil {
			pid = readPid(t, pidFile)
		} else if time.Now().After(deadline) {
			t.Fatal("the hook did not start")
		}
	}
	pgid, errG := unix.Getpgid(pid)
	sid, errS := unix.Getsid(pid)
	if err := os.WriteFile(done, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	o := <-outcome
	if o.StartErr != nil || o.ExitCode != 0 {
		t.Fatalf("StartErr, ExitCode = %v, %d; stderr %q", o.StartErr, o.ExitCode, o.Stderr)
	}
	if errG != nil || errS != nil {
		t.Fatalf("getpgid, getsid of the running hook: %v, %v", errG, errS)
	}
	if sid != pid || pgid != pid {
		t.Errorf("pid %d has pgid %d and sid %d; want a new session and group led by the hook", pid, pgid, sid)
	}
	selfSid, err := unix.Getsid(0)
	if err != nil {
		t.Fatal(err)
	}
	if sid == selfSid || pgid == syscall.Getpgrp() {
		t.Errorf("the hook shares the test's session %d or group %d", selfSid, syscall.Getpgrp())
	}
	var got struct{ TTY string }
	if err := json.Unmarshal(o.Stdout, &got); err != nil {
		t.Fatalf("stdout %q: %v", o.Stdout, err)
	}
	if got.TTY != "failed" {
		t.Errorf("/dev/tty = %s; want a failed open", got.TTY)
	}
}

// TestExecInterrupt simulates SIGINT to hookctl: ctx is cancelled while the hook runs.
func TestExecInterrupt(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		script string
	}{
		{name: "heeds SIGTERM", script: "grandchild.sh"},
		{name: "ignores SIGTERM", script: "ignoreterm.sh"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env, pidFile := withPidFile(t)
			// Interrupted once the hook is surely running (it recorded its child), not after a
			// fixed delay, which a loaded machine can spend before the script even starts.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				defer cancel()
				for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
					if b, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(b), "\n") {
						return
					}
				}
			}()
			o := runner.Exec(ctx, runner.Command{Argv: []string{execHook(tt.script)}, Env: env, Timeout: 30 * time.Second})
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if !o.Interrupted || o.TimedOut || o.ExitCode != -1 {
				t.Errorf("Interrupted, TimedOut, ExitCode = %v, %v, %d; want true, false, -1", o.Interrupted, o.TimedOut, o.ExitCode)
			}
			if o.Duration > 15*time.Second {
				t.Errorf("Duration = %v, want a prompt end after cancellation", o.Duration)
			}
			requireGone(t, readPid(t, pidFile))
		})
	}
}

// TestExecCancelledBeforeStart: once hookctl is interrupted, no further hook may start.
func TestExecCancelledBeforeStart(t *testing.T) {
	t.Parallel()
	marker := filepath.Join(t.TempDir(), "ran")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := runner.Exec(ctx, runner.Command{
		Argv:    []string{execHook("marker.sh")},
		Env:     append(os.Environ(), "MARKER="+marker),
		Timeout: 10 * time.Second,
	})
	if !o.Interrupted || o.StartErr != nil {
		t.Errorf("Interrupted, StartErr = %v, %v; want true, nil", o.Interrupted, o.StartErr)
	}
	time.Sleep(100 * time.Millisecond)
	if _, err := os.Stat(marker); err == nil {
		t.Error("the hook ran although ctx was cancelled before Exec")
	}
}

// TestExecEnvAndDir is not parallel: it sets an environment variable the hook inherits.
func TestExecEnvAndDir(t *testing.T) {
	t.Setenv("FOO", "inherited")
	wd, err := filepath.EvalSymlinks(".")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ = filepath.Abs(wd)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	hooksAbs := filepath.Dir(execHookAbs(t, "env.sh"))
	for _, tt := range []struct {
		name string
		prog string // absolute unless a case says otherwise
		env  []string
		dir  string
		want string
	}{
		{name: "hookctl's own", want: "inherited\n" + wd + "\n"},
		{name: "given", env: []string{"FOO=given", "PATH=" + os.Getenv("PATH")}, dir: dir, want: "given\n" + dir + "\n"},
		{name: "empty env", env: []string{}, want: "\n" + wd + "\n"},
		{name: "relative program in dir", prog: "./env.sh", dir: hooksAbs, want: "inherited\n" + hooksAbs + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog := tt.prog
			if prog == "" {
				prog = execHookAbs(t, "env.sh")
			}
			o := runner.Exec(context.Background(), runner.Command{Argv: []string{prog}, Env: tt.env, Dir: tt.dir, Timeout: 10 * time.Second})
			if o.StartErr != nil || o.ExitCode != 0 {
				t.Fatalf("StartErr, ExitCode = %v, %d; stderr %q", o.StartErr, o.ExitCode, o.Stderr)
			}
			if string(o.Stdout) != tt.want {
				t.Errorf("Stdout = %q, want %q", o.Stdout, tt.want)
			}
		})
	}
}

// TestExecParallel is not parallel with other tests, so that its timing is its own.
func TestExecParallel(t *testing.T) {
	const n = 8
	start := time.Now()
	outcomes := make([]runner.Outcome, n)
	var wg sync.WaitGroup
	for i := range outcomes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outcomes[i] = runner.Exec(context.Background(), runner.Command{Argv: []string{execHook("sleep.sh"), "0.3"}, Timeout: 10 * time.Second})
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	for i, o := range outcomes {
		if o.StartErr != nil || o.ExitCode != 0 || string(o.Stdout) != "{}\n" {
			t.Errorf("hook %d: StartErr, ExitCode, Stdout = %v, %d, %q", i, o.StartErr, o.ExitCode, o.Stdout)
		}
	}
	if elapsed > 2500*time.Millisecond {
		t.Errorf("%d hooks of 300ms took %v together, want about the time of one", n, elapsed)
	}
}

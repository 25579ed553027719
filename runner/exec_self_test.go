package runner_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookctl/hookctl/runner"
)

// The tests in this file run this test binary itself as the hook (selfHook), so they need no
// shell and run on every system: on Windows, and under Wine by make test-windows, they prove
// what the Job Object promises, as exec_unix_test.go's shell hooks do on Unix.

// selfHookEnv names what this test binary does when it is run as a hook.
const selfHookEnv = "HOOKCTL_TEST_SELF_HOOK"

func TestMain(m *testing.M) {
	if mode := os.Getenv(selfHookEnv); mode != "" {
		os.Exit(selfHook(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// selfHook is the hook's behaviour for mode:
//
//	cat               copy stdin to stdout
//	exit N            write "out N" and "err N", exit N
//	flood             write to stdout without end
//	stderr N          write N numbered bytes to stderr
//	tree PIDFILE [ignore]  start a grandchild that holds stdout and sleeps, write its pid to
//	                  PIDFILE, then sleep; with ignore, ignore Ctrl-C, Ctrl-Break and SIGTERM
//	sleep             sleep for an hour
func selfHook(mode string, args []string) int {
	switch mode {
	case "cat":
		_, _ = io.Copy(os.Stdout, os.Stdin)
	case "exit":
		fmt.Printf("out %s\n", args[0])
		fmt.Fprintf(os.Stderr, "err %s\n", args[0])
		n, _ := strconv.Atoi(args[0])
		return n
	case "flood":
		buf := bytes.Repeat([]byte("x"), 64<<10)
		for {
			if _, err := os.Stdout.Write(buf); err != nil {
				return 1
			}
		}
	case "stderr":
		n, _ := strconv.Atoi(args[0])
		_, _ = os.Stderr.Write(numbered(n))
	case "tree":
		if len(args) > 1 && args[1] == "ignore" {
			signal.Ignore(os.Interrupt, syscall.SIGTERM)
		}
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), selfHookEnv+"=sleep")
		child.Stdout = os.Stdout
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 3
		}
		if err := os.WriteFile(args[0], []byte(strconv.Itoa(child.Process.Pid)), 0o600); err != nil {
			return 3
		}
		time.Sleep(time.Hour)
	case "sleep":
		time.Sleep(time.Hour)
	default:
		return 99
	}
	return 0
}

// numbered is n bytes of decimal numbers, so that a tail of it shows where it was cut.
func numbered(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.Bytes()[:n]
}

// selfCommand is a Command that runs this test binary as the hook in mode.
func selfCommand(t *testing.T, mode string, args ...string) runner.Command {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return runner.Command{
		Argv:    append([]string{exe}, args...),
		Env:     append(os.Environ(), selfHookEnv+"="+mode),
		Timeout: 20 * time.Second,
	}
}

// requireEnded waits up to 5 s for the process pid to be gone.
func requireEnded(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !processAlive(pid) {
			return
		}
	}
	t.Errorf("process %d outlived its hook", pid)
}

func readPidFile(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the hook wrote no grandchild pid: %v", err)
	}
	pid, err := strconv.Atoi(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// TestExecSelfTimeoutEndsTree: at the timeout the hook and its grandchild, which holds the
// hook's stdout, both end, whether or not the hook heeds the polite request first.
func TestExecSelfTimeoutEndsTree(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		ignore bool
	}{{"heeds", false}, {"ignores the request to stop", true}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pidFile := filepath.Join(t.TempDir(), "pid")
			args := []string{pidFile}
			if tt.ignore {
				args = append(args, "ignore")
			}
			c := selfCommand(t, "tree", args...)
			c.Timeout = 2 * time.Second
			o := runner.Exec(context.Background(), c)
			if o.StartErr != nil {
				t.Fatalf("StartErr = %v", o.StartErr)
			}
			if !o.TimedOut || o.ExitCode != -1 || o.Signal == 0 {
				t.Errorf("TimedOut %v, ExitCode %d, Signal %v; want a timed-out hook ended by a signal", o.TimedOut, o.ExitCode, o.Signal)
			}
			if tt.ignore && o.Signal != syscall.SIGKILL {
				t.Errorf("Signal = %v, want %v for a hook that ignores the request", o.Signal, syscall.SIGKILL)
			}
			if o.Duration < 2*time.Second-50*time.Millisecond || o.Duration > 15*time.Second {
				t.Errorf("Duration = %v, want from 2s to well under 15s", o.Duration)
			}
			requireEnded(t, readPidFile(t, pidFile))
		})
	}
}

// TestExecSelfInterruptEndsTree: cancelling the context (hookctl interrupted) ends the tree.
func TestExecSelfInterruptEndsTree(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if b, _ := os.ReadFile(pidFile); len(b) > 0 {
				break
			}
		}
		cancel()
	}()
	o := runner.Exec(ctx, selfCommand(t, "tree", pidFile, "ignore"))
	if !o.Interrupted || o.TimedOut || o.Signal != syscall.SIGKILL {
		t.Errorf("Interrupted %v, TimedOut %v, Signal %v; want interrupted, killed", o.Interrupted, o.TimedOut, o.Signal)
	}
	requireEnded(t, readPidFile(t, pidFile))
}

func TestExecSelfExitStatus(t *testing.T) {
	t.Parallel()
	for _, code := range []int{0, 1, 2, 7} {
		t.Run(strconv.Itoa(code), func(t *testing.T) {
			t.Parallel()
			o := runner.Exec(context.Background(), selfCommand(t, "exit", strconv.Itoa(code)))
			out := strings.ReplaceAll(string(o.Stdout), "\r\n", "\n")
			errOut := strings.ReplaceAll(string(o.Stderr), "\r\n", "\n")
			if o.StartErr != nil || o.ExitCode != code || o.Signal != 0 ||
				out != fmt.Sprintf("out %d\n", code) || errOut != fmt.Sprintf("err %d\n", code) {
				t.Errorf("outcome %+v, want exit %d with its output", o, code)
			}
		})
	}
}

// TestExecSelfLargePayload: a payload far larger than a pipe's buffer reaches the hook whole.
func TestExecSelfLargePayload(t *testing.T) {
	t.Parallel()
	c := selfCommand(t, "cat")
	c.Stdin = numbered(runner.MaxStdout - 1)
	o := runner.Exec(context.Background(), c)
	if o.StartErr != nil || o.ExitCode != 0 || o.StdoutTruncated || !bytes.Equal(o.Stdout, c.Stdin) {
		t.Fatalf("exit %d, truncated %v, %d bytes back of %d (StartErr %v)",
			o.ExitCode, o.StdoutTruncated, len(o.Stdout), len(c.Stdin), o.StartErr)
	}
}

// TestExecSelfStdoutCap: a hook that writes without end is cut at MaxStdout and killed.
func TestExecSelfStdoutCap(t *testing.T) {
	t.Parallel()
	o := runner.Exec(context.Background(), selfCommand(t, "flood"))
	if !o.StdoutTruncated || len(o.Stdout) != runner.MaxStdout || o.Signal != syscall.SIGKILL || o.TimedOut {
		t.Fatalf("truncated %v, %d bytes, signal %v, timed out %v; want cut at %d and killed",
			o.StdoutTruncated, len(o.Stdout), o.Signal, o.TimedOut, runner.MaxStdout)
	}
}

// TestExecSelfStderrTail: of a long stderr, the last StderrTail bytes are kept.
func TestExecSelfStderrTail(t *testing.T) {
	t.Parallel()
	n := 3*runner.StderrTail + 17
	o := runner.Exec(context.Background(), selfCommand(t, "stderr", strconv.Itoa(n)))
	want := numbered(n)[n-runner.StderrTail:]
	if o.ExitCode != 0 || !bytes.Equal(o.Stderr, want) {
		t.Fatalf("exit %d, stderr %d bytes ending %q; want the last %d bytes", o.ExitCode, len(o.Stderr),
			o.Stderr[max(0, len(o.Stderr)-20):], runner.StderrTail)
	}
}

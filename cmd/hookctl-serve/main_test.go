package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// TestMain lets the tests run this test binary as hookctl-serve, a real process of its own.
func TestMain(m *testing.M) {
	if os.Getenv("HOOKCTL_SERVE_TEST_MAIN") == "1" {
		os.Exit(Main())
	}
	os.Exit(m.Run())
}

// start runs hookctl-serve with args in a home whose config is configYAML, every hook approved.
func start(t *testing.T, configYAML string, scripts map[string]string, args ...string) (string, *exec.Cmd, *strings.Builder) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cfgPath := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfgPath, []byte(configYAML), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(cfgPath, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := consent.NewStore(filepath.Join(dir, "allowlist.json")).Approve(cfg.Hooks...); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HOOKCTL_SERVE_TEST_MAIN=1", "HOOKCTL_HOME="+dir)
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return dir, cmd, stderr
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for start := time.Now(); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 60*time.Second {
			t.Fatalf("%s: not within 60 s", what)
		}
	}
}

// callSlowHook sends pre_llm_call on the server's socket, once it is there, and returns the
// connection once the hook has written its pid (so it is running).
func callSlowHook(t *testing.T, dir, sock string) net.Conn {
	t.Helper()
	waitFor(t, "the socket", func() bool { _, err := os.Stat(sock); return err == nil })
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	io.WriteString(conn, `{"jsonrpc":"2.0","method":"pre_llm_call","id":1}`+"\n")
	waitFor(t, "the hook", func() bool { _, err := os.Stat(filepath.Join(dir, "pid")); return err == nil })
	return conn
}

// unixStop skips a test of the stop by SIGTERM on Windows, which has no SIGTERM to send
// (os.Process.Signal supports only Kill there): the server stops at Ctrl-C or Ctrl-Break,
// which reach only a process sharing the sender's console.
func unixStop(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no SIGTERM; the server's Ctrl-C and Ctrl-Break stop is not tested here")
	}
}

// TestSIGTERMFinishesInFlight: at SIGTERM the server stops accepting, answers the request in
// flight once its hook is done, leaves no hook process, removes its socket and exits 0.
func TestSIGTERMFinishesInFlight(t *testing.T) {
	unixStop(t)
	slow := "#!/bin/sh\ncat >/dev/null\necho $$ > \"$HOOKCTL_HOME/pid\"\nsleep 1\necho '{\"context\":\"finished\"}'\n"
	dir, cmd, stderr := start(t, "hooks:\n  pre_llm_call:\n    - command: ./slow.sh\n", map[string]string{"slow.sh": slow}, "serve")
	sock := filepath.Join(dir, "hookctl.sock")
	conn := callSlowHook(t, dir, sock)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(60 * time.Second))
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.Contains(line, `"context":"finished"`) {
		t.Errorf("the in-flight request got %q (%v)", line, err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit: %v\n%s", err, stderr)
	}
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Errorf("the socket is left: %v", err)
	}
	if _, err := net.Dial("unix", sock); err == nil {
		t.Error("a connection was accepted after the stop")
	}
	pid, _ := os.ReadFile(filepath.Join(dir, "pid"))
	if running(strings.TrimSpace(string(pid))) {
		t.Errorf("hook process %s is left", pid)
	}
}

// TestTCPToken: on TCP the server wants the token file's content as a bearer token.
func TestTCPToken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	tokenFile := filepath.Join(t.TempDir(), "token")
	f, err := createTokenFile(tokenFile) // its owner's alone (on Windows, by its access list)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("s3cret\n")
	f.Close()
	start(t, "hooks: {}\n", nil, "serve", "--listen", addr, "--token-file", tokenFile)
	url := "http://" + addr + "/hooks"
	var resp *http.Response
	waitFor(t, "the server", func() bool {
		resp, err = http.Post(url, "application/json", strings.NewReader(`{}`))
		return err == nil
	})
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: %d", resp.StatusCode)
	}
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","method":"hookctl.ping","id":1}`))
	req.Header.Set("Authorization", "Bearer s3cret")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(out), `"result":"pong"`) {
		t.Errorf("with the token: %d %s", resp.StatusCode, out)
	}
}

// TestTerminalSafe: serve's warnings are escaped as hookctl's are: bidirectional-text marks
// and line separators included, control characters written as Go escapes.
func TestTerminalSafe(t *testing.T) {
	for in, want := range map[string]string{
		"ok\tfine":          `ok\tfine`,
		"a\rb\x1b[2K":       `a\rb\x1b[2K`,
		"\u202eevil":        `\u202eevil`,
		"\u061cmark":        `\u061cmark`,
		"ls\u2028sep":       `ls\u2028sep`,
		"bad \xff byte":     `bad \xff byte`,
		"kept \uFFFD as is": "kept \uFFFD as is",
	} {
		if got := terminalSafe(in); got != want {
			t.Errorf("terminalSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSecondSignalInterrupts: a second SIGTERM does not wait for a hook's timeout: the hook's
// group is ended, its request answered, and the server exits 0.
func TestSecondSignalInterrupts(t *testing.T) {
	unixStop(t)
	slow := "#!/bin/sh\ncat >/dev/null\nsleep 60 &\necho $! > \"$HOOKCTL_HOME/child\"\necho $$ > \"$HOOKCTL_HOME/pid\"\nwait\n"
	dir, cmd, stderr := start(t, "hooks:\n  pre_llm_call:\n    - command: ./slow.sh\n      timeout: 120\n", map[string]string{"slow.sh": slow}, "serve")
	sock := filepath.Join(dir, "hookctl.sock")
	conn := callSlowHook(t, dir, sock)
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	// The first signal was handled once the server stopped accepting (its socket is gone): only
	// then is the second one a second, not one the kernel merged with the first.
	waitFor(t, "the socket to go", func() bool { _, err := os.Stat(sock); return os.IsNotExist(err) })
	cmd.Process.Signal(syscall.SIGTERM)
	conn.SetReadDeadline(time.Now().Add(60 * time.Second))
	line, _ := bufio.NewReader(conn).ReadString('\n')
	if !strings.Contains(line, `"status":"error"`) || !strings.Contains(line, "interrupted") {
		t.Errorf("the interrupted request got %q", line)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit: %v\n%s", err, stderr)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("took %v: the hook's timeout was waited for", d)
	}
	for _, f := range []string{"pid", "child"} {
		pid, _ := os.ReadFile(filepath.Join(dir, f))
		if running(strings.TrimSpace(string(pid))) {
			t.Errorf("hook process %s (%s) is left", strings.TrimSpace(string(pid)), f)
		}
	}
}

// running reports whether the process is alive: a zombie that a container's init has not
// reaped yet counts as gone. A process is given a second to die after its kill.
func running(pid string) bool {
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(50 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil {
			return false
		}
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && len(stat) > i+2 && (stat[i+2] == 'Z' || stat[i+2] == 'X') {
			return false
		}
	}
	return true
}

// TestStopLeavesAReplacedSocket: a stopping server removes its socket only while the path is
// still the socket it created; a file or socket another process put there meanwhile is left.
func TestStopLeavesAReplacedSocket(t *testing.T) {
	unixStop(t)
	for _, replacement := range []string{"file", "socket"} {
		t.Run(replacement, func(t *testing.T) {
			dir, cmd, stderr := start(t, "hooks: {}\n", nil, "serve")
			sock := filepath.Join(dir, "hookctl.sock")
			waitFor(t, "the socket", func() bool { _, err := os.Stat(sock); return err == nil })
			tmp := filepath.Join(dir, "other")
			if replacement == "file" {
				if err := os.WriteFile(tmp, []byte("someone else's\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			} else {
				ln, err := net.Listen("unix", tmp)
				if err != nil {
					t.Fatal(err)
				}
				ln.(*net.UnixListener).SetUnlinkOnClose(false)
				defer ln.Close()
			}
			before, err := os.Lstat(tmp)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, sock); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Errorf("exit: %v\n%s", err, stderr)
			}
			after, err := os.Lstat(sock)
			if err != nil || !os.SameFile(before, after) {
				t.Errorf("the %s put in the socket's place was removed: %v", replacement, err)
			}
		})
	}
}

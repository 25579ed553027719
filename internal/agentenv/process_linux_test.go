package agentenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestReadProcessAncestor: a real process started by a script named claude has an ancestor
// that is Claude Code, read from /proc: the script's comm is its file's name.
func TestReadProcessAncestor(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "claude")
	pidFile := filepath.Join(dir, "pid")
	// The trailing exit keeps the shell from exec'ing its last command: the script stays the
	// child's parent.
	body := "#!/bin/sh\nsh -c 'echo $$ >\"$1\"; sleep 30' x \"$1\"\nexit 0\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, pidFile)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var pid int
	for deadline := time.Now().Add(10 * time.Second); pid == 0; {
		data, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
		if pid == 0 && time.Now().After(deadline) {
			t.Fatal("the child never wrote its pid")
		}
		time.Sleep(10 * time.Millisecond)
	}
	signs := Detect(env(), ReadProcess, pid)
	want := Sign{Kind: Ancestor, Name: "claude", Agent: "claude-code", PID: cmd.Process.Pid}
	if len(signs) == 0 || signs[0] != want {
		t.Fatalf("signs %+v, want first %+v", signs, want)
	}
	p, err := ReadProcess(pid)
	if err != nil || p.PPID != cmd.Process.Pid || p.Comm == "" || len(p.Args) == 0 {
		t.Errorf("ReadProcess(%d) = %+v, %v; want the parent %d, a comm and arguments", pid, p, err, cmd.Process.Pid)
	}
}

func TestReadProcessGone(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadProcess(cmd.Process.Pid); err == nil {
		t.Error("a process that exited was read")
	}
}

func TestParseStat(t *testing.T) {
	tests := []struct {
		stat string
		want Process
		bad  bool
	}{
		{stat: "42 (claude) S 7 42 42 0 -1", want: Process{PID: 42, PPID: 7, Comm: "claude"}},
		{stat: "42 (a) b (c) R 9 1 1", want: Process{PID: 42, PPID: 9, Comm: "a) b (c"}},
		{stat: "42 (x y) S 1 1 1\n", want: Process{PID: 42, PPID: 1, Comm: "x y"}},
		{stat: "42 claude S 7", bad: true},
		{stat: "42 (claude) S", bad: true},
		{stat: "x (claude) S 7", bad: true},
	}
	for _, tt := range tests {
		got, err := parseStat([]byte(tt.stat))
		if (err != nil) != tt.bad || !tt.bad && (got.PID != tt.want.PID || got.PPID != tt.want.PPID || got.Comm != tt.want.Comm) {
			t.Errorf("parseStat(%q) = %+v, %v; want %+v (error %v)", tt.stat, got, err, tt.want, tt.bad)
		}
	}
}

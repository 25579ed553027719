package consent

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
)

var fixedNow = time.Date(2025, 6, 7, 8, 9, 10, 999, time.FixedZone("X", -3600))

func newTestStore(t *testing.T) *Store {
	t.Helper()
	s := NewStore(filepath.Join(t.TempDir(), "home", "allowlist.json"))
	s.Now = func() time.Time { return fixedNow }
	return s
}

func mustApprove(t *testing.T, s *Store, hooks ...config.Hook) {
	t.Helper()
	if _, err := s.Approve(hooks...); err != nil {
		t.Fatal(err)
	}
}

// pairs lists the allowlist's (event, command) pairs as "event command".
func pairs(t *testing.T, s *Store) []string {
	t.Helper()
	a, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ap := range a.Approvals {
		out = append(out, ap.Event+" "+ap.Command)
	}
	return out
}

func TestLoadMissing(t *testing.T) {
	s := newTestStore(t)
	a, err := s.Load()
	if err != nil || a == nil || len(a.Approvals) != 0 {
		t.Fatalf("Load of a missing file = %+v, %v; want empty, nil", a, err)
	}
	if _, err := os.Stat(filepath.Dir(s.Path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load created the folder (stat error %v)", err)
	}
}

func TestLoadFolder(t *testing.T) {
	s := NewStore(t.TempDir())
	if _, err := s.Load(); err == nil || !strings.Contains(err.Error(), s.Path) {
		t.Errorf("Load of a folder error = %v, want one naming %s", err, s.Path)
	}
}

func TestApprove(t *testing.T) {
	s := newTestStore(t)
	script := writeScript(t, t.TempDir(), "guard.sh", "hello")
	pinned := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", Matcher: "terminal", Script: script}
	plain := config.Hook{Event: "on_session_start", Command: "notify-send hi"}

	got, err := s.Approve(pinned, plain)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2025, 6, 7, 9, 9, 10, 0, time.UTC)
	if len(got) != 2 || got[0].Command != plain.Command || got[1].Command != pinned.Command {
		t.Fatalf("Approve returned %+v", got)
	}
	if !got[0].ApprovedAt.Equal(at) || got[0].ApprovedAt.Location() != time.UTC {
		t.Errorf("approved_at = %v, want %v in UTC", got[0].ApprovedAt, at)
	}
	if got[0].Script != nil {
		t.Errorf("unpinned hook got a pin %+v", got[0].Script)
	}
	if p := got[1].Script; p == nil || p.Path != script || p.SHA256 != sumA || p.Size != 5 {
		t.Errorf("pin = %+v", p)
	}
	if got[1].Matcher != "terminal" {
		t.Errorf("matcher = %q", got[1].Matcher)
	}

	a, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c := a.Check(pinned); c.Status != StatusApproved || c.Reason != "" {
		t.Errorf("Check after Approve = %+v", c)
	}
	data, err := os.ReadFile(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, a.Encode()) {
		t.Errorf("file is not in Encode form:\n%s", data)
	}
	if !bytes.Contains(data, []byte(`"approved_at": "2025-06-07T09:09:10Z"`)) {
		t.Errorf("file lacks the UTC approval time:\n%s", data)
	}

	// Approving again replaces the approval: new matcher, new time, one entry.
	s.Now = func() time.Time { return fixedNow.Add(time.Hour) }
	pinned.Matcher = "*"
	mustApprove(t, s, pinned)
	a, err = s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Approvals) != 2 {
		t.Fatalf("approvals after re-approval = %+v", a.Approvals)
	}
	if ap := a.Approvals[1]; ap.Matcher != "*" || !ap.ApprovedAt.Equal(at.Add(time.Hour)) {
		t.Errorf("re-approval = %+v", ap)
	}
}

func TestApproveRefusesBadHooks(t *testing.T) {
	s := newTestStore(t)
	tests := []struct {
		name string
		hook config.Hook
		msg  string
	}{
		{"no event", config.Hook{Command: "c"}, "must not be empty"},
		{"no command", config.Hook{Event: "e"}, "must not be empty"},
		{"missing script", config.Hook{Event: "e", Command: "./gone.sh", Script: "/nonexistent/gone.sh"}, "/nonexistent/gone.sh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok := config.Hook{Event: "e", Command: "fine"}
			if _, err := s.Approve(ok, tt.hook); err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Approve error = %v, want one containing %q", err, tt.msg)
			}
			if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused approval wrote the file (stat error %v)", err)
			}
		})
	}
}

func TestRevoke(t *testing.T) {
	hooks := []config.Hook{
		{Event: "pre_tool_call", Command: "guard"},
		{Event: "post_tool_call", Command: "guard"},
		{Event: "pre_tool_call", Command: "other"},
	}
	tests := []struct {
		name, command, event string
		removed              int
		left                 []string
	}{
		{"every event", "guard", "", 2, []string{"pre_tool_call other"}},
		{"one event", "guard", "post_tool_call", 1, []string{"pre_tool_call guard", "pre_tool_call other"}},
		{"unknown command", "nope", "", 0, []string{"post_tool_call guard", "pre_tool_call guard", "pre_tool_call other"}},
		{"command of another event", "other", "post_tool_call", 0, []string{"post_tool_call guard", "pre_tool_call guard", "pre_tool_call other"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			mustApprove(t, s, hooks...)
			before, err := os.ReadFile(s.Path)
			if err != nil {
				t.Fatal(err)
			}
			n, err := s.Revoke(tt.command, tt.event)
			if err != nil {
				t.Fatal(err)
			}
			if n != tt.removed {
				t.Errorf("Revoke removed %d, want %d", n, tt.removed)
			}
			if got := pairs(t, s); fmt.Sprint(got) != fmt.Sprint(tt.left) {
				t.Errorf("left %q, want %q", got, tt.left)
			}
			if after, _ := os.ReadFile(s.Path); n == 0 && !bytes.Equal(before, after) {
				t.Errorf("Revoke of nothing changed the file")
			}
		})
	}
	t.Run("missing file", func(t *testing.T) {
		s := newTestStore(t)
		if n, err := s.Revoke("guard", ""); n != 0 || err != nil {
			t.Errorf("Revoke = %d, %v; want 0, nil", n, err)
		}
		if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("Revoke of nothing created the file (stat error %v)", err)
		}
	})
}

func TestModes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes are Unix's: TestApprovePrivateWindows checks the access lists")
	}
	s := newTestStore(t)
	mustApprove(t, s, config.Hook{Event: "e", Command: "c"})
	mode, err := s.Mode()
	if err != nil {
		t.Fatal(err)
	}
	if mode != 0o600 {
		t.Errorf("allowlist mode = %v, want 0600", mode)
	}
	for path, want := range map[string]os.FileMode{filepath.Dir(s.Path): 0o700, s.Path + ".lock": 0o600} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s mode = %v, want %v", path, fi.Mode().Perm(), want)
		}
	}
	// Temporary files do not survive a write.
	entries, _ := os.ReadDir(filepath.Dir(s.Path))
	if len(entries) != 2 {
		t.Errorf("folder holds %d entries, want the allowlist and its lock: %v", len(entries), entries)
	}

	// An existing folder keeps its mode: it may be shared on purpose.
	shared := t.TempDir()
	if err := os.Chmod(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	s2 := NewStore(filepath.Join(shared, "allowlist.json"))
	mustApprove(t, s2, config.Hook{Event: "e", Command: "c"})
	if fi, _ := os.Stat(shared); fi.Mode().Perm() != 0o755 {
		t.Errorf("existing folder mode changed to %v", fi.Mode().Perm())
	}
	if m, err := s2.Mode(); err != nil || m != 0o600 {
		t.Errorf("Mode = %v, %v; want 0600", m, err)
	}

	if _, err := NewStore(filepath.Join(shared, "missing.json")).Mode(); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Mode of a missing file error = %v", err)
	}
}

func TestCorruptFileIsNeverWritten(t *testing.T) {
	tests := []struct {
		name, content string
	}{
		{"garbage", "this is not json\x00\xff"},
		{"unknown version", `{"version":2,"approvals":[]}`},
		{"truncated", `{"version":1,"approvals":[{"event":"pre_tool_call","comm`},
		{"empty", ""},
		{"json array", `[]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.Path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Load(); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), s.Path) {
				t.Errorf("Load error = %v, want ErrCorrupt naming the file", err)
			}
			if _, err := s.Approve(config.Hook{Event: "pre_tool_call", Command: "c"}); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), s.Path) {
				t.Errorf("Approve error = %v, want ErrCorrupt naming the file", err)
			}
			if _, err := s.Revoke("c", ""); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), s.Path) {
				t.Errorf("Revoke error = %v, want ErrCorrupt naming the file", err)
			}
			got, err := os.ReadFile(s.Path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.content {
				t.Errorf("file changed to %q", got)
			}
		})
	}
}

func TestUnreadableFileIsNeverWritten(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("chmod 0 does not take reading away on Windows")
	}
	if os.Geteuid() == 0 {
		t.Skip("root reads files whatever their mode")
	}
	s := newTestStore(t)
	mustApprove(t, s, config.Hook{Event: "e", Command: "c"})
	if err := os.Chmod(s.Path, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Approve(config.Hook{Event: "e", Command: "d"}); err == nil || !strings.Contains(err.Error(), s.Path) {
		t.Errorf("Approve error = %v, want one naming the file", err)
	}
	if err := os.Chmod(s.Path, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := pairs(t, s); len(got) != 1 {
		t.Errorf("approvals = %q, want only the first", got)
	}
}

func TestApproveConcurrentGoroutines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "home", "allowlist.json")
	const n = 32
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			<-start
			// A Store per goroutine, as separate callers would have; each opens the lock file.
			_, err := NewStore(path).Approve(config.Hook{Event: "pre_tool_call", Command: fmt.Sprintf("hook-%02d", i)})
			errs <- err
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if got := pairs(t, NewStore(path)); len(got) != n {
		t.Errorf("%d approvals survived, want %d: %q", len(got), n, got)
	}
}

const (
	helperEnv     = "HOOKCTL_TEST_APPROVE_HELPER"
	helperPathEnv = "HOOKCTL_TEST_ALLOWLIST"
	helperCmdEnv  = "HOOKCTL_TEST_COMMAND"
	helperGoEnv   = "HOOKCTL_TEST_GO_FILE"
)

// TestApproveHelperProcess is not a test: TestApproveConcurrentProcesses runs the test binary
// again with helperEnv set, and this approves one hook from that separate process.
func TestApproveHelperProcess(t *testing.T) {
	if os.Getenv(helperEnv) != "1" {
		t.Skip("helper process for TestApproveConcurrentProcesses")
	}
	// Wait for the starting signal so that every process approves at about the same moment.
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(os.Getenv(helperGoEnv)); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no start signal")
		}
		time.Sleep(time.Millisecond)
	}
	h := config.Hook{Event: "pre_tool_call", Command: os.Getenv(helperCmdEnv)}
	if _, err := NewStore(os.Getenv(helperPathEnv)).Approve(h); err != nil {
		t.Fatal(err)
	}
}

func TestApproveConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 20 processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "home", "allowlist.json")
	goFile := filepath.Join(dir, "go")
	const n = 20
	cmds := make([]*exec.Cmd, n)
	outs := make([]*bytes.Buffer, n)
	for i := range n {
		cmd := exec.Command(os.Args[0], "-test.run=^TestApproveHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(),
			helperEnv+"=1",
			helperPathEnv+"="+path,
			helperCmdEnv+"="+fmt.Sprintf("proc-%02d", i),
			helperGoEnv+"="+goFile,
		)
		outs[i] = new(bytes.Buffer)
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = cmd
	}
	if err := os.WriteFile(goFile, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("helper %d: %v\n%s", i, err, outs[i])
		}
	}
	got := pairs(t, NewStore(path))
	if len(got) != n {
		t.Errorf("%d approvals survived, want %d: %q", len(got), n, got)
	}
}

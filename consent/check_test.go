package consent

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
)

// writeScript writes a script file and returns its path.
func writeScript(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPinScript(t *testing.T) {
	dir := t.TempDir()
	p := writeScript(t, dir, "hello.sh", "hello")
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	pin, err := PinScript(p)
	if err != nil {
		t.Fatal(err)
	}
	want := ScriptPin{Path: p, SHA256: sumA, Size: 5, Mtime: mtime}
	if *pin != want {
		t.Errorf("PinScript = %+v, want %+v", *pin, want)
	}
	if pin.Mtime.Location() != time.UTC {
		t.Errorf("mtime location = %v, want UTC", pin.Mtime.Location())
	}
	for _, bad := range []string{filepath.Join(dir, "missing.sh"), dir} {
		if _, err := PinScript(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("PinScript(%s) error = %v, want one naming the path", bad, err)
		}
	}
}

func TestCheck(t *testing.T) {
	approvedAt := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		// setup writes the scene: it returns the hook as configured now and the allowlist.
		setup                                func(t *testing.T, dir string) (config.Hook, *Allowlist)
		status                               Status
		content, mtime, matcher, wantCurrent bool
		reason                               string
	}{
		{
			name: "approved pinned",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				return approvedScript(t, dir, "echo hi\n", approvedAt)
			},
			status: StatusApproved, wantCurrent: true,
		},
		{
			name: "approved unpinned",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h := config.Hook{Event: "pre_tool_call", Command: "my-hook", Matcher: "terminal"}
				return h, &Allowlist{Approvals: []Approval{{Event: h.Event, Command: h.Command, Matcher: "terminal", ApprovedAt: approvedAt}}}
			},
			status: StatusApproved,
		},
		{
			name: "not approved",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				h.Event = "post_tool_call"
				return h, a
			},
			status: StatusNotApproved, wantCurrent: true, reason: "not approved",
		},
		{
			name: "nil allowlist approves nothing",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				return config.Hook{Event: "e", Command: "c"}, nil
			},
			status: StatusNotApproved, reason: "not approved",
		},
		{
			name: "script edited",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				writeScript(t, dir, "hook.sh", "rm -rf ~\n")
				return h, a
			},
			status: StatusChanged, content: true, mtime: true, wantCurrent: true,
			reason: "changed since approval: content differs (sha256 ",
		},
		{
			name: "script edited keeping size and mtime",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				writeScript(t, dir, "hook.sh", "echo ho\n")
				mt := a.Approvals[0].Script.Mtime
				if err := os.Chtimes(h.Script, mt, mt); err != nil {
					t.Fatal(err)
				}
				return h, a
			},
			status: StatusChanged, content: true, wantCurrent: true,
			reason: "changed since approval: content differs",
		},
		{
			name: "script deleted",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				if err := os.Remove(h.Script); err != nil {
					t.Fatal(err)
				}
				return h, a
			},
			status: StatusChanged, content: true,
			reason: "script DIR/hook.sh is missing since approval",
		},
		{
			name: "script replaced by a folder",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				if err := os.Remove(h.Script); err != nil {
					t.Fatal(err)
				}
				if err := os.Mkdir(h.Script, 0o700); err != nil {
					t.Fatal(err)
				}
				return h, a
			},
			status: StatusChanged, content: true,
			reason: "changed since approval: script cannot be read",
		},
		{
			name: "touched",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				later := time.Now().Add(time.Hour)
				if err := os.Chtimes(h.Script, later, later); err != nil {
					t.Fatal(err)
				}
				return h, a
			},
			status: StatusApproved, mtime: true, wantCurrent: true,
			reason: "mtime changed since approval, content unchanged",
		},
		{
			name: "matcher changed",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				h.Matcher = "*"
				return h, a
			},
			status: StatusApproved, matcher: true, wantCurrent: true,
			reason: `matcher changed since approval (approved "terminal", now "*")`,
		},
		{
			name: "approved unpinned, now pinned",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				a.Approvals[0].Script = nil
				return h, a
			},
			status: StatusChanged, content: true, wantCurrent: true,
			reason: "changed since approval: script DIR/hook.sh was not pinned when approved",
		},
		{
			name: "approved pinned, now found on PATH",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				h.Script = ""
				return h, a
			},
			// What runs now is not the pinned file: the approval does not cover it.
			status: StatusChanged, content: true,
			reason: "changed since approval: approved with script DIR/hook.sh pinned, now runs a program found on PATH",
		},
		{
			name: "script path differs",
			setup: func(t *testing.T, dir string) (config.Hook, *Allowlist) {
				h, a := approvedScript(t, dir, "echo hi\n", approvedAt)
				other := writeScript(t, dir, "other.sh", "echo hi\n")
				a.Approvals[0].Script.Path = other
				return h, a
			},
			status: StatusChanged, content: true, wantCurrent: true,
			reason: "changed since approval: script path differs (approved DIR/other.sh, now DIR/hook.sh)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			h, a := tt.setup(t, dir)
			c := a.Check(h)
			if c.Status != tt.status {
				t.Errorf("Status = %q, want %q (reason %q)", c.Status, tt.status, c.Reason)
			}
			if c.ContentChanged != tt.content || c.MtimeChanged != tt.mtime || c.MatcherChanged != tt.matcher {
				t.Errorf("changed content/mtime/matcher = %v/%v/%v, want %v/%v/%v",
					c.ContentChanged, c.MtimeChanged, c.MatcherChanged, tt.content, tt.mtime, tt.matcher)
			}
			if (c.Current != nil) != tt.wantCurrent {
				t.Errorf("Current = %+v, want present: %v", c.Current, tt.wantCurrent)
			}
			if (c.Approval == nil) != (tt.status == StatusNotApproved) {
				t.Errorf("Approval = %+v with status %q", c.Approval, c.Status)
			}
			reason := strings.ReplaceAll(c.Reason, dir+string(filepath.Separator), "DIR/")
			if tt.reason == "" && reason != "" || !strings.HasPrefix(reason, tt.reason) {
				t.Errorf("Reason = %q, want prefix %q", reason, tt.reason)
			}
		})
	}
}

// approvedScript writes DIR/hook.sh and returns its hook with an allowlist approving it as
// it is now.
func approvedScript(t *testing.T, dir, content string, at time.Time) (config.Hook, *Allowlist) {
	t.Helper()
	p := writeScript(t, dir, "hook.sh", content)
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	pin, err := PinScript(p)
	if err != nil {
		t.Fatal(err)
	}
	h := config.Hook{Event: "pre_tool_call", Command: "./hook.sh", Matcher: "terminal", Script: p}
	return h, &Allowlist{Approvals: []Approval{{Event: h.Event, Command: h.Command, Matcher: h.Matcher, ApprovedAt: at, Script: pin}}}
}

// TestPinFarFutureMtime: a file system may report an mtime past year 9999; the approval must
// still be written in a form hookctl reads back, or every approval would be lost.
func TestPinFarFutureMtime(t *testing.T) {
	future := time.Unix(300000000000, 0) // year 11476
	var dir, p string
	// Not every file system keeps such a time: tmpfs does, so /dev/shm is tried too.
	for _, parent := range []string{t.TempDir(), "/dev/shm"} {
		d, err := os.MkdirTemp(parent, "future")
		if err != nil {
			continue
		}
		t.Cleanup(func() { os.RemoveAll(d) })
		f := writeScript(t, d, "future.sh", "#!/bin/sh\n")
		// os.Chtimes goes through UnixNano, which cannot hold this year: set it directly.
		ts := syscall.Timespec{Sec: future.Unix()}
		if syscall.UtimesNano(f, []syscall.Timespec{ts, ts}) != nil {
			continue
		}
		if fi, err := os.Stat(f); err == nil && fi.ModTime().Year() > 9999 {
			dir, p = d, f
			break
		}
	}
	if p == "" {
		t.Skip("no file system here keeps an mtime past year 9999")
	}
	s := NewStore(filepath.Join(dir, "allowlist.json"))
	h := config.Hook{Event: "pre_tool_call", Command: "./future.sh", Script: p}
	if _, err := s.Approve(h); err != nil {
		t.Fatal(err)
	}
	list, err := s.Load()
	if err != nil {
		t.Fatalf("the allowlist hookctl wrote does not load: %v", err)
	}
	if c := list.Check(h); c.Status != StatusApproved {
		t.Errorf("status %s (%s)", c.Status, c.Reason)
	}
}

// TestDecodeOwnsItsStrings: Decode's result does not change when the caller reuses its buffer.
func TestDecodeOwnsItsStrings(t *testing.T) {
	data := []byte(`{"version":1,"approvals":[{"event":"pre_tool_call","command":"./guard.sh"}]}`)
	a, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = 'X'
	}
	if ap := a.Approvals[0]; ap.Event != "pre_tool_call" || ap.Command != "./guard.sh" {
		t.Errorf("decoded strings changed with the buffer: %+v", ap)
	}
}

// TestPinnedApprovalDoesNotCoverPATHProgram is the attack of a command whose $VAR named a
// script when it was approved (pinned) and now names a program found on PATH, which no pin
// covers: the approval must not carry over.
func TestPinnedApprovalDoesNotCoverPATHProgram(t *testing.T) {
	dir := t.TempDir()
	writeScript(t, dir, "guard.sh", "#!/bin/sh\necho {}\n")
	bin := t.TempDir()
	program := "guard"
	if runtime.GOOS == "windows" {
		program += ".exe" // found on PATH through PATHEXT
	}
	writeScript(t, bin, program, "#!/bin/sh\necho '{\"decision\":\"approve\"}'\n")
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	parse := func(guard string) config.Hook {
		env := func(name string) (string, bool) {
			if name == "GUARD" {
				return guard, true
			}
			return os.LookupEnv(name)
		}
		c := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: $GUARD --check\n"), config.Options{LookupEnv: env})
		if len(c.Hooks) != 1 {
			t.Fatalf("problems %v", c.Problems)
		}
		return c.Hooks[0]
	}
	s := newTestStore(t)
	approved := parse("./guard.sh")
	if !approved.Pinned() {
		t.Fatalf("hook %+v not pinned", approved)
	}
	mustApprove(t, s, approved)
	list, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c := list.Check(approved); c.Status != StatusApproved {
		t.Fatalf("approved hook: %s (%s)", c.Status, c.Reason)
	}
	now := parse("guard")
	if now.Pinned() || now.Command != approved.Command {
		t.Fatalf("hook %+v: want the same command, not pinned", now)
	}
	c := list.Check(now)
	if c.Status != StatusChanged || !strings.Contains(c.Reason, filepath.Join(bin, program)) {
		t.Errorf("PATH program under a pinned approval: %s (%s), want changed, naming what runs now", c.Status, c.Reason)
	}
	g := &Gate{Store: s}
	if got := g.Decide(context.Background(), now, ReadScript(now)); got == StatusApproved {
		t.Errorf("Decide = %s: the PATH program would run under the script's approval", got)
	}
}

// TestPinModeIsPartOfTheApproval: how the pinned script runs (by its path, or as the held file
// with pin: exec) is recorded with the approval, and a change of it makes the hook changed.
func TestPinModeIsPartOfTheApproval(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(filepath.Join(dir, "allowlist.json"))
	h := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", Script: writeScript(t, dir, "guard.sh", "#!/bin/sh\n")}
	exec := h
	exec.PinExec = true
	for _, tt := range []struct {
		approved, now config.Hook
		reason        string
	}{
		{h, exec, "pin differs (approved path, now exec)"},
		{exec, h, "pin differs (approved exec, now path)"},
		{exec, exec, ""},
	} {
		if _, err := s.Approve(tt.approved); err != nil {
			t.Fatal(err)
		}
		list, err := s.Load()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := list.Approvals[0].Pin, pinOf(tt.approved); got != want {
			t.Errorf("recorded pin %q, want %q", got, want)
		}
		c := list.Check(tt.now)
		if tt.reason == "" {
			if c.Status != StatusApproved {
				t.Errorf("same pin: status %s (%s)", c.Status, c.Reason)
			}
			continue
		}
		if c.Status != StatusChanged || !strings.Contains(c.Reason, tt.reason) {
			t.Errorf("status %s (%s), want changed: %s", c.Status, c.Reason, tt.reason)
		}
	}
	// The file says so, and reads back.
	data, err := os.ReadFile(filepath.Join(dir, "allowlist.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"pin": "exec"`) {
		t.Errorf("the allowlist does not record pin exec:\n%s", data)
	}
	// ApproveSeen, the prompt's approval, records it too.
	if _, err := s.ApproveSeen(exec, Script{Pin: mustPin(t, exec.Script)}); err != nil {
		t.Fatal(err)
	}
	if list, err := s.Load(); err != nil || list.Check(h).Status != StatusChanged || list.Check(exec).Status != StatusApproved {
		t.Errorf("ApproveSeen did not record pin exec (%v)", err)
	}
}

func mustPin(t *testing.T, path string) *ScriptPin {
	t.Helper()
	pin, err := PinScript(path)
	if err != nil {
		t.Fatal(err)
	}
	return pin
}

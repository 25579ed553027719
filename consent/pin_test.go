package consent

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
)

// TestPinPathByOwnership (SPEC 23.12): a file the person cannot write (root's, not writable by
// group or others, nor any folder above it) is pinned by path and identity, one they can write
// by content; for root, who can write anything, everything is hashed.
func TestPinPathByOwnership(t *testing.T) {
	const person = 4242 // a person who is not root and owns nothing here
	rootOwned := "/usr/bin/env"
	if fi, err := os.Stat(rootOwned); err != nil || fi.Mode().Perm()&0o022 != 0 {
		t.Skipf("%s is not a root-owned, write-protected file here", rootOwned)
	}
	pin, err := pinPathAs(rootOwned, person)
	if err != nil {
		t.Fatal(err)
	}
	if !pin.Identity() || pin.Ino == 0 || pin.Size == 0 {
		t.Errorf("root's %s pinned as %+v, want by identity", rootOwned, pin)
	}
	if again, _ := pinPathAs(rootOwned, person); !again.Same(pin) {
		t.Errorf("the same file pins differently: %+v, %+v", pin, again)
	}
	if pin, err := pinPathAs(rootOwned, 0); err != nil || pin.Identity() {
		t.Errorf("for root, %s pinned as %+v (%v), want by content", rootOwned, pin, err)
	}

	// A file in a folder others may write (t.TempDir is under /tmp) is hashed, whoever owns it.
	dir := t.TempDir()
	p := filepath.Join(dir, "wrap")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if pin, err := pinPathAs(p, person); err != nil || pin.Identity() || !isSHA256Hex(pin.SHA256) {
		t.Errorf("%s in a folder others may write pinned as %+v (%v), want by content", p, pin, err)
	}
	// A symlink of the person's to root's file: the person could point it at another of root's
	// programs (/usr/bin/true), so what it leads to is pinned by content; retargeting the link
	// is seen.
	link := filepath.Join(dir, "python")
	if err := os.Symlink(rootOwned, link); err != nil {
		t.Fatal(err)
	}
	viaLink, err := pinPathAs(link, person)
	if err != nil || viaLink.Identity() {
		t.Fatalf("link to %s pinned as %+v (%v), want by content", rootOwned, viaLink, err)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/bin/sh", link); err != nil {
		t.Fatal(err)
	}
	if now, err := pinPathAs(link, person); err != nil || now.Same(viaLink) {
		t.Errorf("the retargeted link pins the same: %+v (%v)", now, err)
	}
}

// TestCheckPinnedFiles: an approval covers every file the command names by a path; a file
// edited, missing, or named anew makes the hook changed since approval.
func TestCheckPinnedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("wrap", "#!/bin/sh\nexec \"$@\"\n")
	write("guard.sh", "#!/bin/sh\n")
	load := func(command string) config.Hook {
		yaml := "hooks:\n  pre_tool_call:\n    - command: " + command + "\n      fail_closed: true\n"
		cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})
		if len(cfg.Hooks) != 1 {
			t.Fatalf("config: %v", cfg.Problems)
		}
		return cfg.Hooks[0]
	}
	h := load("./wrap ./guard.sh")
	s := NewStore(filepath.Join(dir, "allowlist.json"))
	approved, err := s.Approve(h)
	if err != nil {
		t.Fatal(err)
	}
	if ap := approved[0]; len(ap.Files) != 1 || ap.Files[0].Path != filepath.Join(dir, "wrap") || !ap.Guard {
		t.Fatalf("approval %+v, want the wrapper pinned and the guard flag", ap)
	}
	list, _ := s.Load()
	if c := list.Check(h); c.Status != StatusApproved {
		t.Fatalf("fresh approval: %+v", c)
	}
	write("wrap", "#!/bin/sh\nexit 0\n")
	if c := list.Check(h); c.Status != StatusChanged || !strings.Contains(c.Reason, "file "+filepath.Join(dir, "wrap")+" differs") {
		t.Errorf("edited wrapper: %s %q", c.Status, c.Reason)
	}
	if err := os.Remove(filepath.Join(dir, "wrap")); err != nil {
		t.Fatal(err)
	}
	if c := list.Check(h); c.Status != StatusChanged || !strings.Contains(c.Reason, "wrap is missing") {
		t.Errorf("missing wrapper: %s %q", c.Status, c.Reason)
	}
	// Loaded again, the word names no file, so it is no longer pinned: still a change.
	if c := list.Check(load("./wrap ./guard.sh")); c.Status != StatusChanged || !strings.Contains(c.Reason, "no longer named by a path") {
		t.Errorf("missing wrapper, config loaded again: %s %q", c.Status, c.Reason)
	}
	// A file named now that the approval did not pin.
	write("wrap", "#!/bin/sh\nexec \"$@\"\n")
	write("rules.json", "{}")
	h2 := load("./wrap ./guard.sh")
	if _, err := s.Approve(h2); err != nil {
		t.Fatal(err)
	}
	list, _ = s.Load()
	h3 := load("./wrap ./guard.sh ./rules.json")
	h3.Command = h2.Command // the same consent key, a new file named
	if c := list.Check(h3); c.Status != StatusChanged || !strings.Contains(c.Reason, "rules.json was not pinned when approved") {
		t.Errorf("new file: %s %q", c.Status, c.Reason)
	}
}

// TestGuardsCheckedAgainstTheAllowlist (SPEC 18.1, 23.14): guard-ness is written twice, so a
// record that lost a guard the allowlist approved, or holds other content for it, cannot be
// trusted; decided by content, so file times change nothing.
func TestGuardsCheckedAgainstTheAllowlist(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "guard.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	yaml := "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n      fail_closed: true\n"
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})
	s := NewStore(filepath.Join(dir, "allowlist.json"))
	if _, err := s.Approve(cfg.Hooks...); err != nil {
		t.Fatal(err)
	}
	guards, err := s.Guards()
	if err != nil || len(guards) != 1 || len(guards[0].Files) != 1 {
		t.Fatalf("guards %+v (%v), want one with its script pinned", guards, err)
	}
	record, _ := os.ReadFile(s.GuardPath())
	allowlist, _ := os.ReadFile(s.Path)
	restore := func() {
		t.Helper()
		if err := os.WriteFile(s.GuardPath(), record, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(s.Path, allowlist, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		attack func()
		want   string // "" when the record is trusted
	}{
		{"as approved", func() {}, ""},
		{"record older than the allowlist by time only", func() {
			old := guards[0].Files[0].Mtime.AddDate(-1, 0, 0)
			_ = os.Chtimes(s.GuardPath(), old, old)
		}, ""},
		{"record removed", func() { _ = os.Remove(s.GuardPath()) }, "is missing"},
		{"record emptied of its guards", func() {
			_ = os.WriteFile(s.GuardPath(), []byte(`{"version":1,"guards":[]}`), 0o600)
		}, "lacks the guard ./guard.sh on pre_tool_call"},
		{"record empty", func() { _ = os.WriteFile(s.GuardPath(), nil, 0o600) }, "not a guard record"},
		{"dangling symlink", func() {
			_ = os.Remove(s.GuardPath())
			_ = os.Symlink(filepath.Join(dir, "gone.json"), s.GuardPath())
		}, "is a symlink"},
		{"allowlist edited to other content", func() {
			edited := strings.Replace(string(allowlist), guards[0].Files[0].SHA256, strings.Repeat("0", 64), 1)
			_ = os.WriteFile(s.Path, []byte(edited), 0o600)
		}, "holds other content for the guard"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "dangling symlink" {
				wintest.SkipUnderWine(t, "Wine 8's CreateSymbolicLink reports success and makes no link")
			}
			_ = os.Remove(s.GuardPath())
			restore()
			tt.attack()
			_, err := s.Guards()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("untrusted: %v", err)
			case tt.want != "" && (!errors.Is(err, ErrGuardRecord) || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("err %v, want ErrGuardRecord with %q", err, tt.want)
			}
		})
	}
	// Without any guard approval, no record is no guard: nothing to distrust.
	_ = os.Remove(s.GuardPath())
	if _, err := s.Revoke("./guard.sh", ""); err != nil {
		t.Fatal(err)
	}
	if guards, err := s.Guards(); err != nil || len(guards) != 0 {
		t.Errorf("after revoke: %v (%v)", guards, err)
	}
}

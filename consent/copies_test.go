package consent

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestDiffSinceApproval approves a real script, changes it on disk, and asks what changed: the
// copy kept at approval is the left side of the diff.
func TestDiffSinceApproval(t *testing.T) {
	const approved = "#!/bin/sh\ncat >/dev/null\nexit 0\n"
	tests := []struct {
		name    string
		change  func(t *testing.T, s *Store, script string)
		ok      bool
		missing bool
		diff    []string // lines the unified diff holds
		err     string
	}{
		{name: "unchanged", change: func(*testing.T, *Store, string) {}},
		{
			name:   "edited",
			change: func(t *testing.T, _ *Store, p string) { write(t, p, "#!/bin/sh\ncat >/dev/null\nexit 2\n", 0o755) },
			ok:     true,
			diff:   []string{"-exit 0\n", "+exit 2\n", " cat >/dev/null\n"},
		},
		{
			name:    "deleted",
			change:  func(t *testing.T, _ *Store, p string) { remove(t, p) },
			ok:      true,
			missing: true,
		},
		{
			name: "copy removed",
			change: func(t *testing.T, s *Store, p string) {
				write(t, p, "exit 1\n", 0o755)
				remove(t, s.CopiesDir())
			},
			ok: true, err: ErrNoCopy.Error(),
		},
		{
			// An edit of the copy (to hide what changed) is seen, not shown as the approved text.
			name: "copy edited",
			change: func(t *testing.T, s *Store, p string) {
				write(t, p, "exit 1\n", 0o755)
				entries, err := os.ReadDir(s.CopiesDir())
				if err != nil || len(entries) != 1 {
					t.Fatalf("copies: %v %v", entries, err)
				}
				write(t, filepath.Join(s.CopiesDir(), entries[0].Name()), "exit 1\n", 0o755)
			},
			ok: true, err: "no longer matches its sha256",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			dir := t.TempDir()
			p := filepath.Join(dir, "guard.sh")
			write(t, p, approved, 0o755)
			h := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", Script: p}
			mustApprove(t, s, h)
			tt.change(t, s, p)
			list, err := s.Load()
			if err != nil {
				t.Fatal(err)
			}
			c := list.Check(h)
			d, ok := s.DiffSinceApproval(h, c)
			if ok != tt.ok || d.Missing != tt.missing || c.Missing != tt.missing {
				t.Fatalf("ok %v missing %v (check %v), want %v %v; reason %q", ok, d.Missing, c.Missing, tt.ok, tt.missing, c.Reason)
			}
			for _, l := range tt.diff {
				if !strings.Contains(d.Unified, l) {
					t.Errorf("diff lacks %q:\n%s", l, d.Unified)
				}
			}
			if tt.err == "" && d.Err != nil || tt.err != "" && (d.Err == nil || !strings.Contains(d.Err.Error(), tt.err)) {
				t.Errorf("err %v, want %q", d.Err, tt.err)
			}
			if tt.missing && !strings.Contains(c.Reason, "missing") || tt.missing && strings.Contains(c.Reason, "changed") {
				t.Errorf("reason %q: a deleted script is missing, not changed", c.Reason)
			}
		})
	}
}

// TestKeepCopyModes: the copy has the script's mode, in a folder only the owner may enter.
func TestKeepCopyModes(t *testing.T) {
	s := newTestStore(t)
	p := filepath.Join(t.TempDir(), "guard.sh")
	write(t, p, "#!/bin/sh\nexit 0\n", 0o750)
	h := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", Script: p}
	mustApprove(t, s, h)
	fi, err := os.Stat(s.CopiesDir())
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700 { // Windows: the home's access list, no mode
		t.Errorf("copies folder mode %v, want 0700", fi.Mode().Perm())
	}
	list, _ := s.Load()
	sum := list.Approvals[0].Script.SHA256
	cp := filepath.Join(s.CopiesDir(), sum)
	fi, err = os.Stat(cp)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o750 {
		t.Errorf("copy mode %v, want the script's 0750", fi.Mode().Perm())
	}
	if data, err := s.ApprovedCopy(sum); err != nil || !bytes.Equal(data, []byte("#!/bin/sh\nexit 0\n")) {
		t.Errorf("copy %q, %v", data, err)
	}
	// A name that is not a sha256 never reaches the file system.
	for _, bad := range []string{"", "../allowlist.json", strings.Repeat("A", 64)} {
		if _, err := s.ApprovedCopy(bad); !errors.Is(err, ErrNoCopy) {
			t.Errorf("ApprovedCopy(%q): %v, want ErrNoCopy", bad, err)
		}
	}
}

// TestKeepCopyTooLarge: a script above MaxCopy is approved, and no copy of it is kept.
func TestKeepCopyTooLarge(t *testing.T) {
	s := newTestStore(t)
	p := filepath.Join(t.TempDir(), "big.sh")
	write(t, p, "#!/bin/sh\n"+strings.Repeat("#\n", MaxCopy), 0o755)
	mustApprove(t, s, config.Hook{Event: "pre_tool_call", Command: "./big.sh", Script: p})
	if entries, _ := os.ReadDir(s.CopiesDir()); len(entries) != 0 {
		t.Errorf("copies kept of a script above MaxCopy: %v", entries)
	}
}

func write(t *testing.T, p, content string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, p string) {
	t.Helper()
	if err := os.RemoveAll(p); err != nil {
		t.Fatal(err)
	}
}

//go:build unix

package consent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// An allowlist its group or others may write could hold approvals nobody gave: it approves
// nothing, is never written, and the warning names the file and the chmod that fixes it.
func TestWritableAllowlistApprovesNothing(t *testing.T) {
	for _, mode := range []os.FileMode{0o620, 0o602, 0o666, 0o622} {
		t.Run(fmt.Sprintf("%04o", mode), func(t *testing.T) {
			s := newTestStore(t)
			h := pinnedHook(t, t.TempDir(), "#!/bin/sh\necho {}\n")
			mustApprove(t, s, h)
			if err := os.Chmod(s.Path, mode); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(s.Path)
			if err != nil {
				t.Fatal(err)
			}
			fix := "chmod 600 " + s.Path
			if _, err := s.Load(); !errors.Is(err, ErrWritable) || !strings.Contains(err.Error(), fix) {
				t.Errorf("Load error = %v, want ErrWritable naming %q", err, fix)
			}

			var warnings []string
			g := &Gate{Store: s, Warn: func(m string) { warnings = append(warnings, m) }}
			if got := g.Decide(context.Background(), h, ReadScript(h)); got != StatusNotApproved {
				t.Errorf("Decide = %s, want %s", got, StatusNotApproved)
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0], fix) {
				t.Errorf("warnings %q, want one naming %q", warnings, fix)
			}
			// A bypass still runs the hook, and says why the file is not trusted.
			warnings = nil
			g = &Gate{Store: s, Bypass: true, Warn: func(m string) { warnings = append(warnings, m) }}
			if got := g.Decide(context.Background(), h, ReadScript(h)); got != StatusApproved || len(warnings) != 1 || !strings.Contains(warnings[0], fix) {
				t.Errorf("with a bypass: Decide = %s, warnings %q", got, warnings)
			}

			// Writing would launder whatever others put in the file into a trusted 0600 one.
			if _, err := s.Approve(config.Hook{Event: "pre_tool_call", Command: "other"}); !errors.Is(err, ErrWritable) {
				t.Errorf("Approve error = %v, want ErrWritable", err)
			}
			if _, err := s.Revoke(h.Command, ""); !errors.Is(err, ErrWritable) {
				t.Errorf("Revoke error = %v, want ErrWritable", err)
			}
			after, _ := os.ReadFile(s.Path)
			if m, _ := s.Mode(); !bytes.Equal(after, before) || m != mode {
				t.Errorf("allowlist changed: mode %04o, %d bytes (was %d)", m, len(after), len(before))
			}

			// Once fixed, the approval counts again.
			if err := os.Chmod(s.Path, 0o600); err != nil {
				t.Fatal(err)
			}
			if got := (&Gate{Store: s}).Decide(context.Background(), h, ReadScript(h)); got != StatusApproved {
				t.Errorf("after chmod 600: Decide = %s, want %s", got, StatusApproved)
			}
		})
	}
	// Readable by others is doctor's business (it reports it); it is not a way to approve.
	s := newTestStore(t)
	mustApprove(t, s, config.Hook{Event: "e", Command: "c"})
	if err := os.Chmod(s.Path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(); err != nil {
		t.Errorf("Load of a 0644 allowlist: %v", err)
	}
}

// A writer killed between creating its temporary file and renaming it leaves the file behind;
// the next write removes it, and nothing else.
func TestWriteRemovesStaleTemps(t *testing.T) {
	s := newTestStore(t)
	mustApprove(t, s, config.Hook{Event: "e", Command: "c"})
	dir := filepath.Dir(s.Path)
	stale := []string{".allowlist.json.123.tmp", ".allowlist.json.4294967295.tmp"}
	kept := []string{".allowlist.json.x1.tmp", "allowlist.json.123.tmp", ".allowlist.json.123.tmp.bak", ".other.json.123.tmp", "notes.txt"}
	for _, name := range append(append([]string{}, stale...), kept...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	mustApprove(t, s, config.Hook{Event: "e", Command: "d"})
	for _, name := range stale {
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("stale %s not removed (stat error %v)", name, err)
		}
	}
	for _, name := range kept {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed: %v", name, err)
		}
	}
	if got := pairs(t, s); strings.Join(got, ",") != "e c,e d" {
		t.Errorf("approvals = %q", got)
	}
}

// untrustedScene approves a pinned hook, then lets change make the allowlist untrusted (it
// returns the fix the warning must name), and checks the attack fails: nothing is approved, the
// gate warns with the fix, nothing is written, and Approve refuses.
func untrustedScene(t *testing.T, change func(s *Store) (fix string), wantErr error) {
	t.Helper()
	s := newTestStore(t)
	h := pinnedHook(t, t.TempDir(), "#!/bin/sh\necho {}\n")
	mustApprove(t, s, h)
	wantFix := change(s)
	before, err := os.ReadFile(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Load()
	var ue *UntrustedError
	if !errors.Is(err, wantErr) || !errors.As(err, &ue) || !strings.Contains(err.Error(), wantFix) {
		t.Fatalf("Load error = %v, want %v naming %q", err, wantErr, wantFix)
	}
	var warnings []string
	g := &Gate{Store: s, Warn: func(m string) { warnings = append(warnings, m) }}
	if got := g.Decide(context.Background(), h, ReadScript(h)); got != StatusNotApproved || len(warnings) != 1 || !strings.Contains(warnings[0], wantFix) {
		t.Errorf("Decide = %s, warnings %q; want not approved and one warning naming %q", got, warnings, wantFix)
	}
	if _, err := s.Approve(config.Hook{Event: "pre_tool_call", Command: "other"}); !errors.Is(err, wantErr) {
		t.Errorf("Approve error = %v, want %v", err, wantErr)
	}
	if after, _ := os.ReadFile(s.Path); !bytes.Equal(after, before) {
		t.Error("the untrusted allowlist was rewritten")
	}
}

func skipUnlessRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
}

// The attack of an allowlist another user wrote (mode 0644, owned by nobody): its approvals
// are not the person's own.
func TestForeignAllowlistApprovesNothing(t *testing.T) {
	skipUnlessRoot(t)
	untrustedScene(t, func(s *Store) string {
		if err := os.Chmod(s.Path, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(s.Path, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		return "rm " + s.Path
	}, ErrNotOwned)
}

// The attack of an allowlist in a folder another user owns: they can replace the file.
func TestAllowlistInForeignFolderApprovesNothing(t *testing.T) {
	skipUnlessRoot(t)
	untrustedScene(t, func(s *Store) string {
		if err := os.Chown(filepath.Dir(s.Path), 65534, 65534); err != nil {
			t.Fatal(err)
		}
		return "HOOKCTL_HOME"
	}, ErrNotOwned)
}

// The attack of a 0600 allowlist in a folder others may write: they can replace the file. A
// sticky folder (like /tmp) is no better: others can still put the file there first, and its
// fix is to move, not to chmod a shared folder.
func TestAllowlistInWritableFolderApprovesNothing(t *testing.T) {
	for _, mode := range []os.FileMode{0o777, 0o770, 0o702, 0o1777 | os.ModeSticky} {
		t.Run(fmt.Sprintf("%04o", mode.Perm()), func(t *testing.T) {
			untrustedScene(t, func(s *Store) string {
				dir := filepath.Dir(s.Path)
				if err := os.Chmod(dir, mode); err != nil {
					t.Fatal(err)
				}
				if mode&os.ModeSticky != 0 {
					return "HOOKCTL_HOME"
				}
				return "chmod go-w " + dir
			}, ErrWritable)
		})
	}
}

// A first approval must not create the allowlist where others could replace it.
func TestApproveRefusesWritableFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	s := NewStore(filepath.Join(dir, "allowlist.json"))
	if _, err := s.Approve(config.Hook{Event: "e", Command: "c"}); !errors.Is(err, ErrWritable) {
		t.Errorf("Approve error = %v, want ErrWritable", err)
	}
	if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("allowlist written in a 0777 folder (stat error %v)", err)
	}
	if a, err := s.Load(); err != nil || len(a.Approvals) != 0 {
		t.Errorf("missing allowlist: %v, %v; want empty, no error", a, err)
	}
}

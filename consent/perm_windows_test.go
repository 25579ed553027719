package consent

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/safefile"
)

// grantEveryone gives path an access list that lets Everyone modify it, beside its owner.
func grantEveryone(t *testing.T, path string) {
	t.Helper()
	me, err := safefile.CurrentSID()
	if err != nil {
		t.Fatal(err)
	}
	sd, err := windows.SecurityDescriptorFromString("D:P(A;OICI;FA;;;" + me + ")(A;OICI;0x1301bf;;;WD)")
	if err != nil {
		t.Fatal(err)
	}
	dacl, _, _ := sd.DACL()
	err = windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, dacl, nil)
	if err != nil {
		t.Fatal(err)
	}
	if who, _ := safefile.OthersMayWrite(path); who == "" {
		t.Skipf("the access list set on %s did not come back: this file system (Wine without extended attributes?) keeps none", path)
	}
}

// TestApprovePrivateWindows: the first approval creates the folder and the allowlist with an
// access list of the person and SYSTEM only.
func TestApprovePrivateWindows(t *testing.T) {
	s := newTestStore(t)
	mustApprove(t, s, pinnedHook(t, t.TempDir(), "exit 0\r\n"))
	for _, p := range []string{filepath.Dir(s.Path), s.Path} {
		if who, err := safefile.OthersMayWrite(p); err != nil || who != "" {
			t.Errorf("OthersMayWrite(%s) = %q, %v; want no one", p, who, err)
		}
	}
}

// TestEveryoneWritableAllowlistApprovesNothing is the attack of SPEC 21: an allowlist whose
// access list lets Everyone write it could hold approvals nobody gave. It approves nothing, is
// never written, and the error names the file and the icacls that fixes it.
func TestEveryoneWritableAllowlistApprovesNothing(t *testing.T) {
	s := newTestStore(t)
	h := pinnedHook(t, t.TempDir(), "exit 0\r\n")
	mustApprove(t, s, h)
	grantEveryone(t, s.Path)
	before, _ := os.ReadFile(s.Path)
	if _, err := s.Load(); !errors.Is(err, ErrWritable) || !strings.Contains(err.Error(), "Everyone") || !strings.Contains(err.Error(), "icacls") {
		t.Fatalf("Load error = %v, want ErrWritable naming Everyone and icacls", err)
	}
	g := &Gate{Store: s, Warn: func(string) {}}
	if got := g.Decide(context.Background(), h, ReadScript(h)); got != StatusNotApproved {
		t.Fatalf("Decide = %s, want %s", got, StatusNotApproved)
	}
	if _, err := s.Approve(pinnedHook(t, t.TempDir(), "exit 1\r\n")); err == nil {
		t.Fatal("Approve wrote to an allowlist Everyone may write")
	}
	if after, _ := os.ReadFile(s.Path); string(after) != string(before) {
		t.Fatal("the allowlist changed")
	}
}

// TestApproveRefusesEveryoneWritableFolder: a folder others may write could have its allowlist
// replaced: the first approval is refused there.
func TestApproveRefusesEveryoneWritableFolder(t *testing.T) {
	s := newTestStore(t)
	dir := filepath.Dir(s.Path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	grantEveryone(t, dir)
	if _, err := s.Approve(pinnedHook(t, t.TempDir(), "exit 0\r\n")); !errors.Is(err, ErrWritable) {
		t.Fatalf("Approve = %v, want ErrWritable", err)
	}
	if _, err := os.Stat(s.Path); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("an allowlist was created in a folder Everyone may write")
	}
}

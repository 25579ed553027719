package safefile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/internal/safefile"
	"github.com/hookctl/hookctl/internal/systest"
)

// TestCheckRootOwned runs as root in a mount namespace, where the test's folders are on a path
// of root-owned folders (systest.Root), so that each case changes one thing and the check
// names exactly that file.
func TestCheckRootOwned(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	tests := []struct {
		name string
		// make builds the case under dir and returns the path to check and the file the
		// error must name ("" when the path must pass).
		make func(t *testing.T, dir string) (path, offender string)
		why  string
	}{
		{"root's file", func(t *testing.T, dir string) (string, string) {
			return write(t, dir, "config.yaml", 0o644), ""
		}, ""},
		{"group-writable file", func(t *testing.T, dir string) (string, string) {
			p := write(t, dir, "config.yaml", 0o664)
			return p, p
		}, "has mode 0664: its group may write it"},
		{"world-writable file", func(t *testing.T, dir string) (string, string) {
			p := write(t, dir, "config.yaml", 0o646)
			return p, p
		}, "others may write it"},
		{"a person's file", func(t *testing.T, dir string) (string, string) {
			p := write(t, dir, "guard.sh", 0o755)
			chown(t, p, 65534)
			return p, p
		}, "is owned by uid 65534, not root"},
		{"group-writable folder", func(t *testing.T, dir string) (string, string) {
			sub := mkdir(t, dir, "scripts", 0o775)
			return write(t, sub, "guard.sh", 0o755), sub
		}, "has mode 0775: its group may write it"},
		{"sticky world-writable folder", func(t *testing.T, dir string) (string, string) {
			sub := mkdir(t, dir, "tmp", 0o1777)
			return write(t, sub, "guard.sh", 0o755), sub
		}, "others may write it"},
		{"a person's folder above", func(t *testing.T, dir string) (string, string) {
			sub := mkdir(t, dir, "home", 0o755)
			chown(t, sub, 65534)
			deeper := mkdir(t, sub, "bin", 0o755)
			return write(t, deeper, "guard.sh", 0o755), sub
		}, "is owned by uid 65534"},
		{"link to root's file", func(t *testing.T, dir string) (string, string) {
			target := write(t, dir, "real.sh", 0o755)
			link := filepath.Join(dir, "guard.sh")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return link, ""
		}, ""},
		{"link into a writable folder", func(t *testing.T, dir string) (string, string) {
			sub := mkdir(t, dir, "shared", 0o777)
			target := write(t, sub, "real.sh", 0o755)
			link := filepath.Join(dir, "guard.sh")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return link, sub
		}, "others may write it"},
		{"a person's link", func(t *testing.T, dir string) (string, string) {
			target := write(t, dir, "real.sh", 0o755)
			link := filepath.Join(dir, "guard.sh")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			if err := os.Lchown(link, 65534, 65534); err != nil {
				t.Fatal(err)
			}
			return link, link
		}, "is owned by uid 65534"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path, offender := tt.make(t, dir)
			err := safefile.CheckRootOwned(path)
			if offender == "" {
				if err != nil {
					t.Fatalf("CheckRootOwned(%s) = %v, want nil", path, err)
				}
				return
			}
			var ue *safefile.UntrustedError
			if !errors.As(err, &ue) || !errors.Is(err, safefile.ErrNotRootOwned) {
				t.Fatalf("CheckRootOwned(%s) = %v, want an *UntrustedError", path, err)
			}
			if ue.Path != offender || !strings.Contains(ue.Why, tt.why) {
				t.Fatalf("CheckRootOwned(%s) names %s (%s), want %s (%s)", path, ue.Path, ue.Why, offender, tt.why)
			}
		})
	}
}

// TestCheckRootOwnedInfo judges the file as it was opened, not what the path names now.
func TestCheckRootOwnedInfo(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	dir := t.TempDir()
	p := write(t, dir, "allowlist.json", 0o644)
	f, fi, err := safefile.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Chmod(0o666); err != nil {
		t.Fatal(err)
	}
	if err := safefile.CheckRootOwnedInfo(p, fi); err != nil {
		t.Fatalf("as opened the file was root's alone: %v", err)
	}
	fi, _ = f.Stat()
	if err := safefile.CheckRootOwnedInfo(p, fi); err == nil || !strings.Contains(err.Error(), p+" has mode 0666") {
		t.Fatalf("CheckRootOwnedInfo after chmod 666 = %v, want it named", err)
	}
}

func write(t *testing.T, dir, name string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func mkdir(t *testing.T, dir, name string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.Mkdir(p, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func chown(t *testing.T, p string, uid int) {
	t.Helper()
	if err := os.Chown(p, uid, uid); err != nil {
		t.Fatal(err)
	}
}

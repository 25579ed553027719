//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteFileModeAndContent(t *testing.T) {
	old := syscall.Umask(0o077) // a strict umask must not narrow the mode asked for
	defer syscall.Umask(old)
	for _, perm := range []os.FileMode{0o600, 0o644, 0o640} {
		path := filepath.Join(t.TempDir(), "settings.json")
		if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(path, []byte("new"), perm); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		fi, _ := os.Stat(path)
		if string(data) != "new" || fi.Mode().Perm() != perm {
			t.Errorf("got %q mode %04o, want %q mode %04o", data, fi.Mode().Perm(), "new", perm)
		}
		ents, _ := os.ReadDir(filepath.Dir(path))
		if len(ents) != 1 {
			t.Errorf("left behind: %v", ents)
		}
	}
}

func TestWriteFileFailureKeepsOld(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if err := WriteFile(path, []byte("new"), 0o600); err == nil {
		t.Fatal("no error writing into a read-only folder")
	}
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Fatalf("file changed to %q", data)
	}
}

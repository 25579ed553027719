//go:build unix

package safefile

import (
	"path/filepath"
	"syscall"
	"testing"
)

// specialFiles are the paths that are not regular files and could hang a read: a FIFO with
// no writer, and a device with no end.
func specialFiles(t *testing.T, dir string) []readCase {
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return []readCase{
		{"fifo with no writer", fifo, 10, ErrNotRegular},
		{"device", "/dev/zero", 10, ErrNotRegular},
	}
}

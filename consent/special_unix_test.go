//go:build unix

package consent

import (
	"syscall"
	"testing"
)

// makeSpecial puts at path something that is not a regular file and could hang a reader: a
// FIFO with no writer.
func makeSpecial(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
}

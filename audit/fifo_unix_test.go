//go:build unix

package audit

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO planted at the log's path must not hang the run that appends to it (an open for
// writing waits for a reader), nor receive the line; nor may a symbolic link send the lines
// into another file, such as a shell's rc file.
func TestAppendRefusesFIFOAndSymlink(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() { done <- (&Log{Path: fifo}).Append(testEntry("p", 0, 1)) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Append to a FIFO = %v, want an error saying it is not a regular file", err)
		}
	case <-time.After(10 * time.Second):
		// Unblock the stuck open so the test binary can end.
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			defer r.Close()
		}
		t.Fatal("Append to a FIFO hung")
	}

	target := filepath.Join(dir, "rc")
	if err := os.WriteFile(target, []byte("keep\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "audit.jsonl")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	err := (&Log{Path: link}).Append(testEntry("p", 0, 1))
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("Append through a symlink = %v, want an error naming the link", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "keep\n" {
		t.Errorf("the link's target was written: %q", data)
	}
}

// hookctl log on a FIFO planted at the log's path answers at once instead of waiting for a
// writer.
func TestReadRefusesFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		r := &Reader{Log: &Log{Path: path}}
		done <- r.Read(func(Entry) error { return nil })
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Read of a FIFO = %v, want an error saying it is not a regular file", err)
		}
	case <-time.After(10 * time.Second):
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			defer w.Close()
		}
		t.Fatal("Read of a FIFO hung")
	}
}

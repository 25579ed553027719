//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("syncing folder %s: %w", dir, err)
	}
	defer d.Close()
	// Some file systems cannot fsync a folder; the file itself is already safe there.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("syncing folder %s: %w", dir, err)
	}
	return nil
}

// setMode gives the open temporary file its mode.
func setMode(f *os.File, perm fs.FileMode) error { return f.Chmod(perm) }

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

// replace renames tmp over path.
func replace(tmp, path string) error { return os.Rename(tmp, path) }

// createTemp creates the temporary file WriteFile writes, named by pattern as os.CreateTemp
// names it, with mode perm set on the open file, so the umask does not change it.
func createTemp(dir, pattern string, perm fs.FileMode) (*os.File, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

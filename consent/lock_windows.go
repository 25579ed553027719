package consent

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// openLockFile opens (creating) the lock file; a symbolic link (any reparse point) at its
// name is refused.
func openLockFile(name string) (*os.File, error) {
	if fi, err := os.Lstat(name); err == nil && fi.Mode()&(fs.ModeSymlink|fs.ModeIrregular) != 0 {
		return nil, errLockLink
	}
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
}

// lockFile takes an exclusive LockFileEx lock on the first byte of f, waiting for it when
// wait is set; a lock held elsewhere is errLockHeld when it is not.
func lockFile(f *os.File, wait bool) error {
	flags := uint32(windows.LOCKFILE_EXCLUSIVE_LOCK)
	if !wait {
		flags |= windows.LOCKFILE_FAIL_IMMEDIATELY
	}
	err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, new(windows.Overlapped))
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return errLockHeld
	}
	return err
}

func unlockFile(f *os.File) {
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}

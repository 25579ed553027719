package consent

import (
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// errWouldBlock is what a non-blocking lockFile returns while another holds the lock.
var errWouldBlock = windows.ERROR_LOCK_VIOLATION

// openLock opens (creating) the lock file without following a reparse point (a symbolic link
// or junction): it is opened as itself and refused when it is one.
func openLock(name string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_ALWAYS, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_OPEN_REPARSE_POINT, 0)
	if err != nil {
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &info); err != nil {
		windows.CloseHandle(h)
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	if info.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 {
		windows.CloseHandle(h)
		return nil, fmt.Errorf("locking allowlist: %s is a link, which hookctl does not follow; remove it: del %q", name, name)
	}
	return os.NewFile(uintptr(h), name), nil
}

// lockFile takes an exclusive LockFileEx lock on f's first byte, waiting for it when wait is
// set. The lock belongs to the handle, as flock's belongs to the open file on Unix.
func lockFile(f *os.File, wait bool) error {
	flags := uint32(windows.LOCKFILE_EXCLUSIVE_LOCK)
	if !wait {
		flags |= windows.LOCKFILE_FAIL_IMMEDIATELY
	}
	ol := new(windows.Overlapped)
	return windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, ol)
}

func unlockFile(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}

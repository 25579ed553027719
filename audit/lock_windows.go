package audit

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// noFollow adds nothing on Windows: os has no flag to refuse a symbolic link at open (the log
// itself is opened by openAppend, which does not follow one).
const noFollow = 0

// lockNB tries once to take an exclusive LockFileEx lock on f's first byte; held reports
// that another holder has it.
func lockNB(f *os.File) (held bool, err error) {
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY,
		0, 1, 0, new(windows.Overlapped))
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return true, nil
	}
	return false, err
}

func unlockFile(f *os.File) {
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}

//go:build unix

package audit

import (
	"errors"
	"os"
	"syscall"
)

// openFlags keep the log's open from hanging on a FIFO or following a symbolic link;
// noFollow is the latter alone, for the lock file.
const (
	openFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW
	noFollow  = syscall.O_NOFOLLOW
)

// lockNB tries once to take an exclusive flock on f; held reports that another holder has it.
func lockNB(f *os.File) (held bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EINTR) {
		return true, nil
	}
	return false, err
}

func unlockFile(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// openAppend opens the log at path for appending, creating it 0600 when missing, without
// following a symbolic link or waiting on a FIFO.
func openAppend(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|openFlags, 0o600)
}

// mkdirLog creates the log's folder, 0700, when missing.
func mkdirLog(dir string) error { return os.MkdirAll(dir, 0o700) }

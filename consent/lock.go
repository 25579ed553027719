package consent

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// DefaultLockTimeout is how long a change waits for the allowlist lock held by another writer
// before it gives up.
const DefaultLockTimeout = 10 * time.Second

// ErrLockTimeout is returned when the allowlist lock stayed held past the timeout.
var ErrLockTimeout = errors.New("timed out waiting for the allowlist lock")

// ErrInterrupted is returned when the wait for the allowlist lock was interrupted.
var ErrInterrupted = errors.New("interrupted while waiting for the allowlist lock")

// lock takes an exclusive lock on the sibling file path+".lock" (flock on Unix, LockFileEx on
// Windows: lock_*.go) and returns the function that releases it. It waits at most timeout for
// another holder, and no longer once interrupt is closed. The lock file is opened without
// following a symbolic link, so a link planted there cannot make hookctl create or lock a file
// elsewhere.
//
// Both locks belong to the open file (description or handle), so every caller opens the lock
// file itself: goroutines of one process exclude each other just as separate processes do. The
// allowlist itself is never locked because it is replaced by rename.
func lock(path string, timeout time.Duration, interrupt <-chan struct{}) (unlock func(), err error) {
	name := path + ".lock"
	f, err := openLock(name)
	if err != nil {
		return nil, err
	}
	unlock = func() {
		// Closing the file releases the lock; the explicit unlock makes the order obvious.
		_ = unlockFile(f)
		f.Close()
	}
	err = lockFile(f, false)
	if err == nil {
		return unlock, nil
	}
	if !errors.Is(err, errWouldBlock) {
		f.Close()
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	return waitLock(f, unlock, timeout, interrupt)
}

// waitLock waits for the lock in a blocking call, which the kernel wakes as soon as the holder
// lets go, in a goroutine that can be given up on. A given-up wait keeps its file open until
// its call returns, then closes it, which releases a lock taken too late.
func waitLock(f *os.File, unlock func(), timeout time.Duration, interrupt <-chan struct{}) (func(), error) {
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	done := make(chan error, 1)
	go func() { done <- lockFile(f, true) }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var err error
	select {
	case err = <-done:
		if err == nil {
			return unlock, nil
		}
		f.Close()
		return nil, fmt.Errorf("locking allowlist %s: %w", f.Name(), err)
	case <-timer.C:
		err = fmt.Errorf("%w: another process has held %s for %s (a hookctl approving or revoking?); nothing was changed",
			ErrLockTimeout, f.Name(), timeout)
	case <-interrupt:
		err = ErrInterrupted
	}
	go func() {
		<-done
		f.Close()
	}()
	return nil, err
}

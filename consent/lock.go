package consent

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/hookctl/hookctl/config"
)

// DefaultLockTimeout is how long a change waits for the allowlist lock held by another writer
// before it gives up.
const DefaultLockTimeout = 10 * time.Second

// ErrLockTimeout is returned when the allowlist lock stayed held past the timeout.
var ErrLockTimeout = errors.New("timed out waiting for the allowlist lock")

// errLockLink is openLockFile's error for a lock file that is a symbolic link; errLockHeld is
// lockFile's for a lock another holder has, when it is not to wait.
var (
	errLockLink = errors.New("the lock file is a symbolic link")
	errLockHeld = errors.New("the lock is held")
)

// ErrInterrupted is returned when the wait for the allowlist lock was interrupted.
var ErrInterrupted = errors.New("interrupted while waiting for the allowlist lock")

// lock takes an exclusive advisory lock on the sibling file path+".lock" and returns the
// function that releases it. It waits at most timeout for another holder, and no longer once
// interrupt is closed. The lock file is opened without following a symbolic link, so a link
// planted there cannot make hookctl create or lock a file elsewhere.
//
// The lock belongs to the open file (flock on Unix, LockFileEx on Windows), so every caller
// opens the lock file itself: goroutines of one process exclude each other just as separate
// processes do. The allowlist itself is never locked because it is replaced by rename.
func lock(path string, timeout time.Duration, interrupt <-chan struct{}) (unlock func(), err error) {
	name := path + ".lock"
	f, err := openLockFile(name)
	if errors.Is(err, errLockLink) {
		return nil, fmt.Errorf("locking allowlist: %s is a symbolic link, which hookctl does not follow; remove it: rm %s",
			name, config.ShellQuote(name))
	}
	if err != nil {
		return nil, fmt.Errorf("locking allowlist %s: %w", path, err)
	}
	unlock = func() {
		// Closing the file releases the lock; the explicit unlock makes the order obvious.
		unlockFile(f)
		f.Close()
	}
	err = lockFile(f, false)
	if err == nil {
		return unlock, nil
	}
	if !errors.Is(err, errLockHeld) {
		f.Close()
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	return waitLock(f, unlock, timeout, interrupt)
}

// waitLock waits for the lock in a blocking lockFile, which the kernel wakes as soon as the holder
// lets go, in a goroutine that can be given up on. A given-up wait keeps its file open until
// its lockFile returns, then closes it, which releases a lock taken too late.
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

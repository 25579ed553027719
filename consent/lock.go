package consent

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lock takes an exclusive advisory lock on the sibling file path+".lock" and returns the
// function that releases it. flock locks belong to the open file description, so every caller
// opens the lock file itself: goroutines of one process exclude each other just as separate
// processes do. The allowlist itself is never locked because it is replaced by rename.
func lock(path string) (unlock func(), err error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("locking allowlist %s: %w", path, err)
	}
	fd := int(f.Fd())
	for {
		err = syscall.Flock(fd, syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	return func() {
		// Closing the file releases the lock; the explicit unlock makes the order obvious.
		_ = syscall.Flock(fd, syscall.LOCK_UN)
		f.Close()
	}, nil
}

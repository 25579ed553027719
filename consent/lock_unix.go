//go:build unix

package consent

import (
	"errors"
	"os"
	"syscall"
)

// openLockFile opens (creating) the lock file without following a symbolic link.
func openLockFile(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errLockLink
	}
	return f, err
}

// lockFile takes the exclusive flock on f, waiting for it when wait is set; a lock held
// elsewhere is errLockHeld when it is not.
func lockFile(f *os.File, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return errLockHeld
		}
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

func unlockFile(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

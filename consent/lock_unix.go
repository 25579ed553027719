//go:build unix

package consent

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/hookctl/hookctl/config"
)

// errWouldBlock is what a non-blocking lockFile returns while another holds the lock.
var errWouldBlock = syscall.EWOULDBLOCK

// openLock opens (creating, mode 0600) the lock file without following a symbolic link.
func openLock(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("locking allowlist: %s is a symbolic link, which hookctl does not follow; remove it: rm %s",
			name, config.ShellQuote(name))
	}
	if err != nil {
		return nil, fmt.Errorf("locking allowlist %s: %w", name, err)
	}
	return f, nil
}

// lockFile takes f's exclusive flock, waiting for it when wait is set.
func lockFile(f *os.File, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

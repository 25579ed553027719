//go:build unix

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// inForeground reports whether tty is a terminal whose foreground process group is hookctl's.
// It goes through SyscallConn rather than Fd, which would put the file in blocking mode and
// keep a pending read from being interrupted.
func inForeground(tty *os.File) bool {
	rc, err := tty.SyscallConn()
	if err != nil {
		return false
	}
	ok := false
	_ = rc.Control(func(fd uintptr) {
		pgrp, err := unix.IoctlGetInt(int(fd), unix.TIOCGPGRP) // libc's ioctl on macOS
		ok = isattyFd(fd) && err == nil && pgrp == unix.Getpgrp()
	})
	return ok
}

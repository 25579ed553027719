//go:build unix

package main

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// runMayPrompt: `run` asks at the terminal for an unapproved hook when one can answer.
const runMayPrompt = true

// openTerminal opens /dev/tty for the question and its answer, when hookctl is in the
// terminal's foreground process group.
func openTerminal() (r, w *os.File, err error) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil, nil, err
	}
	if !inForeground(tty) {
		tty.Close()
		return nil, nil, errors.New("not in the terminal's foreground")
	}
	return tty, tty, nil
}

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

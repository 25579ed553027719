//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"syscall"
)

// openNonBlocking opens path for reading without waiting on a FIFO, and returns it in blocking
// mode: a descriptor left non-blocking is registered with the runtime's poller, whose first use
// sets up epoll (epoll_create1, eventfd2, epoll_ctl), about 1% of the CPU time of a `hookctl run`
// of an event with no hooks (perf, 400 runs), for a regular file that never blocks anyway.
func openNonBlocking(path string) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		_ = syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

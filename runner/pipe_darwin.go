package runner

import (
	"os"
	"syscall"
)

// rawPipe returns a close-on-exec pipe whose end childEnd (0 the read end, 1 the write end) is
// blocking, for the hook, and whose other end is nonblocking, for the parent's poller. Without
// pipe2, close-on-exec is set under ForkLock, as os.Pipe does.
func rawPipe(childEnd int) (fds [2]int, err error) {
	syscall.ForkLock.RLock()
	err = syscall.Pipe(fds[:])
	if err == nil {
		syscall.CloseOnExec(fds[0])
		syscall.CloseOnExec(fds[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return fds, os.NewSyscallError("pipe", err)
	}
	if err = syscall.SetNonblock(fds[1-childEnd], true); err != nil {
		_ = syscall.Close(fds[0])
		_ = syscall.Close(fds[1])
		return fds, os.NewSyscallError("setnonblock", err)
	}
	return fds, nil
}

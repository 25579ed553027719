//go:build !hookctl_portable

package runner

import (
	"os"
	"syscall"
	"unsafe"
)

const (
	pPIDFD    = 3
	wNOHANG   = 1
	sysPidfd  = 434 // pidfd_open
	siPIDByte = 16  // offset of si_pid in siginfo_t on 64-bit Linux
)

// procAttr starts each hook in a new session (so a new process group with no controlling
// terminal) and gives its main process a parent-death signal: if hookctl itself is killed
// (SIGKILL, the out-of-memory killer), the hook's main process is killed too instead of running
// on past its timeout. SIGKILL rather than SIGTERM because a hook may ignore SIGTERM, and
// hookctl, being dead, could no longer follow up.
//
// Linux sends the signal when the thread that forked the child exits, not the process. Go
// ends a thread only when a goroutine locked to it (runtime.LockOSThread) exits without
// unlocking; hookctl and its dependencies never do that, so the forking thread lives as long as
// hookctl does. Locking the starting goroutine to its thread for a hook's whole life would close
// even that door, at the price of one idle thread per running hook: not worth it for a door
// nothing here opens.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
}

// watchExit returns a channel closed when the process has exited, without reaping it
// (WNOWAIT): while it is an unreaped zombie its pid cannot be reused, so signalling its group
// stays safe. It waits on a pidfd through the runtime's poller, so no thread sits blocked in a
// wait; where pidfds are missing (Linux before 5.3) a goroutine blocks in waitid instead.
func watchExit(pid int) <-chan struct{} {
	exited := make(chan struct{})
	fd, _, errno := syscall.Syscall(sysPidfd, uintptr(pid), uintptr(syscall.O_NONBLOCK), 0)
	if errno != 0 {
		go func() { waitExited(pid); close(exited) }()
		return exited
	}
	f := os.NewFile(fd, "pidfd")
	rc, err := f.SyscallConn()
	if err != nil {
		_ = f.Close()
		go func() { waitExited(pid); close(exited) }()
		return exited
	}
	go func() {
		defer close(exited)
		defer f.Close()
		// Read calls the function again each time the pidfd becomes readable, which it
		// does when the process exits.
		_ = rc.Read(func(fd uintptr) bool {
			var info [128]byte // siginfo_t
			_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPIDFD, fd,
				uintptr(unsafe.Pointer(&info[0])), wEXITED|wNOWAIT|wNOHANG, 0, 0)
			if errno == syscall.EINTR {
				return false
			}
			// With WNOHANG, si_pid stays 0 while the process runs.
			return errno != 0 || *(*int32)(unsafe.Pointer(&info[siPIDByte])) != 0
		})
	}()
	return exited
}

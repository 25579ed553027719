package runner

import (
	"syscall"
	"unsafe"
)

// waitExited blocks until the process has exited, without reaping it (WNOWAIT): while it is
// an unreaped zombie its pid cannot be reused, so signalling its group stays safe.
func waitExited(pid int) {
	const (
		pPID    = 1
		wEXITED = 4
		wNOWAIT = 0x1000000
	)
	var info [128]byte // siginfo_t
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid),
			uintptr(unsafe.Pointer(&info[0])), wEXITED|wNOWAIT, 0, 0)
		if errno != syscall.EINTR {
			return
		}
	}
}

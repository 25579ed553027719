// Package nolandlock makes this process stand for a kernel without Landlock, for tests: a
// seccomp filter fails the Landlock system calls as such a kernel does (SPEC 28.37).
package nolandlock

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Errnos are the answers a kernel without Landlock gives: ENOSYS where it is not built in,
// EOPNOTSUPP where it is but is off at boot.
var Errnos = map[string]unix.Errno{"ENOSYS": unix.ENOSYS, "EOPNOTSUPP": unix.EOPNOTSUPP}

// Install fails landlock_create_ruleset, landlock_add_rule and landlock_restrict_self (444-446
// on every architecture) with the named errno for this thread, which stays locked to the
// calling goroutine: an exec from it carries the filter into the program it starts.
func Install(name string) error {
	errno, ok := Errnos[name]
	if !ok {
		return fmt.Errorf("no errno %q: ENOSYS or EOPNOTSUPP", name)
	}
	prog := []unix.SockFilter{
		{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: 0}, // the system call's number
		{Code: unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K, K: 444, Jt: 0, Jf: 2},
		{Code: unix.BPF_JMP | unix.BPF_JGT | unix.BPF_K, K: 446, Jt: 1, Jf: 0},
		{Code: unix.BPF_RET | unix.BPF_K, K: unix.SECCOMP_RET_ERRNO | uint32(errno)},
		{Code: unix.BPF_RET | unix.BPF_K, K: unix.SECCOMP_RET_ALLOW},
	}
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("setting no_new_privs: %w", err)
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog)), 0, 0); err != nil {
		return fmt.Errorf("installing the seccomp filter: %w", err)
	}
	return nil
}

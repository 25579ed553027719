//go:build hookctl_portable

package runner

import "syscall"

// This is the runner's portable path, built with the hookctl_portable tag: what remains of the
// Linux path once pidfds and the parent-death signal are taken away, so that the waiting,
// group-ending and reaping logic that macOS relies on is tested here by the whole suite.

// procAttr starts each hook in a new session: a new process group with no controlling
// terminal. There is no parent-death signal, as on macOS.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true}
}

// watchExit returns a channel closed when the process has exited, without reaping it, from a
// goroutine blocked in waitid (a thread per running hook, where macOS's kqueue needs one in
// all).
func watchExit(pid int) <-chan struct{} {
	exited := make(chan struct{})
	go func() {
		waitExited(pid)
		close(exited)
	}()
	return exited
}

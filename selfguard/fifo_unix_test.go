//go:build unix

package selfguard

import "syscall"

func syscallMkfifo(name string) error { return syscall.Mkfifo(name, 0o600) }

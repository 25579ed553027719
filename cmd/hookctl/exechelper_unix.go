//go:build unix

package main

import (
	"os"
	"syscall"
)

// execHelper replaces hookctl with the helper program: it keeps hookctl's pid, stdio and
// signals. It returns only when the exec failed.
func execHelper(path string, argv []string) error {
	return syscall.Exec(path, argv, os.Environ())
}

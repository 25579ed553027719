package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"github.com/hookctl/hookctl/internal/nolandlock"
)

// nolandlock ERRNO CMD ARGS... runs CMD as on a kernel whose Landlock calls fail with ERRNO.
func init() {
	testPrograms["nolandlock"] = func() {
		if len(os.Args) < 3 {
			fmt.Fprintln(os.Stderr, "usage: nolandlock ENOSYS|EOPNOTSUPP CMD [ARGS...]")
			os.Exit(2)
		}
		path, err := exec.LookPath(os.Args[2])
		if err == nil {
			err = nolandlock.Install(os.Args[1])
		}
		if err == nil {
			err = syscall.Exec(path, os.Args[2:], os.Environ())
		}
		fmt.Fprintln(os.Stderr, "nolandlock:", err)
		os.Exit(2)
	}
}

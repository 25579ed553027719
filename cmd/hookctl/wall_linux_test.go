package main

import (
	"fmt"
	"os"

	"github.com/hookctl/hookctl/internal/nolandlock"
)

// NOLANDLOCK=ERRNO in a script test runs hookctl as on a kernel whose Landlock calls fail with
// ERRNO (ENOSYS: no Landlock; EOPNOTSUPP: not enabled at boot). It is a setting of the test
// program, not a program of its own beside hookctl: the folder holding the scripts' hookctl
// must hold hookctl's binaries alone, or a guard's PATH leaves it out (doctor says so).
func init() {
	beforeMain = func() {
		if errno := os.Getenv("NOLANDLOCK"); errno != "" {
			if err := nolandlock.Install(errno); err != nil {
				fmt.Fprintln(os.Stderr, "nolandlock:", err)
				os.Exit(2)
			}
		}
	}
}

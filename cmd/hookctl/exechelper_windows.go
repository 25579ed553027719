package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
)

// execHelper runs the helper program in hookctl's place: Windows cannot replace a process, so
// hookctl runs it with its own stdio and exits with its exit code. Ctrl-C reaches the helper,
// which shares the console, and is ignored here while it runs.
func execHelper(path string, argv []string) error {
	cmd := exec.Command(path, argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	signal.Ignore(os.Interrupt)
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		os.Exit(exit.ExitCode())
	}
	if err == nil {
		os.Exit(0)
	}
	return err
}

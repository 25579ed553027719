// Command floor is the benchmark's baseline, the physical floor of running a hook: read the
// payload from stdin, execute the hook with it, print what it printed. Nothing else. With no
// hook it reads stdin and prints {} (the floor of an event with no hooks).
package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
)

func main() {
	payload, err := io.ReadAll(os.Stdin)
	if err != nil {
		os.Exit(1)
	}
	if len(os.Args) < 2 {
		_, _ = os.Stdout.WriteString("{}\n")
		return
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin = bytes.NewReader(payload)
	out, err := cmd.Output()
	if err != nil {
		os.Exit(1)
	}
	_, _ = os.Stdout.Write(out)
}

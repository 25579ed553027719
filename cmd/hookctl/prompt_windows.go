package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// runMayPrompt: `run` never asks on Windows (SPEC 23.9): the console may be the agent's, whose
// own reads would race hookctl's for the person's keys. An unapproved hook is skipped with a
// notice, as when no terminal can answer; `hookctl hooks approve` approves it.
const runMayPrompt = false

// openTerminal opens the console: CONIN$ for the answer, CONOUT$ for the question, which reach
// the console even when stdin and stdout are pipes. A process without a console (started
// detached, or by a service) has none to ask on.
func openTerminal() (r, w *os.File, err error) {
	in, err := os.OpenFile("CONIN$", os.O_RDWR, 0)
	if err != nil {
		return nil, nil, err
	}
	var mode uint32
	if err := windows.GetConsoleMode(windows.Handle(in.Fd()), &mode); err != nil {
		in.Close()
		return nil, nil, err
	}
	out, err := os.OpenFile("CONOUT$", os.O_RDWR, 0)
	if err != nil {
		in.Close()
		return nil, nil, err
	}
	return in, out, nil
}

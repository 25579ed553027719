package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/mattn/go-isatty"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/view"
)

func isattyFd(fd uintptr) bool { return isatty.IsTerminal(fd) }

// ttyPrompt asks for consent on /dev/tty, because stdin may be carrying the payload (askTTY).
func (a *app) ttyPrompt(in *interruption, store *consent.Store) consent.Prompt {
	return func(h config.Hook, c consent.Check) bool {
		yes, _ := askTTY(in, promptText(h, c, promptDiff(store, h, c)))
		return yes
	}
}

// askTTY asks a yes/no question on the terminal (/dev/tty; CONIN$ and CONOUT$ on Windows:
// openTerminal), never on stdin, which may be carrying the payload. It asks only when the
// terminal opens and, on Unix, hookctl is in its foreground process group, so a run in the
// background never stops on a read: then it answers no without asking, and asked is false.
// Only y or yes is yes.
func askTTY(in *interruption, question string) (yes, asked bool) {
	r, w, err := openTerminal()
	if err != nil {
		return false, false
	}
	defer r.Close()
	if w != r {
		defer w.Close()
	}
	fmt.Fprint(w, question)
	abort := in.promptStarted()
	defer in.promptDone()
	answer := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		answer <- line
	}()
	select {
	case line := <-answer:
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			return true, true
		}
	case <-abort:
		fmt.Fprintln(w)
	case <-in.ctx.Done():
	}
	return false, true
}

// promptDiff is view.PromptDiff.
func promptDiff(store *consent.Store, h config.Hook, c consent.Check) string {
	return view.PromptDiff(store, h, c)
}

// promptText is view.PromptText.
func promptText(h config.Hook, c consent.Check, diff string) string {
	return view.PromptText(h, c, diff)
}

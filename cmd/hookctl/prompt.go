package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/mattn/go-isatty"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
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

// promptDiff is what changed in the hook's script since its approval, shown under the
// question's facts so the person reviews the change, not a hash.
func promptDiff(store *consent.Store, h config.Hook, c consent.Check) string {
	if store == nil {
		return ""
	}
	text := scriptDiffText(store, h, c, promptDiffLines)
	if text == "" {
		return ""
	}
	return "changes since approval:\n" + text
}

// promptText is the question asked before a hook runs unapproved; diff, when not "", is
// what changed since its approval (promptDiff), shown just before the question.
func promptText(h config.Hook, c consent.Check, diff string) string {
	var b strings.Builder
	b.WriteString("hookctl: a hook wants to run")
	switch {
	case c.Missing:
		b.WriteString(" (its script is missing since approval)")
	case c.Status == consent.StatusChanged:
		b.WriteString(" (changed since approval)")
	}
	b.WriteString("\n")
	// Everything shown comes from the config, the file system or the allowlist: escaped, so
	// that what the person reads is what runs.
	fmt.Fprintf(&b, "  event:   %s\n", terminalSafe(h.Event))
	fmt.Fprintf(&b, "  command: %s\n", terminalSafe(h.Command))
	if h.Matcher != "" {
		fmt.Fprintf(&b, "  matcher: %s\n", terminalSafe(h.Matcher))
	}
	if len(h.Env) > 0 {
		// The command's NAME=value words as the hook gets them, $VAR expanded: LD_PRELOAD or
		// BASH_ENV change what runs as much as the script does.
		fmt.Fprintf(&b, "  env:     %s\n", terminalSafe(strings.Join(h.Env, " ")))
	}
	// A url hook's approval covers what it sends beyond its url: shown as written, before
	// $VAR expansion, as the approval records it.
	for _, hd := range h.Headers {
		fmt.Fprintf(&b, "  header:  %s: %s\n", terminalSafe(hd.Name), terminalSafe(hd.Written))
	}
	if len(h.AllowedEnv) > 0 {
		fmt.Fprintf(&b, "  allowed_env: %s\n", terminalSafe(strings.Join(h.AllowedEnv, ", ")))
	}
	if h.Method != "" {
		fmt.Fprintf(&b, "  method:  %s\n", terminalSafe(h.Method))
	}
	script := h.ResolveScript()
	if script != "" {
		fmt.Fprintf(&b, "  script:  %s\n", terminalSafe(script))
	}
	pin := c.Current
	if pin == nil && script != "" {
		// Found on PATH, so not pinned; the person still sees what the file is.
		pin, _ = consent.PinScript(script)
	}
	if pin != nil {
		fmt.Fprintf(&b, "  sha256:  %s\n", pin.SHA256)
	}
	if h.Pinned() && h.PinExec {
		b.WriteString("  pin:     exec (runs as the checked file, /dev/fd/3)\n")
	}
	if c.Reason != "" {
		fmt.Fprintf(&b, "  %s\n", terminalSafe(c.Reason))
	}
	b.WriteString(diff)
	b.WriteString("Allow this hook to run? [y/N] ")
	return b.String()
}

// Package selfguard judges whether an agent's tool call would change hookctl's own state or wiring.
package selfguard

import (
	"context"
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Protected is what hookctl must keep the agent from changing. Every entry is a path, made
// absolute by the caller; a path that does not exist yet is protected all the same.
type Protected struct {
	// Dirs are protected as whole folders: the folder itself and any folder containing it
	// (a mv of the folder is a change to every file in it). A file inside one is protected
	// only when it is listed in Files: config.yaml beside the allowlist is not (SPEC 18.1).
	Dirs []string
	// Trees are protected with everything in them, at any depth, as well as the folder
	// itself: the copies of approved scripts, which a person reads as what they approved.
	Trees []string
	// Except are files inside Trees that are not protected: a name that is exactly one of them
	// is not the tree's (config.yaml and the audit log in the hookctl home, SPEC 28.22).
	Except []string
	// Files are protected one by one: the allowlist, the guard record, each pinned file of
	// a guard, the hookctl binaries.
	Files []string
	// Settings are the agent settings and hook files that install wrote: a file tool's edit
	// of one is judged by what it changes (SPEC 23.6), a shell command that writes one is denied.
	Settings []string
	// Agents are the agents whose start with a flag or variable that drops or moves their
	// hook settings is denied (SPEC 28.7; nested.go).
	Agents []Nested
}

// Call is one tool call as the agent sent it.
type Call struct {
	// Tool is the tool's name as the agent sent it (Bash, run_shell_command, Write, apply_patch, mcp__S__T...).
	Tool string
	// Input is the tool input in the agent's own shape.
	Input json.RawMessage
	// Cwd is the payload's working folder: relative paths resolve against it.
	Cwd string
	// Home is the person's HOME, for ~ and $HOME.
	Home string
}

// Judge returns a one-line reason and true when the call would change hookctl's state or
// wiring. Anything it cannot read is judged toward the guard.
func Judge(p Protected, c Call) (reason string, deny bool) {
	return JudgeContext(context.Background(), p, c)
}

// JudgeContext is Judge ended by ctx: a call still being judged when ctx is done (the caller's
// deadline, a signal) is denied as too complex to judge, as one past the work budget is.
func JudgeContext(ctx context.Context, p Protected, c Call) (reason string, deny bool) {
	m := newMatcher(p, c)
	m.ctx = ctx
	m.units = budgetFor(len(c.Input))
	what, hit := m.judgeTool()
	if what == "" && ctx.Err() != nil {
		what = "the call " + tooComplex
	}
	if what == "" {
		return "", false
	}
	return reasonFor(what, hit), true
}

// reasonFor words a denial for the model: plain, one line, no control characters.
func reasonFor(what, hit string) string {
	var b strings.Builder
	b.WriteString("hookctl self-guard: ")
	b.WriteString(clip(what, 170)) // shell.deny's longest: the clipped command and what it does
	if hit != "" {
		b.WriteString(" (")
		b.WriteString(clip(hit, 200))
		b.WriteString(")")
	}
	b.WriteString(". An agent cannot change hookctl's own state, its approvals or its wiring; " +
		"the person must do this at their own terminal.")
	return printable(b.String())
}

// clip shortens s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// printable turns control and format characters (escapes, newlines, bidi overrides) into spaces,
// so the reason cannot move a terminal's cursor or hide text.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, s)
}

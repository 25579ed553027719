package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// PromptDiffLines bounds the diff a prompt shows: the question must stay on the screen. The
// whole diff is one command away.
const PromptDiffLines = 40

// PromptDiff is what a consent prompt shows of a hook's script changed since approval (the
// diff against the approved copy, clipped at PromptDiffLines), "" when there is nothing to show.
func PromptDiff(store *consent.Store, h config.Hook, c consent.Check) string {
	if store == nil {
		return ""
	}
	text := ScriptDiff(store, h, c, PromptDiffLines)
	if text == "" {
		return ""
	}
	return "changes since approval:\n" + text
}

// PromptText is the consent prompt of a hook about to run: what its approval covers (event,
// command, matcher, environment words as expanded, a url hook's headers as written, the
// script and its sha256, the pin), why it is asked, the diff, then the question. Everything
// the config or the script wrote is terminal-safe.
func PromptText(h config.Hook, c consent.Check, diff string) string {
	var b strings.Builder
	b.WriteString("hookctl: a hook wants to run")
	switch {
	case c.Missing:
		b.WriteString(" (its script is missing since approval)")
	case c.Status == consent.StatusChanged:
		b.WriteString(" (changed since approval)")
	}
	b.WriteString("\n")
	field := func(label, value string) { fmt.Fprintf(&b, "  %s %s\n", label, termsafe.String(value)) }
	field("event:  ", h.Event)
	field("command:", h.Command)
	if h.Matcher != "" {
		field("matcher:", h.Matcher)
	}
	if len(h.Env) > 0 {
		field("env:    ", strings.Join(h.Env, " "))
	}
	for _, hd := range h.Headers {
		field("header: ", hd.Name+": "+hd.Written)
	}
	if len(h.AllowedEnv) > 0 {
		field("allowed_env:", strings.Join(h.AllowedEnv, ", "))
	}
	if h.Method != "" {
		field("method: ", h.Method)
	}
	promptScript(&b, h, c)
	if c.Reason != "" {
		fmt.Fprintf(&b, "  %s\n", termsafe.String(c.Reason))
	}
	b.WriteString(diff)
	b.WriteString("Allow this hook to run? [y/N] ")
	return b.String()
}

// promptScript writes the script a hook runs, the sha256 the approval would record and its pin.
func promptScript(b *strings.Builder, h config.Hook, c consent.Check) {
	script := h.ResolveScript()
	if script != "" {
		fmt.Fprintf(b, "  script:  %s\n", termsafe.String(script))
	}
	pin := c.Current
	if pin == nil && script != "" {
		pin, _ = consent.PinScript(script)
	}
	if pin != nil {
		fmt.Fprintf(b, "  sha256:  %s\n", pin.SHA256)
	}
	if h.Pinned() && h.PinExec {
		b.WriteString("  pin:     exec (runs as the checked file, /dev/fd/3)\n")
	}
}

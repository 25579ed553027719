package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// ScriptDiff words what changed in a hook's script since its approval, for a person: the
// unified diff against the approved copy, "missing" for a script that is gone, or why no diff
// can be shown. "" when the script did not change. maxLines, when not 0, clips the diff.
// Everything is terminal-safe: the diff is the script's own text, which may hold escapes.
func ScriptDiff(store *consent.Store, h config.Hook, c consent.Check, maxLines int) string {
	d, ok := store.DiffSinceApproval(h, c)
	if !ok {
		return ""
	}
	path := termsafe.String(d.Path)
	switch {
	case d.Missing:
		return fmt.Sprintf("script %s is missing (deleted or moved since approval): nothing to compare\n", path)
	case d.Err != nil:
		return fmt.Sprintf("script %s changed since approval; no diff: %s\n", path, termsafe.String(d.Err.Error()))
	}
	lines := strings.SplitAfter(strings.TrimSuffix(d.Unified, "\n"), "\n")
	if strings.HasPrefix(lines[0], "diff ") {
		lines = lines[1:] // the ---/+++ lines that follow name the two sides
	}
	if maxLines > 0 && len(lines) > maxLines {
		more := len(lines) - maxLines
		lines = append(lines[:maxLines:maxLines], fmt.Sprintf("\n... %d more line(s): hookctl hooks list --diff\n", more))
	}
	return termsafe.Lines(strings.Join(lines, "")) + "\n"
}

// ScriptDiffs is, for each hook whose script changed since its approval, what changed.
func ScriptDiffs(store *consent.Store, list *consent.Allowlist, hooks []config.Hook) string {
	var b strings.Builder
	for _, h := range hooks {
		if text := ScriptDiff(store, h, list.Check(h), 0); text != "" {
			fmt.Fprintf(&b, "\n%s on %s:\n%s", termsafe.String(h.Command), termsafe.String(h.Event), text)
		}
	}
	return b.String()
}

// Approved is what `hooks approve` says it approved: each approval with its script, hash, pin
// and files, then the count and the allowlist written.
func Approved(approved []consent.Approval, allowlist string) *display.Doc {
	d := &display.Doc{}
	for _, ap := range approved {
		d.Add(display.Span{Text: "approved", Tone: display.Good}, display.Span{Text: " " + termsafe.String(ap.Event) + "  " + termsafe.String(ap.Command)})
		if ap.Script != nil {
			d.Add(display.Span{Text: "  script: " + termsafe.String(ap.Script.Path)})
			d.Add(display.Span{Text: "  sha256: " + ap.Script.SHA256})
			if ap.Pin != "" {
				d.Add(display.Span{Text: "  pin:    " + ap.Pin})
			}
		}
		for _, f := range ap.Files {
			d.Add(display.Span{Text: "  file:   " + termsafe.String(f.String())})
		}
	}
	d.Add(display.Span{Text: fmt.Sprintf("%d hook(s) approved in %s", len(approved), termsafe.String(allowlist))})
	return d
}

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

// ProjectDiffs is ScriptDiffs for the project's scripts, against the copies its own approvals
// keep (SPEC 25.4); "" for no project or approvals that cannot be read.
func ProjectDiffs(v *Project) string {
	if v == nil || v.Layer == nil {
		return ""
	}
	list, err := v.Layer.Store.Load()
	if err != nil {
		return ""
	}
	return ScriptDiffs(v.Layer.Store, list, v.Layer.Config.Hooks)
}

// ProjectRevoked is what `hooks revoke --project` says it did in the project at root: total
// approvals of what revoked ("" for every one), forgot guards the person's record remembered
// ended.
func ProjectRevoked(what, root string, total, forgot int) *display.Doc {
	d := &display.Doc{}
	if what == "" {
		what = "the project's hooks"
	}
	if total > 0 {
		d.Add(display.Span{Text: fmt.Sprintf("revoked %d approval(s) of %s in the project %s", total, termsafe.String(what), termsafe.String(root))})
	}
	if forgot > 0 {
		d.Add(display.Span{Text: fmt.Sprintf("ended %d guard(s) of the project that its approvals no longer held", forgot)})
	}
	return d
}

// Added is what `hooks add` says of the entry it wrote to the config at path.
func Added(path, event, matcher, command string) *display.Doc {
	d := &display.Doc{}
	d.Add(display.Span{Text: "added to " + termsafe.String(path) + ", "}, display.Span{Text: "not approved", Tone: display.Warning}, display.Span{Text: ":"})
	if matcher == "" {
		matcher = "-"
	}
	d.Table("  ", [][]display.Span{{{Text: event}, {Text: termsafe.String(matcher)}, {Text: termsafe.String(command)}}})
	return d
}

// ApproveLater is what a person is told to run when hooks just written are not approved at
// once: the approve command of each (event, command) pair.
func ApproveLater(hooks [][2]string) *display.Doc {
	d := &display.Doc{}
	d.Add(display.Span{Text: "Review the script, then approve it at your terminal:"})
	for _, h := range hooks {
		d.Add(display.Span{Text: "  " + termsafe.String("hookctl hooks approve "+config.ShellQuote(h[1])+" --event "+h[0])})
	}
	return d
}

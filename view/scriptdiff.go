package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
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

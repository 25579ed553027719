package main

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/view"
)

// promptDiffLines bounds the diff a prompt shows: the question must stay on the screen. The
// whole diff is one command away.
const promptDiffLines = 40

// scriptDiffText is view.ScriptDiff.
func scriptDiffText(store *consent.Store, h config.Hook, c consent.Check, maxLines int) string {
	return view.ScriptDiff(store, h, c, maxLines)
}

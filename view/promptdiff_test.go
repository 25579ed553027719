package view

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// The prompt of a hook changed since approval shows the diff against the approved copy, clipped
// so the question stays on the screen, escaped so the script cannot repaint the terminal, and
// above the question; a deleted script is "missing".
func TestPromptShowsDiffSinceApproval(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"), config.Options{})
	if len(cfg.Hooks) != 1 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	h := cfg.Hooks[0]
	store := consent.NewStore(filepath.Join(dir, "home", "allowlist.json"))
	if _, err := store.Approve(h); err != nil {
		t.Fatal(err)
	}
	var edit strings.Builder
	edit.WriteString("#!/bin/sh\nprintf '\x1b[2J'\n")
	for i := range 2 * PromptDiffLines {
		fmt.Fprintf(&edit, "echo %d\n", i)
	}
	if err := os.WriteFile(script, []byte(edit.String()), 0o755); err != nil {
		t.Fatal(err)
	}
	ask := func() string {
		list, err := store.Load()
		if err != nil {
			t.Fatal(err)
		}
		c := list.Check(h)
		return PromptText(h, c, PromptDiff(store, h, c))
	}
	text := ask()
	for _, want := range []string{"changes since approval:\n", "-exit 0\n", `+printf '\x1b[2J'`, "more line(s): hookctl hooks list --diff"} {
		if !strings.Contains(text, want) {
			t.Errorf("prompt lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "\x1b") {
		t.Errorf("the prompt holds a raw escape:\n%q", text)
	}
	if strings.Count(text, "\n") > PromptDiffLines+20 {
		t.Errorf("the prompt has %d lines, the diff is not clipped", strings.Count(text, "\n"))
	}
	if !strings.HasSuffix(text, "Allow this hook to run? [y/N] ") || strings.Index(text, "-exit 0") > strings.Index(text, "Allow this hook") {
		t.Errorf("the diff is not above the question:\n%s", text)
	}

	if err := os.Remove(script); err != nil {
		t.Fatal(err)
	}
	text = ask()
	if !strings.Contains(text, "its script is missing since approval") || strings.Contains(text, "changed since approval") {
		t.Errorf("a deleted script's prompt says changed, not missing:\n%s", text)
	}
}

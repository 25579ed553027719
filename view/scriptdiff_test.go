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

func TestScriptDiff(t *testing.T) {
	long := "#!/bin/sh\nprintf '\x1b[2J'\n"
	for i := range 50 {
		long += fmt.Sprintf("echo %d\n", i)
	}
	tests := []struct {
		name     string
		edit     func(script string) error
		maxLines int
		has      []string
		empty    bool
	}{
		{"unchanged: nothing", func(string) error { return nil }, 0, nil, true},
		{"changed: the diff, escapes made visible", func(s string) error { return os.WriteFile(s, []byte(long), 0o755) }, 0,
			[]string{"-exit 0\n", `+printf '\x1b[2J'`, "+echo 49\n"}, false},
		{"clipped, naming the whole diff's command", func(s string) error { return os.WriteFile(s, []byte(long), 0o755) }, 10,
			[]string{"more line(s): hookctl hooks list --diff"}, false},
		{"deleted: missing", os.Remove, 0, []string{"is missing (deleted or moved since approval)"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			script := filepath.Join(dir, "guard.sh")
			if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"), config.Options{})
			h := cfg.Hooks[0]
			store := consent.NewStore(filepath.Join(dir, "home", "allowlist.json"))
			if _, err := store.Approve(h); err != nil {
				t.Fatal(err)
			}
			if err := tt.edit(script); err != nil {
				t.Fatal(err)
			}
			list, err := store.Load()
			if err != nil {
				t.Fatal(err)
			}
			text := ScriptDiff(store, h, list.Check(h), tt.maxLines)
			all := ScriptDiffs(store, list, cfg.Hooks)
			if tt.empty != (text == "") || tt.empty != (all == "") {
				t.Fatalf("got %q and %q", text, all)
			}
			if !tt.empty && !strings.HasPrefix(all, "\n./guard.sh on pre_tool_call:\n") {
				t.Errorf("diffs %q", all)
			}
			for _, s := range tt.has {
				if !strings.Contains(text, s) {
					t.Errorf("lacks %q:\n%s", s, text)
				}
			}
			if strings.Contains(text, "\x1b") {
				t.Errorf("a raw escape: %q", text)
			}
			if tt.maxLines > 0 && strings.Count(text, "\n") > tt.maxLines+3 {
				t.Errorf("not clipped: %d lines", strings.Count(text, "\n"))
			}
		})
	}
}

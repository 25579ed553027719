package install

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestProtected: hookctl's binaries and the wiring memory are files; the settings install
// wrote and the wired agents' switch files are settings, each once, the switch files asked
// for each wired agent once.
func TestProtected(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "hookctl")
	home := t.TempDir()
	m := Memory{Wired: []Remembered{
		{Agent: "claude-code", File: "/h/.claude/settings.json", Event: "pre_tool_call"},
		{Agent: "claude-code", File: "/h/.claude/settings.json", Event: "post_tool_call"},
		{Agent: "codex", File: "/h/.codex/hooks.json", Event: "pre_tool_call"},
	}}
	var asked []string
	files, settings := Protected(bin, home, m, func(agents []string) []string {
		asked = append(asked, agents...)
		return []string{"/h/.claude/settings.json", "/h/.claude/settings.local.json"}
	})
	wantFiles := []string{bin, filepath.Join(filepath.Dir(bin), "hookctl-serve"), MemoryPath(home)}
	wantSettings := []string{"/h/.claude/settings.json", "/h/.codex/hooks.json", "/h/.claude/settings.local.json"}
	if fmt.Sprint(files) != fmt.Sprint(wantFiles) || fmt.Sprint(settings) != fmt.Sprint(wantSettings) {
		t.Errorf("Protected = %q, %q; want %q, %q", files, settings, wantFiles, wantSettings)
	}
	if fmt.Sprint(asked) != "[claude-code codex]" {
		t.Errorf("switch files asked for %q, want each wired agent once", asked)
	}
}

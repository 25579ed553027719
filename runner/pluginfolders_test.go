package runner

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/selfguard"
)

// TestPluginFoldersGuarded: with OpenCode wired, a new plugin in its plugin folder (which would
// run beside hookctl's and could undo its decision) is denied as the attack it is, and so is
// one written over hookctl's own; reading the folder is not.
func TestPluginFoldersGuarded(t *testing.T) {
	home := t.TempDir()
	plugin := filepath.Join(home, ".config", "opencode", "plugins", "hookctl.js")
	settings := []string{filepath.Join(home, ".claude", "settings.json"), plugin}
	folders := pluginFolders(settings)
	if len(folders) != 1 || folders[0] != filepath.Dir(plugin) {
		t.Fatalf("pluginFolders = %q, want the plugin's folder alone", folders)
	}
	p := selfguard.Protected{Settings: settings, Trees: folders}
	for _, tc := range []struct {
		command string
		deny    bool
	}{
		{"printf 'export const X = async () => ({})' > ~/.config/opencode/plugins/first.js", true},
		{"cp /tmp/evil.ts " + filepath.Dir(plugin) + "/", true},
		{"rm -rf ~/.config/opencode/plugins", true},
		{": > ~/.config/opencode/plugins/hookctl.js", true},
		{"ls ~/.config/opencode/plugins", false},
	} {
		t.Run(tc.command, func(t *testing.T) {
			input, _ := json.Marshal(map[string]string{"command": tc.command})
			reason, deny := selfguard.Judge(p, selfguard.Call{Tool: "bash", Input: input, Cwd: home, Home: home})
			if deny != tc.deny {
				t.Errorf("denied %v (%s), want %v", deny, reason, tc.deny)
			}
		})
	}
}

package selfguard

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzJudge checks that no tool call makes Judge panic, and that a denial's reason is one
// printable line.
func FuzzJudge(f *testing.F) {
	seeds := []struct{ tool, input string }{
		{"Bash", `{"command":"rm -rf ~/.agent-hooks"}`},
		{"Bash", `{"command":["bash","-lc","hookctl hooks approve x"]}`},
		{"Bash", `{"command":"yes | script -qec \"hookctl uninstall claude-code\" /dev/null"}`},
		{"Bash", `{"command":"for f in ~/.agent-hooks/*; do rm \"$f\"; done; cat <<EOF > x\n$(id)\nEOF"}`},
		{"Bash", `{"command":"echo $'\\x7e' ${X:-~/.agent-hooks} {a,b} $((1+2)) <(ls) @(x)"}`},
		{"Edit", `{"file_path":"settings.json","old_string":"a","new_string":"b"}`},
		{"MultiEdit", `{"file_path":"settings.json","edits":[{"old_string":"","new_string":"{}"}]}`},
		{"apply_patch", `{"input":"*** Begin Patch\n*** Update File: a\n*** Move to: b\n--- a/x\n+++ b/y\n"}`},
		{"mcp__s__t", `{"a":[1,{"b":"~/.agent-hooks/allowlist.json"}]}`},
		{"run_commands", `{"commands":"[\"ls\",\"rm x\"]"}`},
		{"frobnicate", `not json ~/.agent-hooks`},
	}
	for _, s := range seeds {
		f.Add(s.tool, s.input, "proj")
	}
	root := f.TempDir()
	home := filepath.Join(root, "home")
	hh := filepath.Join(home, ".agent-hooks")
	p := Protected{
		Dirs:     []string{hh},
		Files:    []string{hh + "/allowlist.json", home + "/proj/guard.sh"},
		Settings: []string{home + "/settings.json", home + "/config.toml"},
	}
	f.Fuzz(func(t *testing.T, tool, input, cwd string) {
		c := Call{Tool: tool, Input: json.RawMessage(input), Cwd: filepath.Join(home, cwd), Home: home}
		reason, deny := Judge(p, c)
		if deny == (reason == "") {
			t.Fatalf("deny %v with reason %q", deny, reason)
		}
		if strings.ContainsAny(reason, "\n\r\x1b\x00") {
			t.Fatalf("reason %q is not one printable line", reason)
		}
	})
}

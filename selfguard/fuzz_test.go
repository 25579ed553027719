package selfguard

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fuzzLimit is a generous "did not hang" bound for one judgement of a fuzzed call.
const fuzzLimit = 5 * time.Second

// FuzzJudge checks that no tool call makes Judge panic or keeps it past fuzzLimit, and that a
// denial's reason is one printable line. The seeds hold the commands that once kept it for
// minutes (nested $(...), `| sh` chains); the corpus is in testdata/fuzz/FuzzJudge.
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
	for _, cmd := range []string{nestedSubst(26), shChain(300), nestedBash(6),
		"echo x | python3 | python3 | sh | sh <<EOF\n$(echo $(echo rm ~/.agent-hooks))\nEOF",
		"X=ab; X=$X$X; X=$X$X; X=$X$X; eval $X", "cat <(cat <(echo ~/.agent-hooks)) | xargs rm"} {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		f.Add("Bash", string(in), "proj")
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
		start := time.Now()
		reason, deny := Judge(p, c)
		if d := time.Since(start); d > fuzzLimit {
			t.Fatalf("%d bytes judged in %v", len(input), d)
		}
		if deny == (reason == "") {
			t.Fatalf("deny %v with reason %q", deny, reason)
		}
		if strings.ContainsAny(reason, "\n\r\x1b\x00") {
			t.Fatalf("reason %q is not one printable line", reason)
		}
	})
}

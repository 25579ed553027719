//go:build unix

package guides

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

// TestReadmeGuardUnderHookctl runs the README's first guard as Claude Code's hookctl runs it:
// approved, then judged by a real `hookctl run --agent claude-code` process, which gives a
// guard the guard PATH (root's folders and hookctl's own, which holds hookctl alone here) and
// no jq. It denies `cat .env` and lets `ls` through: hookctl field is found there.
func TestReadmeGuardUnderHookctl(t *testing.T) {
	home := t.TempDir()
	hook := readmeGuard(t, home)
	if _, err := consent.NewStore(filepath.Join(home, "allowlist.json")).Approve(hook); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		command string
		deny    bool
	}{{"cat .env", true}, {"ls -la", false}} {
		t.Run(tc.command, func(t *testing.T) {
			payload := `{"session_id":"s","cwd":"` + home + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + tc.command + `"}}`
			cmd := exec.Command("hookctl", "run", "--agent", "claude-code")
			cmd.Env = append(os.Environ(), "HOOKCTL_HOME="+home, "HOME="+home)
			cmd.Stdin = strings.NewReader(payload)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("hookctl run: %v\n%s", err, stderr.String())
			}
			denied := bytes.Contains(out, []byte(`"permissionDecision":"deny"`))
			if denied != tc.deny || tc.deny && !bytes.Contains(out, []byte("no .env files")) {
				t.Errorf("deny = %v, want %v: %s\n%s", denied, tc.deny, out, stderr.String())
			}
		})
	}
}

package runner

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestUnjudgedOf: a failed run's state, with nothing recorded, blocks by the configured guard
// alone; the record's path is the allowlist's.
func TestUnjudgedOf(t *testing.T) {
	home := t.TempDir()
	src := GuardSource{Allowlist: filepath.Join(home, "allowlist.json"), Config: filepath.Join(home, "config.yaml"), Home: home}
	bash := "Bash"
	guard := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", FailClosed: true}
	for _, tc := range []struct {
		name  string
		cfg   *config.Config
		block bool
	}{
		{name: "a configured guard", cfg: &config.Config{Hooks: []config.Hook{guard}}, block: true},
		{name: "no config read, nothing recorded", cfg: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := UnjudgedOf(src, "pre_tool_call", &bash, true, tc.cfg)
			if u.Event != "pre_tool_call" || u.Tool != &bash || !u.ToolKnown || u.Config != tc.cfg || u.GuardPath == "" {
				t.Fatalf("UnjudgedOf = %+v", u)
			}
			b, ok := u.Block(lookup(t, "claude-code"), errTest)
			if ok != tc.block {
				t.Fatalf("blocks = %v, want %v", ok, tc.block)
			}
			if !ok {
				return
			}
			var answer struct {
				HookSpecificOutput struct {
					PermissionDecision string `json:"permissionDecision"`
				} `json:"hookSpecificOutput"`
			}
			if err := json.Unmarshal(b.Answer(lookup(t, "claude-code")), &answer); err != nil || answer.HookSpecificOutput.PermissionDecision != "deny" {
				t.Fatalf("Answer = %+v, %v; want a deny", answer, err)
			}
		})
	}
}

var errTest = testError("the payload could not be read")

type testError string

func (e testError) Error() string { return string(e) }

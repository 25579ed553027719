package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/doctor"
)

// codexHooks is a hooks.json as `hookctl install codex` writes it; the hashes below are the
// currentHash Codex 0.169 itself reported for these entries (app-server, hooks/list).
const codexHooks = `{
  "hooks": {
    "PreToolUse": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "'/tmp/dl/hookctl' run --agent codex --deadline 65",
            "timeout": 65
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "'/tmp/dl/hookctl' run --agent codex --deadline 12",
            "timeout": 12
          }
        ]
      }
    ]
  }
}`

const (
	codexPreHash  = "sha256:1513a890fe645a6759559268b5fbe6670443381fdb39e035a3564689874ccd58"
	codexStopHash = "sha256:1893d470d7197439b90a3f497822457ab4494d4f848cfc40644bb56b33035f45"
)

func TestCodexTrust(t *testing.T) {
	codexHome := filepath.Join(t.TempDir(), ".codex")
	if err := os.MkdirAll(codexHome, 0o700); err != nil {
		t.Fatal(err)
	}
	hooks := filepath.Join(codexHome, "hooks.json")
	if err := os.WriteFile(hooks, []byte(codexHooks), 0o600); err != nil {
		t.Fatal(err)
	}
	preKey, stopKey := hooks+":pre_tool_use:0:0", hooks+":stop:0:0"
	// The keys as TOML's basic strings write them: a Windows path's backslashes escaped.
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	preQ, stopQ := esc.Replace(preKey), esc.Replace(stopKey)
	for _, tc := range []struct {
		name, config string
		pre, stop    Trust
	}{
		{"no config.toml", "", TrustUntrusted, TrustUntrusted},
		{"both trusted", `model = "m"
[hooks.state."` + preQ + `"]
trusted_hash = "` + codexPreHash + `"

[hooks.state."` + stopQ + `"]
trusted_hash = "` + codexStopHash + `"
`, TrustTrusted, TrustTrusted},
		// A reinstall that changed the entry's timeout changes its hash: Codex no longer runs it.
		{"one changed since", `[hooks.state."` + preQ + `"]
trusted_hash = "` + codexStopHash + `"
`, TrustModified, TrustUntrusted},
		{"turned off", `[hooks.state."` + preQ + `"]
trusted_hash = "` + codexPreHash + `"
enabled = false
`, TrustDisabled, TrustUntrusted},
		{"inline tables", `hooks = { state = { "` + stopQ + `" = { trusted_hash = "` + codexStopHash + `" } } }
`, TrustUntrusted, TrustTrusted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := filepath.Join(codexHome, "config.toml")
			os.Remove(config)
			if tc.config != "" {
				if err := os.WriteFile(config, []byte(tc.config), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := CodexTrust(codexHome, hooks, "hookctl")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 || got[0].AgentEvent != "PreToolUse" || got[0].Key != preKey || got[0].Trust != tc.pre ||
				got[1].AgentEvent != "Stop" || got[1].Trust != tc.stop {
				t.Errorf("got %+v, want PreToolUse %s, Stop %s", got, tc.pre, tc.stop)
			}
		})
	}
}

func TestCodexTrustBadConfig(t *testing.T) {
	codexHome := t.TempDir()
	hooks := filepath.Join(codexHome, "hooks.json")
	os.WriteFile(hooks, []byte(codexHooks), 0o600)
	os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte("[hooks\n"), 0o600)
	if _, err := CodexTrust(codexHome, hooks, "hookctl"); err == nil {
		t.Error("a config.toml that does not parse gave no error")
	}
}

// TestCodexTrustFindingsMerged: Codex's untrusted entries in one file are one finding for each
// reason, naming them all, not one finding per event.
func TestCodexTrustFindingsMerged(t *testing.T) {
	untrusted := [][2]string{{"PreToolUse", "not trusted yet"}, {"PostToolUse", "not trusted yet"},
		{"UserPromptSubmit", "turned off in /hooks"}, {"SubagentStop", "not trusted yet"}}
	got := codexTrustFindings("/h/.codex/hooks.json", untrusted)
	if len(got) != 2 {
		t.Fatalf("%d findings, want one per reason: %+v", len(got), got)
	}
	if got[0].Severity != doctor.SeverityError || got[0].Event != "" ||
		!strings.Contains(got[0].Message, "entries for PreToolUse, PostToolUse, SubagentStop in /h/.codex/hooks.json (not trusted yet)") ||
		!strings.Contains(got[0].Message, "pre_tool_call, post_tool_call, subagent_stop") {
		t.Errorf("merged finding = %+v", got[0])
	}
	if got[1].Severity != doctor.SeverityWarning || got[1].Event != "pre_llm_call" || !strings.Contains(got[1].Message, "entry for UserPromptSubmit") {
		t.Errorf("single finding = %+v", got[1])
	}
}

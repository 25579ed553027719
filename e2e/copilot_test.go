//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// GitHub Copilot CLI (@github/copilot): offline, with its own provider pointed at the scripted
// model's Responses API (COPILOT_PROVIDER_BASE_URL, wire API "responses"), any key and no
// GitHub login; `copilot -p` with every tool allowed, no auto-update, no telemetry. Its hooks
// are hookctl's own file, ~/.copilot/hooks/hookctl.json, which runs with no trust step.
func init() {
	rows = append(rows, &Agent{
		Name:  "copilot",
		Bin:   "copilot",
		Shell: "bash",
		ShellInput: func(command string) map[string]any {
			return map[string]any{"command": command, "description": "Run the command the test needs"}
		},
		Settings:    ".copilot/hooks/hookctl.json",
		TimeoutUnit: time.Second,
		TimeoutKey:  "timeoutSec",
		Timeouts:    copilotTimeouts,
		ToolOf: func(payload []byte) (string, json.RawMessage) {
			var p struct {
				ToolName string          `json:"toolName"`
				ToolArgs json.RawMessage `json:"toolArgs"`
			}
			_ = json.Unmarshal(payload, &p)
			return p.ToolName, p.ToolArgs
		},
		Env: func(e *Env) []string {
			return []string{
				"COPILOT_OFFLINE=true",
				"COPILOT_PROVIDER_BASE_URL=" + e.URL + "/v1",
				"COPILOT_PROVIDER_WIRE_API=responses",
				"COPILOT_PROVIDER_API_KEY=e2e-any-key",
				"COPILOT_MODEL=scripted",
			}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{"-p", prompt, "--allow-all", "--no-auto-update", "--disable-client-telemetry", "--output-format", "json"}
		},
		// A rewrite no hook allowed is a deny that asks for confirmation: Copilot was not seen
		// to carry modifiedArgs without allow.
		RewriteAlone: RewriteRefused,
		Cannot: map[string]string{
			"continue-false-stops": "Copilot CLI ignores continue:false on preToolUse (it takes no stop on a tool call): hookctl denies the call instead",
			"unapproved-skipped":   "Copilot CLI shows no hook's stderr under -p",
			"wall-start":           "Copilot CLI cannot start behind the wall: it makes ~/.cache, and nothing can be made directly in HOME there",
		},
	})
}

// copilotTimeouts are the timeoutSec of the entries of hookctl's hook file that run this
// hookctl (Copilot's entries keep their command under "bash").
func copilotTimeouts(e *Env) ([]time.Duration, error) {
	data, err := os.ReadFile(filepath.Join(e.Home, e.Agent.Settings))
	if err != nil {
		return nil, err
	}
	var f struct {
		Hooks map[string][]struct {
			Bash       string  `json:"bash"`
			TimeoutSec float64 `json:"timeoutSec"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", e.Agent.Settings, err)
	}
	var out []time.Duration
	for _, entries := range f.Hooks {
		for _, h := range entries {
			if strings.Contains(h.Bash, *hookctlBin) {
				out = append(out, time.Duration(h.TimeoutSec*float64(time.Second)))
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s has no entry running %s", e.Agent.Settings, *hookctlBin)
	}
	return out, nil
}

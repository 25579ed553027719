//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"time"
)

// pi (@mariozechner/pi-coding-agent): a provider of its own in ~/.pi/agent/models.json at the
// scripted model's Chat Completions ("api": "openai-completions"), `pi --provider e2e --model
// scripted -p PROMPT`. Install writes hookctl's plugin into ~/.pi/agent/extensions; pi awaits
// its tool_call handler, whose {block: true} the model gets as the tool's error.
func init() {
	rows = append(rows, &Agent{
		Name:        "pi",
		Bin:         "pi",
		Shell:       "bash",
		Settings:    ".pi/agent/extensions/hookctl.js",
		TimeoutUnit: time.Second,
		Timeouts:    pluginDeadlines(".pi/agent/extensions"),
		Prepare: func(e *Env) error {
			models := fmt.Sprintf(`{"providers": {"e2e": {"baseUrl": %q, "api": "openai-completions", "apiKey": "e2e-any-key",
  "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false}, "models": [{"id": "scripted"}]}}}
`, e.URL+"/v1")
			e.WriteFile(filepath.Join(e.Home, ".pi", "agent", "models.json"), models, 0o644)
			return nil
		},
		Env: func(e *Env) []string { return []string{"PI_OFFLINE=1"} },
		Args: func(_ *Env, prompt string) []string {
			return []string{"--provider", "e2e", "--model", "scripted", "-p", prompt}
		},
		RewriteAlone: RewriteRuns,
		Default:      pluginDefault,
		Cannot:       pluginCannot("pi"),
		// Its tool_call handler carries no context (hookctl warns).
		DropsToolContext: true,
	})
}

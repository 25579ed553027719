//go:build e2e

package e2e

import (
	"github.com/hookctl/hookctl/e2e/model"
	"os"
	"path/filepath"
	"time"
)

// Claude Code (@anthropic-ai/claude-code): the Messages API at ANTHROPIC_BASE_URL, any key,
// `claude -p` with permissions bypassed (as root it wants IS_SANDBOX=1 for that mode).
func init() {
	rows = append(rows, &Agent{
		Name:        "claude-code",
		Bin:         "claude",
		Shell:       "Bash",
		Settings:    ".claude/settings.json",
		TimeoutUnit: time.Second,
		PersonSettings: `{
  "permissions": {"allow": ["Bash(ls:*)"]},
  "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "true"}]}]}
}
`,
		Env: func(e *Env) []string {
			return []string{
				"ANTHROPIC_BASE_URL=" + e.URL,
				"ANTHROPIC_API_KEY=e2e-any-key",
				"IS_SANDBOX=1",
				"DISABLE_TELEMETRY=1",
				"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
				"DISABLE_AUTOUPDATER=1",
				"DISABLE_ERROR_REPORTING=1",
			}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{"-p", prompt, "--permission-mode", "bypassPermissions", "--output-format", "json"}
		},
		// Under -p a hook's stderr is not printed; Claude Code keeps it in the session's
		// transcript (~/.claude/projects/PROJECT/SESSION.jsonl), which its transcript view
		// (Ctrl+O) shows the person.
		Shown: func(e *Env, r *AgentRun) string {
			shown := r.Output()
			transcripts, _ := filepath.Glob(filepath.Join(e.Home, ".claude", "projects", "*", "*.jsonl"))
			for _, t := range transcripts {
				data, _ := os.ReadFile(t)
				shown += "\n" + string(data)
			}
			return shown
		},
		FileAttack: func(path string, _ []byte) model.Call {
			return model.Call{Name: "Write", Args: map[string]any{"file_path": path, "content": emptyAllowlist}}
		},
		Cannot: map[string]string{
			"continue-false-stops": "Claude Code 2.1.197 takes a PreToolUse answer's deny or its continue:false, not both: continue:false alone runs the tool, then stops; beside the deny hookctl writes (13.2) the tool does not run but the deny goes to the model and the agent goes on (2.1.331 stops)",
		},
		// hookctl answers a rewrite alone with permissionDecision "ask"; under -p Claude Code
		// cannot ask, and runs nothing.
		RewriteAlone: RewriteRefused,
	})
}

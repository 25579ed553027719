//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"github.com/hookctl/hookctl/e2e/model"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// Cline (cline): an OpenAI-compatible provider (Chat Completions) set as `cline auth -p
// openai-compatible -b URL` writes it (providers.json, which needs updatedAt), any key,
// telemetry off in its global settings, the session backend local (else a daemon outlives the
// run), `cline PROMPT` with tools auto-approved. Its hooks are the executables install writes
// in ~/.cline/hooks; only cancel blocks, and it ends the task.
func init() {
	cancelEnds := "Cline's cancel ends the whole task: the model never gets a tool result or a reason"
	rows = append(rows, &Agent{
		Name:  "cline",
		Bin:   "cline",
		Shell: "run_commands",
		ShellInput: func(command string) map[string]any {
			return map[string]any{"commands": []string{command}}
		},
		// One of the files install writes: install then uninstall must leave none.
		Settings:    ".cline/hooks/PreToolUse",
		TimeoutUnit: time.Second,
		Timeouts:    clineDeadlines,
		ToolOf: func(payload []byte) (string, json.RawMessage) {
			var p struct {
				PreToolUse  struct{ ToolName string }       `json:"preToolUse"`
				PostToolUse struct{ ToolName string }       `json:"postToolUse"`
				ToolCall    struct{ Input json.RawMessage } `json:"tool_call"`
				ToolResult  struct{ Input json.RawMessage } `json:"tool_result"`
			}
			_ = json.Unmarshal(payload, &p)
			if p.PostToolUse.ToolName != "" {
				return p.PostToolUse.ToolName, p.ToolResult.Input
			}
			return p.PreToolUse.ToolName, p.ToolCall.Input
		},
		Prepare: func(e *Env) error {
			data := filepath.Join(e.Home, ".cline", "data", "settings")
			providers := fmt.Sprintf(`{"version": 1, "lastUsedProvider": "openai-compatible", "modes": {}, "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "apiKey": "e2e-any-key", "model": "scripted", "baseUrl": %q}, "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}}`, e.URL+"/v1")
			e.WriteFile(filepath.Join(data, "providers.json"), providers, 0o600)
			e.WriteFile(filepath.Join(data, "settings.json"), `{"telemetryOptOut": true, "autoUpdateEnabled": false}`, 0o600)
			return nil
		},
		Env: func(e *Env) []string {
			return []string{"CLINE_SESSION_BACKEND_MODE=local", "CLINE_TELEMETRY_DISABLED=1"}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{prompt, "--auto-approve", "true", "--json"}
		},
		// overrideInput: the rewritten command runs (Cline has no permission check of its own
		// to keep under --auto-approve).
		RewriteAlone: RewriteRuns,
		FileAttack: func(path string, old []byte) model.Call {
			return model.Call{Name: "editor", Args: map[string]any{"path": path, "old_text": string(old), "new_text": emptyAllowlist}}
		},
		Cannot: map[string]string{
			"guard-denies":              cancelEnds,
			"exit2-blocks":              cancelEnds,
			"source-beside-dollar0":     cancelEnds,
			"source-beside-bash-source": cancelEnds,
			"unapproved-skipped":        "Cline shows no hook's stderr under a non-interactive run",
			"project-dir-guard":         "Cline 3.0.65 sets no $CLAUDE_PROJECT_DIR for its hooks (hookctl sets it from the payload under Claude Code and Copilot only): the path is not the script approved in the project, so fail_closed blocks",
			"context-reaches-model":     "Cline runs UserPromptSubmit hooks detached and never reads their answer",
			"pre-verify-continues":      "Cline runs TaskComplete hooks detached, after the task ended",
		},
	})
}

// clineDeadlines are the --deadline of the hook files install wrote: Cline's own limit is a
// fixed 120 s, so the deadline hookctl is given is the timeout install chose.
func clineDeadlines(e *Env) ([]time.Duration, error) {
	files, _ := filepath.Glob(filepath.Join(e.Home, ".cline", "hooks", "*"))
	re := regexp.MustCompile(`--deadline (\d+)`)
	var out []time.Duration
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if m := re.FindSubmatch(data); m != nil {
			n, _ := strconv.Atoi(string(m[1]))
			out = append(out, time.Duration(n)*time.Second)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no hook file in ~/.cline/hooks runs hookctl with a --deadline")
	}
	return out, nil
}

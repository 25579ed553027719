//go:build e2e

package e2e

import (
	"encoding/json"
	"github.com/hookctl/hookctl/e2e/model"
	"path/filepath"
	"time"
)

// Gemini CLI (@google/gemini-cli): the Gemini API at GOOGLE_GEMINI_BASE_URL, GEMINI_API_KEY
// with the API-key auth selected in settings (with only the base URL, -p fails "Invalid auth
// method selected"), usage statistics and telemetry off, `gemini -p --yolo`. The model is named
// in settings: without it Gemini's model router sends side requests that want JSON and retries
// them, which made one turn take two minutes instead of ten seconds. Gemini runs no hooks from
// settings in a folder it does not trust, so the project folder is trusted the way its own trust
// dialog records it (~/.gemini/trustedFolders.json), the step `hookctl install gemini` names.
func init() {
	rows = append(rows, &Agent{
		Name:        "gemini",
		Bin:         "gemini",
		Shell:       "run_shell_command",
		Settings:    ".gemini/settings.json",
		TimeoutUnit: time.Millisecond,
		Prepare: func(e *Env) error {
			settings := `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "model": {"name": "gemini-2.5-flash"}
}
`
			e.WriteFile(filepath.Join(e.Home, ".gemini", "settings.json"), settings, 0o644)
			trusted, err := json.Marshal(map[string]string{e.Project: "TRUST_FOLDER"})
			if err != nil {
				return err
			}
			e.WriteFile(filepath.Join(e.Home, ".gemini", "trustedFolders.json"), string(trusted), 0o644)
			return nil
		},
		Env: func(e *Env) []string {
			return []string{
				"GEMINI_API_KEY=e2e-any-key",
				"GOOGLE_GEMINI_BASE_URL=" + e.URL,
				"TERM=dumb",
			}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{"-p", prompt, "--yolo", "--output-format", "json"}
		},
		FileAttack: func(path string, _ []byte) model.Call {
			return model.Call{Name: "write_file", Args: map[string]any{"file_path": path, "content": emptyAllowlist}}
		},
		Cannot: map[string]string{
			"unapproved-skipped": "Gemini CLI under -p shows no hook's stderr when it exits 0, and hookctl always exits 0 with a JSON object there (Gemini would read stderr as the answer otherwise, 13.2)",
		},
		// A rewrite no hook allowed is written as Gemini's tool_input with no permission check to
		// keep under --yolo: the rewritten command runs.
		RewriteAlone: RewriteRuns,
	})
}

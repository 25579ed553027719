//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"
)

// Factory Droid (@factory/cli, with its linux-x64 package named at the release that exists): a
// custom model of the generic Chat Completions kind in ~/.factory/settings.json pointed at the
// scripted model with any key, `droid exec` with permissions skipped. It needs no login.
func init() {
	rows = append(rows, &Agent{
		Name:        "droid",
		Bin:         "droid",
		Shell:       "Execute",
		Settings:    ".factory/settings.json",
		TimeoutUnit: time.Second,
		PersonSettings: `{
  "customModels": [{"model": "gpt-mock", "displayName": "Mock", "baseUrl": "MODEL_URL/v1",
    "apiKey": "e2e-any-key", "provider": "generic-chat-completion-api"}],
  "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "true"}]}]}
}
`,
		Prepare: func(e *Env) error {
			e.WriteFile(filepath.Join(e.Home, ".factory", "settings.json"), fmt.Sprintf(`{
  "customModels": [{"model": "gpt-mock", "displayName": "Mock", "baseUrl": %q,
    "apiKey": "e2e-any-key", "provider": "generic-chat-completion-api"}]
}
`, e.URL+"/v1"), 0o644)
			return nil
		},
		Env: func(e *Env) []string {
			return []string{"TERM=dumb"}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{"exec", "-m", "custom:Mock-0", "--skip-permissions-unsafe", "-o", "json", prompt}
		},
		// Not context-reaches-model: see Cannot. Not kill-loop: droid exec 0.225.2 refuses
		// `rm -rf ~/keep` itself at times ("Dangerous command detected"), so a run does not
		// always tell what a killed hookctl let through (it runs under E2E_FULL).
		Default: slices.DeleteFunc(slices.Clone(newAgentDefault), func(c string) bool {
			return c == "context-reaches-model" || c == "kill-loop"
		}),
		Cannot: map[string]string{
			"context-reaches-model": "droid exec 0.225.2 fires no UserPromptSubmit, and drops a PreToolUse additionalContext (hookctl warns): no hook's context reaches the model under exec",
			"wall-start":            notWalled("Factory Droid"),
			"unapproved-skipped":    "droid exec 0.225.2 shows the person only its result (-o json): no hook's stderr or systemMessage, so hookctl's notice of a skipped hook is not shown there",
		},
		DropsToolContext: true,
		// A rewrite no hook allowed is a deny: droid reads updatedInput only beside an allow
		// (rewrite-alone, Full).
		RewriteAlone: RewriteRefused,
	})
}

//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// OpenCode (opencode-ai): a provider of @ai-sdk/openai-compatible (bundled in the binary) at
// the scripted model's Chat Completions, models.dev not fetched, every permission allowed as
// `opencode run` cannot ask, `opencode run PROMPT`. It runs no command hooks: install writes
// hookctl's plugin into ~/.config/opencode/plugins, which OpenCode loads at start and awaits
// before each tool call; a throw there fails the call and the model gets its message.
func init() {
	rows = append(rows, &Agent{
		Name:  "opencode",
		Bin:   "opencode",
		Shell: "bash",
		ShellInput: func(command string) map[string]any {
			return map[string]any{"command": command, "description": "Run the command"}
		},
		Settings:    ".config/opencode/plugins/hookctl.js",
		TimeoutUnit: time.Second,
		Timeouts:    pluginDeadlines(".config/opencode/plugins"),
		Prepare: func(e *Env) error {
			e.WriteFile(filepath.Join(e.Home, ".config", "opencode", "opencode.json"), openCodeConfig(e.URL), 0o644)
			noDependencyInstall(e, filepath.Join(e.Home, ".config", "opencode"), "@opencode-ai/plugin")
			noDependencyInstall(e, filepath.Join(e.Project, ".opencode"), "@opencode-ai/plugin")
			return nil
		},
		Env: func(e *Env) []string {
			return []string{"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_SHARE=1",
				"OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1"}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{"run", prompt}
		},
		// hookctl's plugin replaces the args the tool runs with: the rewritten command runs
		// (opencode run allows every permission here, so nothing is left to ask).
		RewriteAlone: RewriteRuns,
		RunTimeout:   150 * time.Second,
		Default:      pluginDefault,
		Cannot:       pluginCannot("OpenCode"),
		// Its tool.execute.before carries no context (hookctl warns).
		DropsToolContext: true,
	})
}

// openCodeConfig is OpenCode's (and Kilo's) config for the scripted model at url: every
// permission allowed, as a run cannot ask; more are further top-level members, each ending in a
// comma.
func openCodeConfig(url string, more ...string) string {
	return fmt.Sprintf(`{%s
  "provider": {"e2e": {"npm": "@ai-sdk/openai-compatible", "name": "e2e", "options": {"baseURL": %q, "apiKey": "e2e-any-key"},
    "models": {"scripted": {"name": "scripted", "tool_call": true}}}},
  "model": "e2e/scripted",
  "small_model": "e2e/scripted",
  "autoupdate": false,
  "share": "disabled",
  "permission": {"*": "allow", "external_directory": "allow", "bash": "allow", "edit": "allow"}
}
`, strings.Join(more, ""), url+"/v1")
}

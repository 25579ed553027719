package install

// systemFiles: the administrator files each agent documents for macOS (Codex and Copilot CLI
// read /etc there too).
var systemFiles = map[string]string{
	"claude-code": "/Library/Application Support/ClaudeCode/managed-settings.json",
	"codex":       "/etc/codex/requirements.toml",
	"copilot":     "/etc/github-copilot/policy.d/hookctl.json",
	"gemini":      "/Library/Application Support/GeminiCli/settings.json",
	"cursor":      "/Library/Application Support/Cursor/hooks.json",
	"windsurf":    "/Library/Application Support/Windsurf/hooks.json",
}

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// here.
const managedDirKey = "managed_dir"

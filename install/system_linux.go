package install

// systemFiles: the administrator files each agent documents for Linux.
var systemFiles = map[string]string{
	"claude-code": "/etc/claude-code/managed-settings.json",
	"codex":       "/etc/codex/requirements.toml",
	"copilot":     "/etc/github-copilot/policy.d/hookctl.json",
	"gemini":      "/etc/gemini-cli/settings.json",
	"cursor":      "/etc/cursor/hooks.json",
	"windsurf":    "/etc/windsurf/hooks.json",
}

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// here.
const managedDirKey = "managed_dir"

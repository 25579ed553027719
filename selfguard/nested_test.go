package selfguard

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf16"
)

// testAgents are the registrations' agents as runner passes them (SPEC 28.7).
var testAgents = []Nested{
	{Agent: "Claude Code", Programs: []string{"claude"}, Packages: []string{"@anthropic-ai/claude-code"},
		Flags: []string{"--settings", "--setting-sources", "--bare", "--safe-mode", "--managed-settings"},
		Envs:  []string{"CLAUDE_CODE_SIMPLE", "CLAUDE_CODE_SAFE_MODE", "CLAUDE_CONFIG_DIR"}},
	{Agent: "Codex", Programs: []string{"codex"}, Packages: []string{"@openai/codex"},
		Flags: []string{"-c", "--config", "--disable", "--profile", "--ignore-user-config"}, Envs: []string{"CODEX_HOME"}},
	{Agent: "Copilot CLI", Programs: []string{"copilot"}, Packages: []string{"@github/copilot"},
		Flags: []string{"--config-dir"}, Envs: []string{"COPILOT_HOME"}},
	{Agent: "Gemini CLI", Programs: []string{"gemini"}, Packages: []string{"@google/gemini-cli"},
		Envs: []string{"GEMINI_CLI_HOME", "GEMINI_CLI_SYSTEM_SETTINGS_PATH"}},
}

// TestJudgeNestedAgentAttacks: the guarded agent starts another agent without the person's
// hooks, by a flag or a variable that drops or moves its hook settings (SPEC 28.7).
func TestJudgeNestedAgentAttacks(t *testing.T) {
	f := newFixture(t)
	f.p.Agents = testAgents
	tests := []struct {
		command string
		agent   string // "" when the call passes
	}{
		{`claude --settings /tmp/x.json -p 'rm -rf ~'`, "Claude Code"},
		{`claude -p hi --settings=/tmp/x.json`, "Claude Code"},
		{`claude --bare -p hi`, "Claude Code"},
		{`claude --setting-sources project -p hi`, "Claude Code"},
		{`/usr/local/bin/claude --safe-mode -p hi`, "Claude Code"},
		{`CLAUDE_CONFIG_DIR=/tmp/c claude -p hi`, "Claude Code"},
		{`export CLAUDE_CONFIG_DIR=/tmp/c; claude -p hi`, "Claude Code"},
		{`env CLAUDE_CODE_SIMPLE=1 claude -p hi`, "Claude Code"},
		{`CODEX_HOME=/tmp/c codex exec hi`, "Codex"},
		{`env CODEX_HOME=/tmp/c codex exec hi`, "Codex"},
		{`sudo -u me env CODEX_HOME=/tmp/c codex exec hi`, "Codex"},
		{`codex -c features.hooks=false exec hi`, "Codex"},
		{`codex exec -cfeatures.hooks=false hi`, "Codex"},
		{`codex --config=features.hooks=false exec hi`, "Codex"},
		{`codex --config features.hooks=false exec hi`, "Codex"},
		{`codex --disable hooks exec hi`, "Codex"},
		{`codex --profile nohooks exec hi`, "Codex"},
		{`npx -y @anthropic-ai/claude-code --settings /tmp/x -p hi`, "Claude Code"},
		{`npx @openai/codex@0.169.0 -c features.hooks=false exec hi`, "Codex"},
		{`npx --package=@openai/codex codex -c features.hooks=false exec hi`, "Codex"},
		{`pnpm dlx @anthropic-ai/claude-code --bare -p hi`, "Claude Code"},
		{`node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js --bare -p hi`, "Claude Code"},
		{`bash -c 'CODEX_HOME=/tmp/c codex exec hi'`, "Codex"},
		{`echo hi | xargs claude --settings /tmp/x -p`, "Claude Code"},
		{`claude.cmd --settings x -p hi`, "Claude Code"},
		{`copilot --config-dir /tmp/c -p hi`, "Copilot CLI"},
		{`GEMINI_CLI_HOME=/tmp/g gemini -p hi`, "Gemini CLI"},
		{`$env:CODEX_HOME = "C:\tmp\c"; codex exec hi`, "Codex"},
		{`set CODEX_HOME=C:\tmp\c && codex exec hi`, "Codex"},
		{`& claude --settings x -p hi`, "Claude Code"},

		{`claude -p hi`, ""},
		{`claude -p "what does --settings do?"`, ""},
		{`codex exec "fix the test"`, ""},
		{`npx -y @anthropic-ai/claude-code -p hi`, ""},
		{`echo claude --settings x`, ""},
		{`grep -r CODEX_HOME .`, ""},
		{`claude-tools --settings x`, ""},
		{`CODEX_HOMEDIR=/tmp codex exec hi`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			reason, deny := Judge(f.p, f.call("Bash", bash(tt.command), ""))
			if deny != (tt.agent != "") {
				t.Fatalf("deny = %v, want %v (reason %q)", deny, tt.agent != "", reason)
			}
			if deny && (!strings.Contains(reason, "starts "+tt.agent) || !strings.Contains(reason, "it keeps only the system guards")) {
				t.Errorf("reason %q does not say %s keeps only the system guards", reason, tt.agent)
			}
		})
	}
}

// TestJudgeNestedAgentNoneListed: with no agents listed nothing of this kind is denied.
func TestJudgeNestedAgentNoneListed(t *testing.T) {
	f := newFixture(t)
	if reason, deny := Judge(f.p, f.call("Bash", bash(`claude --settings /tmp/x -p hi`), "")); deny {
		t.Errorf("denied with no agents listed: %q", reason)
	}
}

// TestJudgeNestedAgentArgv: Codex's argv form.
func TestJudgeNestedAgentArgv(t *testing.T) {
	f := newFixture(t)
	f.p.Agents = testAgents
	in := map[string]any{"command": []any{"env", "CODEX_HOME=/tmp/c", "codex", "exec", "hi"}}
	if _, deny := Judge(f.p, f.call("shell", in, "")); !deny {
		t.Error("codex started with CODEX_HOME in an argv was not denied")
	}
}

// utf16Base64 is text as PowerShell's -EncodedCommand takes it.
func utf16Base64(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return base64.StdEncoding.EncodeToString(b)
}

// TestJudgePowerShellEncodedCommand: a command hidden in base64 by -EncodedCommand is read.
func TestJudgePowerShellEncodedCommand(t *testing.T) {
	f := newFixture(t)
	f.p.Agents = testAgents
	for _, tt := range []struct {
		command string
		deny    bool
	}{
		{"pwsh -EncodedCommand " + utf16Base64("Remove-Item ~/.agent-hooks/allowlist.json"), true},
		{"powershell.exe -NoProfile -enc " + utf16Base64("rm -rf ~/.agent-hooks"), true},
		{"pwsh -e " + utf16Base64("hookctl hooks approve ./guard.sh"), true},
		{"pwsh /ec " + utf16Base64("$env:CODEX_HOME='/tmp/c'; codex exec hi"), true},
		{"pwsh -ExecutionPolicy Bypass -e " + utf16Base64("cat ~/.agent-hooks/allowlist.json"), false},
		{"pwsh -e notbase64!", false},
	} {
		if reason, deny := Judge(f.p, f.call("Bash", bash(tt.command), "")); deny != tt.deny {
			t.Errorf("%s: deny = %v, want %v (%s)", tt.command, deny, tt.deny, reason)
		}
	}
}

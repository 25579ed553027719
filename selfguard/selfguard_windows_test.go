package selfguard

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestJudgeWindowsAttacks are the attacks of SPEC 18 as an agent on Windows makes them: through
// PowerShell (Codex, Gemini CLI, Copilot CLI), cmd.exe (Cursor, Windsurf) or Git Bash (Claude
// Code), with drive letters, backslashes, any case, and %USERPROFILE%\.agent-hooks as the home.
func TestJudgeWindowsAttacks(t *testing.T) {
	f := newFixture(t)
	allow := filepath.Join(f.hh, "allowlist.json")
	vol := filepath.VolumeName(f.home)
	msys := "/" + strings.ToLower(vol[:1]) + filepath.ToSlash(allow[len(vol):]) // /c/Users/...
	tests := []struct {
		name  string
		tool  string
		input any
		deny  bool
		in    string
	}{
		{"PowerShell removes the home by $env:USERPROFILE", "run_shell_command", bash(`Remove-Item -Recurse -Force $env:USERPROFILE\.agent-hooks`), true, ".agent-hooks"},
		{"PowerShell ${env:USERPROFILE}", "shell", bash(`Remove-Item "${env:USERPROFILE}\.agent-hooks\allowlist.json"`), true, "allowlist.json"},
		{"PowerShell $HOME with a backslash", "shell", bash(`Set-Content $HOME\.agent-hooks\allowlist.guards.json '{}'`), true, "guards"},
		{"PowerShell ~ with a backslash", "shell", bash(`Remove-Item ~\.agent-hooks\allowlist.json`), true, "allowlist.json"},
		{"cmd del %USERPROFILE%", "Shell", bash(`del /q %USERPROFILE%\.agent-hooks\allowlist.json`), true, "allowlist.json"},
		{"cmd rmdir %userprofile% in lower case", "Shell", bash(`rmdir /s /q %userprofile%\.agent-hooks`), true, ".agent-hooks"},
		{"an unquoted path with backslashes", "run_shell_command", bash(`Remove-Item ` + allow), true, "allowlist.json"},
		{"the path in another case", "run_shell_command", bash(`Remove-Item ` + strings.ToUpper(allow)), true, "allowlist.json"},
		{"the path with forward slashes", "Bash", bash(`rm ` + filepath.ToSlash(allow)), true, "allowlist.json"},
		{"Git Bash's /c/ form", "Bash", bash(`rm -f ` + msys), true, "allowlist.json"},
		{"Git Bash's $USERPROFILE", "Bash", bash(`rm -rf "$USERPROFILE/.agent-hooks"`), true, ".agent-hooks"},
		{"rooted without a drive", "run_shell_command", bash(`Remove-Item -Recurse ` + f.hh[len(vol):]), true, ".agent-hooks"},
		{"cd then a relative backslash path", "run_shell_command", bash(`cd $env:USERPROFILE; Remove-Item .agent-hooks\allowlist.json`), true, "allowlist.json"},
		{"Write with backslashes in another case", "Write", map[string]any{"file_path": strings.ToUpper(allow), "content": "{}"}, true, "allowlist.json"},
		{"Edit by %USERPROFILE%", "Edit", map[string]any{"file_path": `%USERPROFILE%\.agent-hooks\allowlist.guards.json`, "old_string": "{}", "new_string": "[]"}, true, "guards"},
		{"an MCP tool with a Windows path", "mcp__fs__write_file", map[string]any{"path": allow, "content": "{}"}, true, "allowlist.json"},
		{"the guard by a relative backslash path", "run_shell_command", bash(`Set-Content .\guard.sh 'exit 0'`), true, "guard.sh"},

		{"reading the allowlist by its Windows path", "run_shell_command", bash(`cat ` + allow), false, ""},
		{"reading by %USERPROFILE%", "Shell", bash(`type %USERPROFILE%\.agent-hooks\allowlist.json`), false, ""},
		{"config.yaml is not protected", "run_shell_command", bash(`Set-Content $env:USERPROFILE\.agent-hooks\config.yaml ''`), false, ""},
		{"a project file with backslashes", "run_shell_command", bash(`Remove-Item -Recurse build\out`), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reason, deny := Judge(f.p, f.call(tt.tool, tt.input, ""))
			if deny != tt.deny {
				t.Fatalf("deny = %v, want %v (reason %q)", deny, tt.deny, reason)
			}
			if deny && !strings.Contains(reason, tt.in) {
				t.Errorf("reason %q does not name %q", reason, tt.in)
			}
		})
	}
}

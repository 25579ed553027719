package selfguard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/wintest"
)

// TestJudgeWindowsAttacks are the attacks of SPEC 18 as an agent on Windows makes them: through
// PowerShell (Codex, Gemini CLI, Copilot CLI), cmd.exe (Cursor, Windsurf) or Git Bash (Claude
// Code), with drive letters, backslashes, any case, and %USERPROFILE%\.agent-hooks as the home.
func TestJudgeWindowsAttacks(t *testing.T) {
	f := newFixture(t)
	allow := filepath.Join(f.hh, "allowlist.json")
	vol := filepath.VolumeName(f.home)
	msys := "/" + strings.ToLower(vol[:1]) + filepath.ToSlash(allow[len(vol):]) // /c/Users/...
	unc := vol[:1] + "$" + allow[len(vol):]                                     // C$\Users\...
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

		// SPEC 24.9: the other names Windows gives one file.
		{`the \\?\ prefix`, "run_shell_command", bash(`Remove-Item '\\?\` + allow + `'`), true, "allowlist.json"},
		{`the \\.\ prefix`, "Shell", bash(`del "\\.\` + allow + `"`), true, "allowlist.json"},
		{`\\?\UNC\localhost\C$`, "run_shell_command", bash(`Remove-Item '\\?\UNC\localhost\` + unc + `'`), true, "allowlist.json"},
		{`\\localhost\C$`, "Shell", bash(`del \\localhost\` + unc), true, "allowlist.json"},
		{`\\127.0.0.1\c$`, "Shell", bash(`del \\127.0.0.1\` + strings.ToLower(unc)), true, "allowlist.json"},
		{`\\[::1]\C$`, "run_shell_command", bash(`Remove-Item '\\[::1]\` + unc + `'`), true, "allowlist.json"},
		{"a trailing dot", "run_shell_command", bash(`Remove-Item '` + allow + `.'`), true, "allowlist.json"},
		{"a trailing space", "run_shell_command", bash(`Set-Content "` + allow + ` " '{}'`), true, "allowlist.json"},
		{"the folder with a trailing dot", "run_shell_command", bash(`Remove-Item -Recurse '` + f.hh + `.'`), true, ".agent-hooks"},
		{"the ::$DATA stream", "run_shell_command", bash(`Set-Content ` + allow + `::$DATA '{}'`), true, "allowlist.json"},
		{"the :$DATA stream, relative", "run_shell_command", bash(`cd ` + f.hh + `; Set-Content allowlist.json:$DATA '{}'`), true, "allowlist.json"},
		{"Write to the stream", "Write", map[string]any{"file_path": allow + "::$DATA", "content": "{}"}, true, "allowlist.json"},
		{`Write by \\?\ and a dot`, "Write", map[string]any{"file_path": `\\?\` + allow + ".", "content": "{}"}, true, "allowlist.json"},
		{"cmd's ^ inside the name", "Shell", bash(`del ` + f.hh + `\a^llowlist.json`), true, "allowlist.json"},
		{"cmd's ^ around %USERPROFILE%", "Shell", bash(`del ^%USERPROFILE^%\.agent-hooks\allowlist.json`), true, "allowlist.json"},
		{"cmd's ^ before a line's end", "Shell", bash("del ^\n" + allow), true, "allowlist.json"},
		{"PowerShell's backtick inside the name", "run_shell_command", bash("Remove-Item " + f.hh + "\\allow`list.json"), true, "allowlist.json"},
		{"PowerShell's backtick in quotes", "run_shell_command", bash("Remove-Item \"" + f.hh + "\\allow`list.json\""), true, "allowlist.json"},

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

// TestJudgeWindowsJunction: a junction the agent made into the home leads there, whether the
// name below it exists or not (SPEC 24.9); Windows is asked, through the handle's final path.
func TestJudgeWindowsJunction(t *testing.T) {
	f := newFixture(t)
	link := filepath.Join(f.proj, "j")
	out, err := exec.Command("cmd", "/c", "mklink", "/J", link, f.hh).CombinedOutput()
	if err != nil {
		t.Fatalf("mklink /J: %v: %s", err, out)
	}
	if _, err := os.Lstat(link); err != nil {
		wintest.SkipUnderWine(t, "Wine 8's mklink /J makes no junction (it prints \"Failed to open\" and exits 0)")
		t.Fatalf("mklink /J made no junction: %v: %s", err, out)
	}
	for _, name := range []string{`j\allowlist.json`, `j\allowlist.guards.json`, link + `\allowlist.json`} {
		reason, deny := Judge(f.p, f.call("run_shell_command", bash("Remove-Item "+name), ""))
		if !deny || !strings.Contains(reason, "allowlist") {
			t.Errorf("Remove-Item %s: deny = %v, reason %q", name, deny, reason)
		}
	}
	if reason, deny := Judge(f.p, f.call("run_shell_command", bash(`Remove-Item j\README.md`), "")); deny {
		t.Errorf("a file the home does not protect was denied: %q", reason)
	}
}

// TestJudgeWindowsShortName: the home's 8.3 name is the home, and the allowlist's is the
// allowlist (SPEC 24.9). The short names are asked of the system: Windows would call the
// allowlist ALLOWL~1.JSO, Wine calls it by a hash (ALLO~AEL.JSO).
func TestJudgeWindowsShortName(t *testing.T) {
	f := newFixture(t)
	short := shortName(t, f.hh)
	if strings.EqualFold(short, f.hh) {
		t.Skip("this volume makes no short names")
	}
	file := shortName(t, filepath.Join(f.hh, "allowlist.json"))
	for _, cmd := range []string{`del ` + short + `\allowlist.json`, `rmdir /s /q ` + short, `del ` + file} {
		if reason, deny := Judge(f.p, f.call("Shell", bash(cmd), "")); !deny {
			t.Errorf("%s: not denied (%q)", cmd, reason)
		}
	}
}

// shortName is the 8.3 form of an existing path, as GetShortPathName gives it.
func shortName(t *testing.T, p string) string {
	t.Helper()
	long, err := windows.UTF16PtrFromString(p)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]uint16, 1024)
	n, err := windows.GetShortPathName(long, &buf[0], uint32(len(buf)))
	if err != nil {
		t.Fatal(err)
	}
	return windows.UTF16ToString(buf[:n])
}

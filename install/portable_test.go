package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// An agent whose one command runs under cmd.exe on Windows gets, on every event, cmd.exe's
// form before the sh guard (cmdForm); the others keep the sh guard, which their Windows shell
// (Git for Windows' bash) or their per-system command reads. The reason holds none of either
// shell's characters, for every agent, since it stands bare in that line.
func TestProjectWiringForms(t *testing.T) {
	for _, d := range agent.Dialects() {
		if d.Writer == nil {
			continue
		}
		if r := MissingReason(d); strings.ContainsAny(r, "\"'`$\\%!^&|<>()[]{};*?#~\r\n") {
			t.Errorf("%s: the reason %q holds a character sh or cmd.exe reads", d.Name, r)
		}
		tg := projectTarget(t, d.Name, filepath.Join(t.TempDir(), "hooks.json"))
		if tg.HookFiles {
			continue
		}
		for _, m := range d.Events {
			line := EntryCommand(tg, Want{Event: m.AgentEvent, Deadline: 10})
			oneLine := strings.HasPrefix(line, cmdFormStart)
			if want := d.WindowsShell == agent.ShellCmd && !d.EventFromArgs; oneLine != want {
				t.Errorf("%s %s: cmd.exe's form %v, want %v: %s", d.Name, m.AgentEvent, oneLine, want, line)
			}
			ps := strings.HasPrefix(line, psFormStart)
			if want := d.WindowsShell == agent.ShellPowerShell && tg.Layout.powerShellKey() == ""; ps != want {
				t.Errorf("%s %s: PowerShell's form %v, want %v: %s", d.Name, m.AgentEvent, ps, want, line)
			}
			if form, _, _ := strings.Cut(strings.TrimPrefix(line, psFormStart), psFormEnd); ps &&
				(strings.ContainsAny(form, "\"`\\") || strings.Contains(form, "$(")) {
				t.Errorf("%s %s: PowerShell's form holds what sh reads inside double quotes: %s", d.Name, m.AgentEvent, form)
			}
			if rest, ok := cutGuard(line); !ok || !strings.HasPrefix(rest, "hookctl run --agent "+d.Name+" ") {
				t.Errorf("%s %s: the guard is not cut from %q (%q)", d.Name, m.AgentEvent, line, rest)
			}
			if !IsOwnCommand(line, d.Name, "hookctl") {
				t.Errorf("%s %s: %q is not known as hookctl's", d.Name, m.AgentEvent, line)
			}
		}
	}
}

// TestProjectWiringSh runs the committed Cursor, Windsurf, Codex and Gemini CLI lines, which
// start with cmd.exe's or PowerShell's form, under sh, bash and dash, as those agents run them
// on Linux and macOS (TestProjectWiringCmd runs them under cmd.exe): with no
// hookctl on PATH they refuse with exit status 2 and the reason; with one, it gets the run's
// words and its stdin, and its exit status is the line's.
func TestProjectWiringSh(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("sh is Unix's: TestProjectWiringCmd runs these lines on Windows")
	}
	fake := t.TempDir()
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\"\ncat\nexit 3\n"
	if err := os.WriteFile(filepath.Join(fake, "hookctl"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, shell := range []string{"sh", "bash", "dash"} {
		if _, err := exec.LookPath(shell); err != nil {
			continue
		}
		for _, tc := range []struct{ agent, event string }{
			{"cursor", "preToolUse"}, {"windsurf", "pre_run_command"}, {"codex", "PreToolUse"}, {"gemini", "BeforeTool"},
		} {
			d, _ := agent.Lookup(tc.agent)
			line := EntryCommand(projectTarget(t, tc.agent, filepath.Join(t.TempDir(), "hooks.json")), Want{Event: tc.event, Deadline: 10})
			t.Run(shell+" "+tc.agent, func(t *testing.T) {
				out, errOut, status := runShellLine(t, shell, line, "/usr/bin:/bin")
				if status != 2 || out != "" || !strings.HasSuffix(errOut, MissingReason(d)+"\n") {
					t.Errorf("without hookctl: status %d, stdout %q, stderr %q", status, out, errOut)
				}
				out, errOut, status = runShellLine(t, shell, line, fake+":/usr/bin:/bin")
				want := "run\n--agent\n" + tc.agent + "\n--project-wiring\n--deadline\n10\n{\"payload\":1}"
				if status != 3 || out != want || errOut != "" {
					t.Errorf("with hookctl: status %d, stdout %q, stderr %q; want 3, %q", status, out, errOut, want)
				}
			})
		}
	}
}

// runShellLine runs line with shell -c, PATH set to path and a payload on stdin.
func runShellLine(t *testing.T, shell, line, path string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(shell, "-c", line)
	cmd.Dir = t.TempDir()
	cmd.Env = []string{"PATH=" + path, "HOME=" + cmd.Dir}
	cmd.Stdin = strings.NewReader(`{"payload":1}`)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(cmd.Dir); len(entries) != 0 {
		t.Errorf("the line left %d files in its folder", len(entries))
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

// A Copilot CLI hook file committed before its "powershell" command gets it beside its
// "bash" at the next install --project, and both run hookctl alike.
func TestProjectWiringCopilotAddsPowerShell(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hookctl.json")
	old := `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "command -v hookctl >/dev/null 2>&1 || { printf '%s\\n' 'hookctl is not on PATH' >&2; exit 2; }; exec hookctl run --agent copilot --project-wiring --deadline 10 'preToolUse'", "timeoutSec": 10}]}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	tg := projectTarget(t, "copilot", path)
	if _, err := Install(tg, []Want{{Event: "preToolUse", Timeout: int64(10), Deadline: 10}}, false); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	var doc struct {
		Hooks map[string][]map[string]any
	}
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Hooks["preToolUse"]) != 1 {
		t.Fatalf("%s: %v", data, err)
	}
	e := doc.Hooks["preToolUse"][0]
	ps, _ := e["powershell"].(string)
	bash, _ := e["bash"].(string)
	run := "hookctl run --agent copilot --project-wiring --deadline 10 'preToolUse'"
	if !strings.HasPrefix(ps, "if (Get-Command hookctl ") || !strings.Contains(ps, "{ "+run+"; exit $LASTEXITCODE }") ||
		!strings.Contains(ps, "permissionDecisionReason") || !strings.HasSuffix(bash, "; exec "+run) {
		t.Errorf("the entry is %s", data)
	}
}

package install

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestProjectWiringCmd runs a project's committed Cursor and Windsurf entries through cmd.exe
// as Node's shell option does (`cmd /d /s /c "LINE"`) and as a plain `cmd /c LINE`: with no
// hookctl on PATH each refuses the call (exit status 2, the reason on stderr) instead of
// letting it through; with hookctl on PATH (in a folder with a space) hookctl gets exactly the
// run's words. The same lines run under sh in TestProjectWiringSh's Unix twin.
func TestProjectWiringCmd(t *testing.T) {
	bin := fakeHookctl(t)
	comspec := os.Getenv("ComSpec")
	if comspec == "" {
		comspec = "cmd.exe"
	}
	system := filepath.Join(os.Getenv("SystemRoot"), "System32")
	for _, tc := range []struct{ agent, event string }{
		{"cursor", "preToolUse"},
		{"windsurf", "pre_run_command"},
	} {
		d, err := agent.Lookup(tc.agent)
		if err != nil {
			t.Fatal(err)
		}
		line := EntryCommand(projectTarget(t, tc.agent, filepath.Join(t.TempDir(), "hooks.json")), Want{Event: tc.event, Deadline: 10})
		for _, cmdline := range []string{`cmd.exe /d /s /c "` + line + `"`, `cmd.exe /c ` + line} {
			t.Run(tc.agent+" without hookctl", func(t *testing.T) {
				cmd := exec.Command(comspec)
				cmd.SysProcAttr = &syscall.SysProcAttr{CmdLine: cmdline}
				cmd.Env = withPath(system)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 2 {
					t.Fatalf("%s: %v, want exit status 2\n%s", cmdline, err, stderr.Bytes())
				}
				if stdout.Len() != 0 {
					t.Errorf("stdout %q, want nothing", stdout.Bytes())
				}
				if !strings.Contains(stderr.String(), MissingReason(d)+"\r\n") {
					t.Errorf("stderr %q does not end a line with %q", stderr.Bytes(), MissingReason(d))
				}
			})
			t.Run(tc.agent+" with hookctl", func(t *testing.T) {
				cmd := exec.Command(comspec)
				cmd.SysProcAttr = &syscall.SysProcAttr{CmdLine: cmdline}
				cmd.Env = withPath(filepath.Dir(bin) + ";" + system)
				want := []string{"run", "--agent", tc.agent, "--project-wiring", "--deadline", "10"}
				if got := argsOf(t, cmd); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
					t.Errorf("%s\ngave %q\nwant %q", cmdline, got, want)
				}
			})
		}
	}
}

// withPath is this process's environment with PATH set to path.
func withPath(path string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(strings.ToUpper(kv), "PATH=") {
			env = append(env, kv)
		}
	}
	return append(env, "PATH="+path)
}

// TestProjectWiringPowerShell runs a project's committed Copilot CLI entry's "powershell"
// command as Copilot does on Windows: with no hookctl on PATH it answers with Copilot's deny
// (exit status 0, the reason in it); with hookctl on PATH hookctl gets exactly the run's words.
func TestProjectWiringPowerShell(t *testing.T) {
	if underWine() {
		t.Skip("Wine's powershell.exe is a stub that runs nothing: the form is checked by TestProjectWiringCopilotAddsPowerShell only")
	}
	ps, err := exec.LookPath("pwsh.exe")
	if err != nil {
		ps, err = exec.LookPath("powershell.exe")
	}
	if err != nil {
		t.Skip("no PowerShell here")
	}
	d, _ := agent.Lookup("copilot")
	tg := projectTarget(t, "copilot", filepath.Join(t.TempDir(), "hookctl.json"))
	w := Want{Event: "preToolUse", Deadline: 10}
	key, line := companion(tg, w)
	if key != "powershell" {
		t.Fatalf("no powershell command: %q", key)
	}
	system := filepath.Join(os.Getenv("SystemRoot"), "System32")
	psDir := filepath.Dir(ps)
	cmd := exec.Command(ps, "-NoProfile", "-NonInteractive", "-Command", line)
	cmd.Env = withPath(system + ";" + psDir)
	out, err := cmd.Output()
	if err != nil || !strings.Contains(string(out), `"permissionDecision":"deny"`) || !strings.Contains(string(out), MissingReason(d)) {
		t.Errorf("without hookctl: %v, stdout %q", err, out)
	}
	bin := fakeHookctl(t)
	cmd = exec.Command(ps, "-NoProfile", "-NonInteractive", "-Command", line)
	cmd.Env = withPath(filepath.Dir(bin) + ";" + system + ";" + psDir)
	want := []string{"run", "--agent", "copilot", "--project-wiring", "--deadline", "10", "preToolUse"}
	if got := argsOf(t, cmd); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("with hookctl: gave %q, want %q", got, want)
	}
	// Codex's and Gemini CLI's one command, whose PowerShell form comes first.
	for _, name := range []string{"codex", "gemini"} {
		d, _ := agent.Lookup(name)
		event, _ := d.InstallEvent("pre_tool_call")
		line := EntryCommand(projectTarget(t, name, filepath.Join(t.TempDir(), "hooks.json")), Want{Event: event, Deadline: 10})
		cmd := exec.Command(ps, "-NoProfile", "-NonInteractive", "-Command", line)
		cmd.Env = withPath(system + ";" + psDir)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), MissingReason(d)) {
			t.Errorf("%s without hookctl: %v, stderr %q", name, err, stderr.Bytes())
		}
		cmd = exec.Command(ps, "-NoProfile", "-NonInteractive", "-Command", line)
		cmd.Env = withPath(filepath.Dir(bin) + ";" + system + ";" + psDir)
		want := []string{"run", "--agent", name, "--project-wiring", "--deadline", "10"}
		if got := argsOf(t, cmd); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%s with hookctl: gave %q, want %q", name, got, want)
		}
	}
}

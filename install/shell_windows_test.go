package install

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// echoArgsVar makes the test binary, copied in as hookctl.exe, print the arguments it was
// given as JSON and exit: what the agent's shell made of hookctl's entry.
const echoArgsVar = "HOOKCTL_TEST_ECHO_ARGS"

func TestMain(m *testing.M) {
	if os.Getenv(echoArgsVar) == "1" {
		_ = json.NewEncoder(os.Stdout).Encode(os.Args[1:])
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeHookctl copies this test binary to a folder with a space in its name, as hookctl.exe.
func fakeHookctl(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "hook ctl")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	bin := filepath.Join(dir, "hookctl.exe")
	dst, err := os.Create(bin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return bin
}

// argsOf runs cmd with echoArgsVar set and returns the arguments hookctl.exe was given.
func argsOf(t *testing.T, cmd *exec.Cmd) []string {
	t.Helper()
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, echoArgsVar+"=1")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		t.Fatalf("%v: %v\n%s%s", cmd.Args, err, out, ee.Stderr)
	}
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	if err := json.Unmarshal(out, &args); err != nil {
		t.Fatalf("hookctl.exe did not run: %q", out)
	}
	return args
}

// TestCmdFormRuns runs hookctl's Cursor entry through cmd.exe as Node's shell option does
// (`cmd /d /s /c "LINE"`) and as a plain `cmd /c LINE`: hookctl.exe, in a folder with a space,
// gets exactly its words.
func TestCmdFormRuns(t *testing.T) {
	bin := fakeHookctl(t)
	home := t.TempDir()
	line, err := CommandLineFor(Cmd, bin, "cursor", RunFlags{Home: home, Guarded: true})
	if err != nil {
		t.Fatal(err)
	}
	line += " --deadline 5"
	want := []string{"run", "--agent", "cursor", "--home", shortName(home), "--guarded", "--deadline", "5"}
	comspec := os.Getenv("ComSpec")
	if comspec == "" {
		comspec = "cmd.exe"
	}
	for _, cmdline := range []string{`cmd.exe /d /s /c "` + line + `"`, `cmd.exe /c ` + line} {
		cmd := exec.Command(comspec)
		cmd.SysProcAttr = &syscall.SysProcAttr{CmdLine: cmdline}
		if got := argsOf(t, cmd); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%s\ngave %q\nwant %q", cmdline, got, want)
		}
	}
}

// TestPowerShellFormRuns runs hookctl's Gemini CLI entry through PowerShell, as Gemini CLI and
// Codex do on Windows, with a home whose name has a space and an apostrophe.
func TestPowerShellFormRuns(t *testing.T) {
	if underWine() {
		t.Skip("Wine's powershell.exe is a stub that runs nothing: the form is checked by TestWindowsEntries only")
	}
	ps, err := exec.LookPath("pwsh.exe")
	if err != nil {
		ps, err = exec.LookPath("powershell.exe")
	}
	if err != nil {
		t.Skip("no PowerShell here: the form is checked by TestWindowsEntries only")
	}
	bin := fakeHookctl(t)
	home := filepath.Join(t.TempDir(), "Jane O'Doë")
	line, err := CommandLineFor(PowerShell, bin, "gemini", RunFlags{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	got := argsOf(t, exec.Command(ps, "-NoProfile", "-NonInteractive", "-Command", line+" --deadline 5"))
	want := []string{"run", "--agent", "gemini", "--home", home, "--deadline", "5"}
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("gave %q, want %q", got, want)
	}
}

// underWine reports whether the test runs under Wine, whose ntdll exports wine_get_version.
func underWine() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}

// TestGitBashFormRuns runs hookctl's Claude Code entry through Git for Windows' bash, as Claude
// Code does.
func TestGitBashFormRuns(t *testing.T) {
	var bash string
	for _, p := range []string{`C:\Program Files\Git\bin\bash.exe`, filepath.Join(os.Getenv("LOCALAPPDATA"), `Programs\Git\bin\bash.exe`)} {
		if _, err := os.Stat(p); err == nil {
			bash = p
		}
	}
	if bash == "" {
		t.Skip("no Git for Windows here (Wine has none): the form is checked by TestWindowsEntries only")
	}
	bin := fakeHookctl(t)
	home := filepath.Join(t.TempDir(), "Jane O'Doë")
	line, _ := CommandLineFor(GitBash, bin, "claude-code", RunFlags{Home: home})
	got := argsOf(t, exec.Command(bash, "-c", line+" --deadline 5"))
	want := []string{"run", "--agent", "claude-code", "--home", home, "--deadline", "5"}
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("gave %q, want %q", got, want)
	}
}

// TestWindowsLocations: the agents' files under %USERPROFILE% and ProgramData.
func TestWindowsLocations(t *testing.T) {
	if !strings.HasSuffix(config.SystemDir, `\AgentHooks`) {
		t.Fatalf("config.SystemDir = %q, want ProgramData's AgentHooks", config.SystemDir)
	}
	pd := filepath.Dir(config.SystemDir)
	for name, want := range map[string]string{
		"claude-code": pd + `\ClaudeCode\managed-settings.json`,
		"codex":       pd + `\OpenAI\Codex\requirements.toml`,
		"gemini":      pd + `\gemini-cli\settings.json`,
		"cursor":      pd + `\Cursor\hooks.json`,
		"windsurf":    pd + `\Windsurf\hooks.json`,
	} {
		d, _ := agent.Lookup(name)
		if got, err := SystemFile(d); err != nil || got != want {
			t.Errorf("SystemFile(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	d, _ := agent.Lookup("copilot")
	if _, err := SystemFile(d); !errors.Is(err, ErrNoSystemFile) {
		t.Errorf("SystemFile(copilot) = %v, want ErrNoSystemFile", err)
	}
	for name, want := range map[string]string{
		"claude-code": `C:\Users\jane\.claude\settings.json`,
		"codex":       `C:\Users\jane\.codex\hooks.json`,
		"gemini":      `C:\Users\jane\.gemini\settings.json`,
		"cursor":      `C:\Users\jane\.cursor\hooks.json`,
		"windsurf":    `C:\Users\jane\.codeium\windsurf\hooks.json`,
	} {
		d, _ := agent.Lookup(name)
		if got := d.UserSettings(`C:\Users\jane`, nil); got != want {
			t.Errorf("UserSettings(%s) = %q, want %q", name, got, want)
		}
	}
}

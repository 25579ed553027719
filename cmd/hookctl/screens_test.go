package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/creack/pty"

	"github.com/hookctl/hookctl/config"
)

// screensConfig is two guards added to the starter config (hookctl init): their matchers
// share a start, as guards for the same tools do, so a careless cut prints them the same.
const screensGuards = `    - matcher: "terminal|read_file|search_files"
      command: "./guards/no-secrets.sh --paths ~/.ssh,.env,.aws/credentials"
      dialect: hookctl
      fail_closed: true
    - matcher: "terminal|write_file|patch"
      command: "./guards/stay-in-project.sh --root-from-cwd"
      dialect: hookctl
      fail_closed: true
  post_tool_call:
`

// TestScreensFitTerminal runs hooks list, doctor and log at real 60, 80 and 120-column
// terminals, with the starter config plus two guards wired into Claude Code, Codex (whose
// untrusted entries are one finding) and Gemini CLI, and a blocked rm -rf in the log: no line
// is wider than the terminal, no two hooks print the same, no finding is printed twice, and
// the log names the command that was blocked.
func TestScreensFitTerminal(t *testing.T) {
	home := t.TempDir()
	hookctlHome := filepath.Join(home, ".agent-hooks")
	env := map[string]string{"HOOKCTL_HOME": hookctlHome, config.HomeVar: home, "PATH": os.Getenv("PATH")}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	run := func(stdin string, args ...string) string {
		var out, errOut bytes.Buffer
		if code := newApp(strings.NewReader(stdin), &out, &errOut, lookup).execute(args); code != 0 && args[0] != "run" {
			t.Fatalf("hookctl %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errOut.String())
		}
		return out.String()
	}
	run("", "init")
	cfgPath := filepath.Join(hookctlHome, "config.yaml")
	cfg, err := os.ReadFile(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	withGuards := strings.Replace(string(cfg), "  post_tool_call:\n", screensGuards, 1)
	if withGuards == string(cfg) {
		t.Fatal("the starter config has no post_tool_call to add the guards before")
	}
	if err := os.WriteFile(cfgPath, []byte(withGuards), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(hookctlHome, "guards"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"no-secrets.sh", "stay-in-project.sh"} {
		if err := os.WriteFile(filepath.Join(hookctlHome, "guards", g), []byte("#!/bin/sh\ncat >/dev/null\necho '{}'\n"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	run("", "hooks", "approve", "--all")
	for _, a := range []string{"claude-code", "codex", "gemini"} {
		run("", "install", a)
	}
	run(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~ `+strings.Repeat("x", 300)+`"},"session_id":"s"}`,
		"run", "--agent", "claude-code")

	for _, cols := range []int{60, 80, 120} {
		list := atTerminal(t, cols, lookup, "hooks", "list")
		fits(t, cols, "hooks list", list)
		distinctHooks(t, cols, list)
		doctor := atTerminal(t, cols, lookup, "hooks", "doctor")
		fits(t, cols, "hooks doctor", doctor)
		if n := strings.Count(doctor, "Codex does not run"); n != 1 {
			t.Errorf("%d columns: the Codex trust finding is printed %d times:\n%s", cols, n, doctor)
		}
		seen := map[string]bool{}
		for _, f := range regexp.MustCompile(`(?m)^(error|warning) .*\n( {8}.*\n)*`).FindAllString(doctor, -1) {
			if seen[f] {
				t.Errorf("%d columns: finding printed twice:\n%s", cols, f)
			}
			seen[f] = true
		}
		log := atTerminal(t, cols, lookup, "log")
		fits(t, cols, "log", log)
		if !strings.Contains(log, "rm -rf ~ xxx") {
			t.Errorf("%d columns: the log does not show the blocked command:\n%s", cols, log)
		}
	}
}

// atTerminal runs hookctl with its output on a real terminal of cols columns (no COLUMNS), and
// returns what it showed, colours and carriage returns taken out.
func atTerminal(t *testing.T, cols int, lookup func(string) (string, bool), args ...string) string {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 50, Cols: uint16(cols)}); err != nil {
		t.Fatal(err)
	}
	out := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(ptmx)
		out <- data
	}()
	newApp(bytes.NewReader(nil), tty, tty, lookup).execute(args)
	tty.Close()
	shown := regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAll(<-out, nil)
	return strings.ReplaceAll(string(shown), "\r", "")
}

func fits(t *testing.T, cols int, what, shown string) {
	t.Helper()
	for _, line := range strings.Split(shown, "\n") {
		if n := utf8.RuneCountInString(line); n > cols {
			t.Errorf("%s: a line of %d characters on a %d-column terminal: %q", what, n, cols, line)
		}
	}
}

// distinctHooks checks that no two hooks of an event print the same: the rows of a table, or
// the matcher and command lines of an entry when each takes lines of its own.
func distinctHooks(t *testing.T, cols int, list string) {
	t.Helper()
	for _, section := range strings.Split(list, "\n\n")[1:] {
		lines := strings.Split(strings.TrimRight(section, "\n"), "\n")[1:] // after the event's name
		var hooks []string
		if len(lines) > 0 && strings.HasPrefix(lines[0], "  MATCHER") {
			hooks = lines[1:]
		} else {
			for i := 0; i+1 < len(lines); i += 3 {
				hooks = append(hooks, lines[i]+"\n"+lines[i+1])
			}
		}
		seen := map[string]bool{}
		for _, h := range hooks {
			if seen[h] {
				t.Errorf("%d columns: two hooks print the same:\n%s\nin\n%s", cols, h, list)
			}
			seen[h] = true
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ownpathFixtures are hook scripts that find files beside them through BASH_SOURCE, $0 and
// __file__, as people's guards do.
const ownpathFixtures = "../../testdata/hooks/ownpath"

// A pinned script runs by its own path, as its agent would run it, so a guard that finds its
// library or data beside it works, under `run` and `run --agent claude-code` alike; with
// `pin: exec` the script runs as the held file and sees itself as /dev/fd/3.
func TestRunPinnedScriptFindsItsOwnFiles(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	home := t.TempDir()
	copyFixtures(t, ownpathFixtures, home)
	for _, tt := range []struct {
		command, pin, reason string
	}{
		{"./bash-source.sh", "", "bash-source.sh found lib.sh beside it"},
		{"bash ./bash-source.sh", "path", "bash-source.sh found lib.sh beside it"},
		{"./dollar0.sh", "", "dollar0.sh: read reason.txt beside it"},
		{"python3 ./file.py", "", "file.py: read reason.txt beside it"},
		{"./whoami.sh", "", "$0 is " + filepath.Join(home, "whoami.sh")},
		{"./whoami.sh", "exec", "$0 is /dev/fd/3"},
		{"sh ./whoami.sh", "exec", "$0 is /dev/fd/3"},
	} {
		name := tt.command + " pin " + tt.pin
		yaml := "hooks:\n  pre_tool_call:\n    - command: " + tt.command + "\n"
		if tt.pin != "" {
			yaml += "      pin: " + tt.pin + "\n"
		}
		if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := hookctl(home, "", "hooks", "approve", "--all")
		if code != 0 {
			t.Fatalf("%s: approve: exit %d\n%s%s", name, code, out, errOut)
		}
		if got := strings.Contains(out, "  pin:    exec\n"); got != (tt.pin == "exec") {
			t.Errorf("%s: approve's output shows pin exec: %v\n%s", name, got, out)
		}
		// hookctl run, Hermes's dialect.
		code, out, errOut = hookctl(home, `{"tool_name":"terminal","tool_input":{"command":"ls"}}`, "run", "pre_tool_call")
		var res struct {
			Decision, Reason string
			Hooks            []struct{ Status string }
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
			t.Fatalf("%s: run: exit %d, %v\n%s%s", name, code, err, out, errOut)
		}
		if res.Decision != "block" || res.Reason != tt.reason || res.Hooks[0].Status != "blocked" {
			t.Errorf("%s: run: decision %s %q (hook %s), want block %q\n%s", name, res.Decision, res.Reason, res.Hooks[0].Status, tt.reason, errOut)
		}
		// hookctl run --agent claude-code, the agent's payload and answer.
		payload := `{"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
		code, out, errOut = hookctl(home, payload, "run", "--agent", "claude-code")
		var cc struct {
			HookSpecificOutput struct{ PermissionDecision, PermissionDecisionReason string }
		}
		if err := json.Unmarshal([]byte(out), &cc); err != nil || code != 0 {
			t.Fatalf("%s: run --agent claude-code: exit %d, %v\n%s%s", name, code, err, out, errOut)
		}
		if got := cc.HookSpecificOutput; got.PermissionDecision != "deny" || got.PermissionDecisionReason != tt.reason {
			t.Errorf("%s: run --agent claude-code: %s %q, want deny %q\n%s", name, got.PermissionDecision, got.PermissionDecisionReason, tt.reason, errOut)
		}
	}

	// pin is part of the approval: the same command approved to run as the held file is
	// changed since approval once it runs by its path, and runs nothing.
	yaml := "hooks:\n  pre_tool_call:\n    - command: ./whoami.sh\n"
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, out, errOut := hookctl(home, `{}`, "run", "pre_tool_call"); !strings.Contains(out, `"status":"skipped_changed"`) {
		t.Errorf("pin changed since approval: run: %s%s", out, errOut)
	}
	if _, out, errOut := hookctl(home, "", "hooks", "doctor"); !strings.Contains(out+errOut, "pin differs (approved exec, now path)") {
		t.Errorf("pin changed since approval: doctor does not say so:\n%s%s", out, errOut)
	}
}

// hookctl runs the command in this process with stdin, HOME and HOOKCTL_HOME set to home.
func hookctl(home, stdin string, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	env := map[string]string{"HOME": home, "HOOKCTL_HOME": home, "PATH": os.Getenv("PATH")}
	a := newApp(strings.NewReader(stdin), &stdout, &stderr, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	code := a.execute(args)
	return code, stdout.String(), stderr.String()
}

// copyFixtures copies the files of dir into to, with their modes.
func copyFixtures(t *testing.T, dir, to string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

//go:build !windows

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// TestUninstallAllAtATerminal answers uninstall --all's one question at a real terminal, as a
// person leaving hookctl does: "n" changes nothing; "y" unwires every agent wired for the
// person and removes the hookctl home, and leaves the system level's file as it was.
func TestUninstallAllAtATerminal(t *testing.T) {
	for _, answer := range []string{"n", "y"} {
		t.Run(answer, func(t *testing.T) {
			home := t.TempDir()
			hookctlHome := filepath.Join(home, ".agent-hooks")
			env := []string{"HOME=" + home, "HOOKCTL_HOME=" + hookctlHome, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "TERM=dumb"}
			setupWired(t, hookctlHome, env)
			out, err := answerOnTerminal(t, env, answer+"\n", "uninstall", "--all")
			if !strings.Contains(out, "drops the guard ./guard.sh on pre_tool_call") || !strings.Contains(out, "removes "+hookctlHome+" and everything in it") || !strings.Contains(out, filepath.Join(home, ".claude", "settings.json")) {
				t.Errorf("the question does not name the home and the agent's file:\n%s", out)
			}
			_, homeErr := os.Stat(hookctlHome)
			_, settingsErr := os.Stat(filepath.Join(home, ".claude", "settings.json"))
			if answer == "n" {
				if err == nil || homeErr != nil || settingsErr != nil || !strings.Contains(out, "not confirmed, nothing was changed") {
					t.Errorf("answered n: exit %v, home %v, settings %v\n%s", err, homeErr, settingsErr, out)
				}
				return
			}
			if err != nil || homeErr == nil || settingsErr == nil {
				t.Errorf("answered y: exit %v, home %v, settings %v\n%s", err, homeErr, settingsErr, out)
			}
		})
	}
}

// setupWired writes a config with one approved guard and wires Claude Code for it.
func setupWired(t *testing.T, hookctlHome string, env []string) {
	t.Helper()
	if err := os.MkdirAll(hookctlHome, 0o700); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(hookctlHome, "config.yaml")
	write := func(p, s string, mode os.FileMode) {
		if err := os.WriteFile(p, []byte(s), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(cfgPath, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n      fail_closed: true\n", 0o600)
	write(filepath.Join(hookctlHome, "guard.sh"), "#!/bin/sh\nexit 0\n", 0o755)
	cfg, err := config.Load(cfgPath, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := consent.NewStore(filepath.Join(hookctlHome, "allowlist.json")).Approve(cfg.HooksFor("pre_tool_call")[0]); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("hookctl", "install", "claude-code")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("install: %v\n%s", err, out)
	}
}

// answerOnTerminal runs hookctl with a terminal of its own, types answer once it asks, and
// returns what the terminal showed and how hookctl exited.
func answerOnTerminal(t *testing.T, env []string, answer string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("hookctl", args...)
	cmd.Env = env
	ptmx, err := pty.Start(cmd)
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	var shown bytes.Buffer
	done := make(chan struct{})
	go func() {
		buf := make([]byte, 4096)
		answered := false
		for {
			n, err := ptmx.Read(buf)
			shown.Write(buf[:n])
			if !answered && bytes.Contains(shown.Bytes(), []byte("[y/N] ")) {
				answered = true
				_, _ = io.WriteString(ptmx, answer)
			}
			if err != nil {
				close(done)
				return
			}
		}
	}()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err = <-waited:
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		t.Fatalf("hookctl %v did not end:\n%s", args, shown.String())
	}
	select {
	case <-done: // the terminal's last byte read: EIO once hookctl's side closed
	case <-time.After(time.Minute):
		ptmx.Close() // ends the reader
		<-done
	}
	return shown.String(), err
}

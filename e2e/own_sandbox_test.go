//go:build e2e

package e2e

import (
	"context"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// SPEC 28.16: where the agent's own sandbox is on, the wall is used only per call inside it, or
// not at all. Codex is the agent whose sandbox is on unless it is turned off (`codex exec`
// defaults to read-only; workspace-write lets it write its workspace). The case measures, with
// Codex's own sandbox front end (`codex sandbox`, the code path its shell tool's commands take),
// what that sandbox keeps from a command, and how it stacks with hookctl's wall both ways.
func init() {
	cases = append(cases, Case{
		Name: "wall-own-sandbox",
		Does: "Codex's own sandbox (workspace-write, /tmp not writable): a command in it cannot remove the hookctl home, write Codex's hooks-off switch (user or project config.toml) or signal a process outside; started behind hookctl's wall, Codex's sandbox cannot go up (bubblewrap's mounts, which Landlock refuses) and runs nothing; hookctl's wall inside Codex's sandbox goes up",
		Run:  wallOwnSandbox,
	})
}

// ownSandboxArgs run argv in Codex's workspace-write sandbox with neither /tmp nor $TMPDIR
// writable (the suite's HOME lies under /tmp).
var ownSandboxArgs = []string{"sandbox",
	"-c", `sandbox_mode="workspace-write"`,
	"-c", "sandbox_workspace_write.exclude_slash_tmp=true",
	"-c", "sandbox_workspace_write.exclude_tmpdir_env_var=true", "--"}

func wallOwnSandbox(e *Env) {
	if e.Agent.Name != "codex" {
		e.Saw("%s has no sandbox of its own that is on by default", e.Agent.Name)
		return
	}
	e.wallUp()
	e.tamperSetup()
	codex := filepath.Join(*agentsBin, "codex")
	outside := exec.Command("sleep", "300")
	if err := outside.Start(); err != nil {
		e.Fatalf("%v", err)
	}
	defer func() { _ = outside.Process.Kill(); _ = outside.Wait() }()
	project := filepath.Join(e.Project, ".codex", "config.toml")
	e.WriteFile(project, "# the project's\n", 0o644)
	switches := []string{filepath.Join(e.Home, ".codex", "config.toml"), project}
	before := snapshot(append(switches, filepath.Join(e.Hooks, "allowlist.json")))

	attacks := strings.Join([]string{
		"touch ./in-workspace && echo workspace-written",
		"rm -rf ~/.agent-hooks && echo HOME-REMOVED",
		"echo '[features]' >>~/.codex/config.toml && echo USER-SWITCH-WRITTEN",
		"echo '[features]' >>.codex/config.toml && echo PROJECT-SWITCH-WRITTEN",
		"kill -0 " + strconv.Itoa(outside.Process.Pid) + " && echo SIGNAL-REACHED",
	}, "; ")
	out := e.ownSandbox(append([]string{codex}, append(ownSandboxArgs, "sh", "-c", attacks)...))
	e.Saw("in Codex's sandbox: %s", clipN(oneLine(out), 400))
	e.Check(strings.Contains(out, "workspace-written"), "a command in Codex's sandbox could not write its workspace: %s", out)
	for _, word := range []string{"HOME-REMOVED", "USER-SWITCH-WRITTEN", "PROJECT-SWITCH-WRITTEN", "SIGNAL-REACHED"} {
		e.Check(!strings.Contains(out, word), "Codex's own sandbox let %s through", word)
	}
	e.Check(reflect.DeepEqual(snapshot(append(switches, filepath.Join(e.Hooks, "allowlist.json"))), before), "a file Codex's sandbox should keep changed")

	walled := e.ownSandbox(append([]string{*hookctlBin, "wall", "--", codex}, append(ownSandboxArgs, "sh", "-c", "echo sandbox-ran")...))
	e.Check(!strings.Contains(walled, "sandbox-ran"), "Codex's sandbox went up behind the wall (docs/security.md says it cannot): %s", walled)
	e.Saw("Codex's sandbox started behind the wall: %s", clipN(oneLine(walled), 200))

	inside := e.ownSandbox(append([]string{codex}, append(ownSandboxArgs, *hookctlBin, "wall", "--", "sh", "-c", "echo wall-inside-up")...))
	e.Check(strings.Contains(inside, "wall-inside-up"), "hookctl's wall did not go up inside Codex's sandbox: %s", inside)
	e.Saw("the wall inside Codex's sandbox: %s", clipN(oneLine(inside), 200))
}

// ownSandbox runs argv in the project with the case's environment and returns its output.
func (e *Env) ownSandbox(argv []string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = e.Project
	cmd.Env = append(e.baseEnv(), e.Agent.Env(e)...)
	out, _ := cmd.CombinedOutput()
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "WARNING: proceeding") && strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

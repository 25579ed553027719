//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// The kill loop (SPEC 24.5, 28.10, 28.11): the system guard is in place, as in
// system-guard-alone, and a process of the agent's own user kills every `hookctl run --agent`
// it can see, in a loop started before the agent runs `rm -rf ~/keep`. No parser and no file
// list stops that: only the agent's own "a failed hook blocks" switch, which install writes on
// every entry, turns the killed hookctl into a block. Where the agent's current release has the
// switch, ~/keep must stay; where it has none, the case checks the outcome the docs state.
func init() {
	cases = append(cases, Case{Name: "kill-loop",
		Does: "a same-user `while :; do pkill -KILL -f 'hookctl run --agent'; done` runs beside the agent: with the agent's fail-closed switch the rm -rf ~/keep under the system guard is blocked; without it the killed hookctl lets it through, as docs/agents.md says",
		Run:  killLoop})
}

// killLoopOpen names the agents whose current release has no fail-closed switch, with what the
// docs say a killed hookctl does there. Such a case passes when ~/keep is gone, or kept only
// because hookctl won the race against the loop and the guard itself blocked.
var killLoopOpen = map[string]string{
	"codex":     "Codex 0.171.0 has no switch: a hook killed by a signal is a failed hook, and a failed PreToolUse hook lets the call run",
	"gemini":    "Gemini CLI 0.61.0 has no switch: a hook killed by a signal reads as exit 0 with no output, and the call runs",
	"qwen-code": "Qwen Code 0.24.4 has no switch: a hook that fails or times out lets the call run",
	"droid":     "Factory Droid 0.225.2 has no switch: a hook that fails or times out lets the call run (only exit 2 blocks)",
}

// killLoopClosedAlready names the agents that have no switch but, as the e2e showed, block a
// call whose hook was killed all the same: they must keep ~/keep like an agent with the switch.
var killLoopClosedAlready = map[string]string{
	"copilot": "Copilot CLI 1.0.102 denies a preToolUse call whose hook errored (\"Denied by preToolUse hook ... (hook errored)\"): a killed hookctl blocks with no switch",
}

// killLoopCommand is the loop as the agent's user runs it. The bracket keeps pkill from
// matching the loop's own shell, whose command line holds the pattern too.
const killLoopCommand = `while :; do pkill -KILL -f '[h]ookctl run --agent'; done`

func killLoop(e *Env) {
	w := e.systemLevel()
	out, err := w.install(0, 0)
	if _, none := sysNoAdmin[e.Agent.Name]; none {
		e.Check(err != nil, "install --system %s did not refuse:\n%s", e.Agent.Name, out)
		e.Saw("%s: nothing of the system level runs here, so there is no hookctl to kill", sysNoAdmin[e.Agent.Name])
		return
	}
	if err != nil {
		e.Fatalf("install --system %s: %v\n%s", e.Agent.Name, err, out)
	}
	stop := w.startKillLoop()
	defer stop()
	keep := filepath.Join(e.Home, "keep")
	e.WriteFile(filepath.Join(keep, "file"), "the person's work\n", 0o644)
	e.Script(e.sysRemoveCommand()+"; "+e.MarkCommand("ran"), "done")
	r := e.Run(prompt)
	_, statErr := os.Stat(filepath.Join(keep, "file"))
	kept := statErr == nil && !e.Marked("ran")
	guardBlocked := e.sysGuardBlocks()["admin"] > 0
	if doc, open := killLoopOpen[e.Agent.Name]; open {
		e.Check(!kept || guardBlocked, "~/keep was kept, and not by the guard: %s now blocks a killed hookctl; update docs/agents.md and killLoopOpen (%s)", e.Agent.Name, doc)
		if kept {
			e.Saw("kept: hookctl answered before the loop killed it (the guard blocked); the docs say: %s", doc)
		} else {
			e.Saw("not kept, as the docs say: %s (the run took %s)", doc, r.Took.Round(time.Second))
		}
		return
	}
	if !kept {
		e.Errorf("~/keep is gone: the killed hookctl let the rm -rf through although the wiring carries the fail-closed switch")
		return
	}
	how := "every hookctl run was killed, and the switch blocked"
	if why, ok := killLoopClosedAlready[e.Agent.Name]; ok {
		how = "every hookctl run was killed: " + why
	}
	if guardBlocked {
		how = "a hookctl run outlived the loop and the guard blocked"
	}
	e.Saw("kept (%s); the run took %s", how, r.Took.Round(time.Second))
}

// startKillLoop starts the loop as the case's user in its namespace, and returns what stops it.
func (w *sysWorld) startKillLoop() func() {
	argv := w.asUser([]string{"sh", "-c", killLoopCommand})
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = w.e.baseEnv()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.e.Fatalf("starting the kill loop: %v", err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	// The loop is running before the agent starts, and keeps running.
	select {
	case <-done:
		w.e.Fatalf("the kill loop ended by itself")
	case <-time.After(300 * time.Millisecond):
	}
	return func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
}

//go:build e2e

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// One hook, every agent (SPEC 19): the starter config's guard (hookctl's own protocol) and a
// guard written for Claude Code (dialect: claude-code) each block a recursive rm in every
// agent, whatever its shell tool is called and however it shapes its input; a post_tool_call
// hook in hookctl's protocol sees hookctl's tool name. The rm's target is a home folder that
// does not exist, so the self-guard (which keeps hookctl's own home) has no say in it: the
// block is the guard's.
func init() {
	cases = append(cases, Case{
		Name: "starter-guard-every-agent",
		Does: "hookctl init's starter config, approved and installed, blocks rm -rf of a home folder through the agent's own shell tool (dialect: hookctl, matcher terminal)",
		Run:  starterGuard,
		Full: true, FullExcept: hookctlAlone,
	}, Case{
		Name: "claude-guard-every-agent",
		Does: "a Claude Code guard (exit 2 on rm -rf; and one answering a JSON deny), marked dialect: claude-code, blocks in every agent; a dialect: hookctl post_tool_call hook sees tool_name terminal",
		Run:  claudeGuard,
		Full: true, FullExcept: hookctlAlone,
	})
}

// rmHome is the command the guards must stop; it would remove nothing (no such folder).
const rmHome = "rm -rf /home/e2e-nobody; "

func starterGuard(e *Env) {
	e.MustHookctl("init")
	e.Approve()
	e.Install()
	e.Script(rmHome+e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.Check(!e.Marked("ran"), "the command ran: the starter guard did not block it")
	if b := blockedBy(e); !strings.Contains(b, "block-destructive.sh") {
		e.Errorf("the rm -rf was not blocked by the starter guard (blocked by %q):\n%s", b, clip(e.MustHookctl("log", "--json")))
	}
}

func claudeGuard(e *Env) {
	// As a team's Claude Code guards are written: one exits 2, one answers a JSON deny; both
	// read Claude Code's tool_input.command.
	e.Hook("exit2.sh", "exit2", "sh", `case "$payload" in *'rm -rf'*) echo 'no rm -rf (exit 2)' >&2; exit 2 ;; esac; exit 0`)
	e.Hook("deny.sh", "deny", "sh", `case "$payload" in *'rm -rf'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf (deny)"}}' ;; esac; exit 0`)
	e.Hook("seen.sh", "seen", "sh", `echo '{}'`)
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: Bash
      command: ./exit2.sh
      dialect: claude-code
      fail_closed: true
    - matcher: Bash
      command: ./deny.sh
      dialect: claude-code
      fail_closed: true
  post_tool_call:
    - matcher: terminal
      command: ./seen.sh
      dialect: hookctl
`)
	e.Script(rmHome+e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.Check(!e.Marked("ran"), "the command ran: the Claude Code guards did not block it")
	e.Check(e.HookRuns("exit2") == 1 && e.HookRuns("deny") == 1, "the guards ran %d and %d times, want 1 each", e.HookRuns("exit2"), e.HookRuns("deny"))
	for _, p := range append(e.HookPayloads("exit2"), e.HookPayloads("deny")...) {
		var v struct {
			Event string `json:"hook_event_name"`
			Tool  string `json:"tool_name"`
		}
		if json.Unmarshal([]byte(p), &v) != nil || v.Event != "PreToolUse" || v.Tool != "Bash" {
			e.Errorf("a dialect: claude-code guard was fed %s, want Claude Code's PreToolUse of Bash", clipN(p, 300))
		}
	}
	// The post-tool hook, on a call that runs.
	e.Script("echo e2e-ok", "done")
	e.RunOK(prompt)
	seen := e.HookPayloads("seen")
	if len(seen) == 0 {
		e.Errorf("the post_tool_call hook in hookctl's protocol never ran")
		return
	}
	var v struct {
		Tool  string `json:"tool_name"`
		Agent string `json:"agent"`
		Input struct {
			Command string `json:"command"`
		} `json:"tool_input"`
	}
	if err := json.Unmarshal([]byte(seen[len(seen)-1]), &v); err != nil || v.Tool != "terminal" || !strings.Contains(v.Input.Command, "echo e2e-ok") {
		e.Errorf("the post_tool_call hook saw %s, want tool_name terminal and tool_input.command", clipN(seen[len(seen)-1], 300))
	}
	e.Saw("the post-tool hook saw tool %q from %s (agent %q)", v.Tool, filepath.Base(e.Agent.Bin), v.Agent)
}

// blockedBy names the hook of the last blocked pre_tool_call in hookctl's audit log.
func blockedBy(e *Env) string {
	entries := e.auditEntries()
	for i := len(entries) - 1; i >= 0; i-- {
		en := entries[i]
		if en.Event != "pre_tool_call" || en.Decision != "block" {
			continue
		}
		for _, h := range en.Hooks {
			if h.Status == "blocked" || h.Status == "failed" {
				return h.Command
			}
		}
	}
	return ""
}

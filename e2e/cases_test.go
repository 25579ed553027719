//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"
)

// The cases of SPEC 13.1, each run for every agent row. A command ran or not is told by the
// marker file it would create (MarkCommand), never by the agent's prose; what the model was
// told is read from the requests it received.
var cases = []Case{
	{Name: "guard-denies", Does: "a fail_closed guard denies: the command does not run and the model sees the reason", Run: guardDenies},
	{Name: "allowed-runs", Does: "a guard that allows: the command runs and its result reaches the model", Run: allowedRuns},
	{Name: "post-hook-sees-call", Does: "a post_tool_call hook sees the tool and the command", Run: postHookSeesCall, Full: true, FullExcept: hookctlAlone},
	{Name: "unapproved-skipped", Does: "a hook not approved does not run, and the agent's output says why", Run: unapprovedSkipped},
	{Name: "fail-closed-crash", Does: "a fail_closed hook that exits 1 with text on stdout blocks", Run: failClosedCrash},
	{Name: "exit2-blocks", Does: "exit 2 blocks, with stderr as the reason the model sees", Run: exit2Blocks, Full: true, FullExcept: hookctlAlone},
	{Name: "continue-false-stops", Does: "continue:false stops the agent before the tool runs", Run: continueFalseStops},
	{Name: "suppressed-deny", Does: "a deny with suppressOutput still denies", Run: suppressedDeny},
	{Name: "slow-hook", Does: "a hook slower than the agent's default but under its timeout still decides; install wrote the timeout in the agent's unit", Run: slowHook},
	{Name: "context-reaches-model", Does: "a pre_llm_call hook's context is in what the model is sent", Run: contextReachesModel},
	{Name: "pre-verify-continues", Does: "a pre_verify hook keeps the agent working once: the model gets another request carrying its message", Run: preVerifyContinues},
	{Name: "rewrite-alone", Does: "a rewrite no hook allowed does what SPEC 9.4/13.2 say for the agent; the original never runs", Run: rewriteAlone},
	{Name: "rewrite-allowed", Does: "a rewrite with an explicit allow runs the rewritten command, not the original", Run: rewriteAllowed},
	{Name: "uninstall-restores", Does: "uninstall gives the settings back as they were and no hook fires", Run: uninstallRestores},
	{Name: "audit-records", Does: "the audit log records the decision, as hookctl log shows it", Run: auditRecords, Full: true, FullExcept: hookctlAlone},
	{Name: "source-beside-dollar0", Does: "a pinned script that sources a file beside it through $0 works", Run: sourceBeside("$0"), Full: true, FullExcept: hookctlAlone},
	{Name: "source-beside-bash-source", Does: "a pinned script that sources a file beside it through BASH_SOURCE works", Run: sourceBeside("${BASH_SOURCE[0]}"), Full: true, FullExcept: hookctlAlone},
	{Name: "project-dir-guard", Does: "a guard named under $CLAUDE_PROJECT_DIR, approved in the project (as import keeps Claude Code's hooks), denies", Run: projectDirGuard},
	{Name: "reinstall-new-timeout", Does: "after a hook's timeout changed, install again: the entry has the new timeout and the agent still runs hookctl", Run: reinstallNewTimeout, Full: true, FullExcept: []string{"claude-code", "codex"}},
}

const prompt = "Run the command the test needs."

// blockJSON is a block in the shape every dialect reads (SPEC 5.3's Claude Code shape).
func blockJSON(reason string) string {
	return fmt.Sprintf(`echo '{"decision":"block","reason":"%s"}'`, reason)
}

// runDenied runs the agent once and checks that the guard's deny held: the guard ran once, the
// command did not run, and the model saw reason ("" for none) where the agent can tell it.
func (e *Env) runDenied(reason string) {
	e.RunOK(prompt)
	e.Check(e.HookRuns("guard") == 1, "the guard ran %d times, want 1", e.HookRuns("guard"))
	if reason != "" && !e.Expressible("the command did not run") {
		reason = ""
	}
	e.denied("ran", reason)
}

// denied checks a guard's deny reached the agent: the command did not run, and the model saw
// reason (or, where the agent cannot tell the model, only the first).
func (e *Env) denied(mark, reason string) {
	e.Check(!e.Marked(mark), "the command ran: the deny did not hold")
	if reason != "" && !e.ModelSaw(reason) {
		e.Errorf("the model was never told the reason %q", reason)
	}
}

func guardDenies(e *Env) {
	e.Hook("guard.sh", "guard", "sh", blockJSON("e2e-guard-says-no"))
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.runDenied("e2e-guard-says-no")
}

func allowedRuns(e *Env) {
	e.Hook("guard.sh", "guard", "sh", `echo '{"action":"allow"}'`)
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.Check(e.HookRuns("guard") == 1, "the guard ran %d times, want 1", e.HookRuns("guard"))
	e.Check(e.Marked("ran"), "the allowed command did not run")
	e.Check(e.ToolResultSent(), "the command's result never reached the model")
}

func postHookSeesCall(e *Env) {
	e.Hook("post.sh", "post", "sh", "")
	e.Setup(`hooks:
  post_tool_call:
    - matcher: "SHELL"
      command: ./post.sh
`)
	cmd := e.MarkCommand("ran")
	e.Script(cmd, "done")
	e.RunOK(prompt)
	e.Check(e.Marked("ran"), "the command did not run")
	payloads := e.HookPayloads("post")
	if len(payloads) != 1 {
		e.Fatalf("the post hook ran %d times, want 1", len(payloads))
	}
	var p struct {
		ToolName  string          `json:"tool_name"`
		ToolInput json.RawMessage `json:"tool_input"`
	}
	if err := json.Unmarshal([]byte(payloads[0]), &p); err != nil {
		e.Fatalf("the post hook's stdin is not JSON: %v", err)
	}
	if e.Agent.ToolOf != nil {
		p.ToolName, p.ToolInput = e.Agent.ToolOf([]byte(payloads[0]))
	}
	e.Check(p.ToolName == e.hookTool(), "the post hook saw tool %q, want %q", p.ToolName, e.hookTool())
	e.Check(strings.Contains(string(p.ToolInput), e.Marks), "the post hook's tool_input %s does not carry the command %q", p.ToolInput, cmd)
}

func unapprovedSkipped(e *Env) {
	e.Hook("guard.sh", "guard", "sh", blockJSON("e2e-unapproved-says-no"))
	e.Config(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
`)
	// Installed, never approved.
	out := e.Install()
	e.Check(strings.Contains(out, "not approved"), "install did not say the hook is not approved:\n%s", out)
	e.Script(e.MarkCommand("ran"), "done")
	r := e.RunOK(prompt)
	e.Check(e.HookRuns("guard") == 0, "the unapproved hook ran")
	e.Check(e.Marked("ran"), "the command did not run (an unapproved hook that is no guard must not block)")
	if e.Expressible("hookctl hooks list, as the person runs it, says the hook is not approved") {
		e.Check(strings.Contains(e.Shown(r), "not approved"), "what the agent shows the person does not say the hook was skipped as not approved")
	} else {
		list := e.MustHookctl("hooks", "list")
		e.Check(strings.Contains(list, "not approved"), "hooks list does not say the hook is not approved:\n%s", list)
	}
}

func failClosedCrash(e *Env) {
	e.Hook("guard.sh", "guard", "sh", "echo 'some text before it crashed'\nexit 1")
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.runDenied("")
}

func exit2Blocks(e *Env) {
	e.Hook("guard.sh", "guard", "sh", "echo 'e2e-exit2-says-no' >&2\nexit 2")
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.runDenied("e2e-exit2-says-no")
}

func continueFalseStops(e *Env) {
	e.Hook("stop.sh", "stop", "sh", `echo '{"continue":false,"stopReason":"e2e-stop-now"}'`)
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./stop.sh
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.Run(prompt)
	e.Check(e.HookRuns("stop") == 1, "the hook ran %d times, want 1", e.HookRuns("stop"))
	e.Check(!e.Marked("ran"), "the command ran: continue:false did not stop the agent before the tool")
	if e.Expressible("the command did not run, and the hook ran once") {
		// Stopped: the agent went back to the model with nothing, no tool result.
		e.Check(!e.ToolResultSent(), "the agent went on: it sent the model a tool result after continue:false")
	}
}

func suppressedDeny(e *Env) {
	e.Hook("guard.sh", "guard", "sh", `echo '{"decision":"block","reason":"e2e-quiet-no","suppressOutput":true}'`)
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.runDenied("")
}

// slowHook: the guard takes 3 s and then denies. Its timeout is 10 s, so install writes 15 s in
// the agent's unit; an entry written in the wrong unit (15 where milliseconds are meant) kills
// hookctl long before the guard answers, and the command runs.
func slowHook(e *Env) {
	e.Hook("guard.sh", "guard", "sh", "sleep 3\n"+blockJSON("e2e-slow-no"))
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      timeout: 10
`)
	timeouts, err := e.InstalledTimeouts()
	if err != nil {
		e.Errorf("reading the installed timeout: %v", err)
	}
	for _, d := range timeouts {
		e.Check(d == 15*time.Second, "install wrote a timeout of %s, want 15s (the hook's 10 s + 5 s) in the agent's unit", d)
	}
	e.Script(e.MarkCommand("ran"), "done")
	e.runDenied("")
}

func contextReachesModel(e *Env) {
	e.Hook("context.sh", "context", "sh", `echo '{"context":"e2e-context-from-hook"}'`)
	if !e.Expressible("a pre_tool_call hook's context reaches the model beside the tool's result (where the agent drops it: it stays dropped)") {
		e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./context.sh
`)
		e.Script(e.MarkCommand("ran"), "done")
		e.RunOK(prompt)
		e.Check(e.HookRuns("context") == 1, "the context hook ran %d times, want 1", e.HookRuns("context"))
		e.Check(e.Marked("ran"), "the command did not run")
		if e.Agent.DropsToolContext {
			e.Check(!e.ModelSaw("e2e-context-from-hook"), "the model was sent the hook's context, which the docs say %s drops: update docs/agents.md and DropsToolContext", e.Agent.Name)
			return
		}
		e.Check(e.ModelSaw("e2e-context-from-hook"), "the model was never sent the hook's context")
		return
	}
	e.Setup(`hooks:
  pre_llm_call:
    - command: ./context.sh
`)
	e.Script("", "done")
	e.RunOK(prompt)
	e.Check(e.HookRuns("context") >= 1, "the context hook never ran")
	e.Check(e.ModelSaw("e2e-context-from-hook"), "the model was never sent the hook's context")
}

// preVerifyContinues: the first time the agent would stop, the hook says keep working; the
// second time it says nothing, so the agent stops.
func preVerifyContinues(e *Env) {
	state := filepath.Join(e.Marks, "verified-once")
	e.Hook("verify.sh", "verify", "sh", fmt.Sprintf(`if [ -e %q ]; then echo '{}'; exit 0; fi
touch %q
echo '{"action":"continue","message":"e2e-keep-working"}'`, state, state))
	e.Setup(`hooks:
  pre_verify:
    - command: ./verify.sh
`)
	e.Script("", "done")
	e.RunOK(prompt)
	if !e.Expressible("the pre_verify hook runs once when the task ends (never where hookctl wires tool calls only, a plugin agent), and the agent ends") {
		want := 1
		if e.Agent.plugin() {
			want = 0
		}
		e.Check(e.HookRuns("verify") == want, "the pre_verify hook ran %d times, want %d", e.HookRuns("verify"), want)
		return
	}
	e.Check(e.HookRuns("verify") == 2, "the pre_verify hook ran %d times, want 2 (keep working once, then stop)", e.HookRuns("verify"))
	e.Check(e.ModelSaw("e2e-keep-working"), "the model never got a request carrying the hook's message")
}

func rewriteConfig(e *Env, allow bool) {
	// The rewrite is the whole input of the shell tool, as hooks see it, for the new command.
	args, _ := json.Marshal(e.HookInput(e.MarkCommand("ran-rewritten")))
	e.Hook("rewrite.sh", "rewrite", "sh", fmt.Sprintf(`echo '{"action":"modify","args":%s}'`, args))
	config := `hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./rewrite.sh
`
	if allow {
		e.Hook("allow.sh", "allow", "sh", `echo '{"action":"allow"}'`)
		config += `    - matcher: "SHELL"
      command: ./allow.sh
`
	}
	e.Setup(config)
	e.Script(e.MarkCommand("ran-original"), "done")
	e.RunOK(prompt)
	e.Check(e.HookRuns("rewrite") == 1, "the rewriting hook ran %d times, want 1", e.HookRuns("rewrite"))
	e.Check(!e.Marked("ran-original"), "the original command ran: the rewrite was lost")
}

func rewriteAlone(e *Env) {
	rewriteConfig(e, false)
	switch e.Agent.RewriteAlone {
	case RewriteRuns:
		e.Check(e.Marked("ran-rewritten"), "the rewritten command did not run")
	case RewriteRefused:
		e.Check(!e.Marked("ran-rewritten"), "the rewritten command ran though no hook allowed it (a rewrite alone must not skip the agent's permission check)")
	default:
		e.Errorf("the %s row does not say what a rewrite alone does (RewriteAlone)", e.Agent.Name)
	}
}

func rewriteAllowed(e *Env) {
	rewriteConfig(e, true)
	if !e.Expressible("the rewrite is denied with its reason (SPEC 28.26): the rewritten command does not run either, and the model is told why") {
		e.Check(!e.Marked("ran-rewritten"), "the rewritten command ran, where the agent drops a rewrite")
		result := ""
		for _, r := range e.Model.Requests() {
			if r.HasToolResult {
				result = r.ToolResult
			}
		}
		e.Check(strings.Contains(result, "rewritten tool input"), "the model was not told why the call was denied: %q", result)
		return
	}
	e.Check(e.Marked("ran-rewritten"), "the rewritten command did not run though a hook allowed it")
}

func uninstallRestores(e *Env) {
	settings := filepath.Join(e.Home, e.Agent.Settings)
	if e.Agent.PersonSettings != "" {
		e.WriteFile(settings, strings.ReplaceAll(e.Agent.PersonSettings, "MODEL_URL", e.URL), 0o644)
	}
	before, errBefore := os.ReadFile(settings)
	e.Hook("guard.sh", "guard", "sh", blockJSON("e2e-uninstalled-no"))
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
`)
	installed, _ := os.ReadFile(settings)
	e.Check(string(installed) != string(before), "install did not change %s", e.Agent.Settings)
	e.MustHookctl("uninstall", e.Agent.Name)
	after, errAfter := os.ReadFile(settings)
	switch {
	case errBefore != nil && errAfter == nil:
		e.Errorf("there was no %s before install; after uninstall there is:\n%s", e.Agent.Settings, after)
	case errBefore == nil && errAfter != nil:
		e.Errorf("uninstall left no %s: %v", e.Agent.Settings, errAfter)
	case errBefore == nil:
		var b, a any
		if err := json.Unmarshal(before, &b); err != nil {
			e.Fatalf("%s before install: %v", e.Agent.Settings, err)
		}
		if err := json.Unmarshal(after, &a); err != nil {
			e.Fatalf("%s after uninstall: %v", e.Agent.Settings, err)
		}
		e.Check(reflect.DeepEqual(a, b), "%s after uninstall differs from before install:\nbefore: %s\nafter:  %s", e.Agent.Settings, before, after)
	}
	e.Script(e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.Check(e.HookRuns("guard") == 0, "a hook fired after uninstall")
	e.Check(e.Marked("ran"), "the command did not run after uninstall")
}

func auditRecords(e *Env) {
	e.Hook("guard.sh", "guard", "sh", blockJSON("e2e-audited-no"))
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.denied("ran", "")
	out := e.MustHookctl("log", "--json", "--agent", e.Agent.Name, "--event", "pre_tool_call")
	found := false
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var entry struct {
			Event, Agent, Tool, Decision, Reason string
			Hooks                                []struct {
				Command      string
				Status       string
				ScriptSHA256 string `json:"script_sha256"`
			}
		}
		if json.Unmarshal([]byte(l), &entry) != nil {
			continue
		}
		if entry.Decision == "block" && entry.Tool == e.hookTool() && strings.Contains(entry.Reason, "e2e-audited-no") &&
			len(entry.Hooks) == 1 && entry.Hooks[0].ScriptSHA256 != "" {
			found = true
		}
	}
	e.Check(found, "hookctl log has no block of %s by the guard (with its script's hash):\n%s", e.hookTool(), out)
}

// sourceBeside: the approved script loads lib.sh from its own folder through ref ($0 or
// BASH_SOURCE), and lib.sh gives the deny and its reason; a script run from anywhere but its own
// path cannot find lib.sh, so the reason never reaches the model.
func sourceBeside(ref string) func(e *Env) {
	return func(e *Env) {
		e.WriteFile(filepath.Join(e.Hooks, "guards", "lib.sh"), fmt.Sprintf(
			"deny() { touch %q; printf '{\"decision\":\"block\",\"reason\":\"e2e-from-lib-%%s\"}\\n' \"$1\"; }\n",
			filepath.Join(e.Marks, "lib-loaded")), 0o644)
		e.Hook("guards/guard.sh", "guard", "bash", fmt.Sprintf(`. "$(dirname "%s")/lib.sh" || exit 1
deny beside`, ref))
		e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guards/guard.sh
      fail_closed: true
`)
		e.Script(e.MarkCommand("ran"), "done")
		e.runDenied("e2e-from-lib-beside")
		e.Check(e.Marked("lib-loaded"), "the guard could not load lib.sh beside it through %s", ref)
	}
}

// projectDirGuard is a project's own guard, named as Claude Code's hooks name it and approved
// from inside the project, where the person runs hookctl (SPEC 17.12).
func projectDirGuard(e *Env) {
	e.Hook(filepath.Join(e.Project, ".claude", "hooks", "guard.sh"), "guard", "sh", blockJSON("e2e-project-guard-says-no"))
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: $CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh
      fail_closed: true
`)
	e.Script(e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	if e.Expressible("the command did not run: without $CLAUDE_PROJECT_DIR the guard's script is not the one approved, and fail_closed blocks") {
		e.Check(e.HookRuns("guard") == 1, "the guard ran %d times, want 1", e.HookRuns("guard"))
		e.denied("ran", "e2e-project-guard-says-no")
	} else {
		e.Check(e.HookRuns("guard") == 0, "the guard ran %d times outside its project", e.HookRuns("guard"))
		e.denied("ran", "")
	}
}

func reinstallNewTimeout(e *Env) {
	e.Hook("guard.sh", "guard", "sh", blockJSON("e2e-reinstalled-no"))
	config := `hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
      timeout: TIMEOUT
`
	e.Setup(strings.Replace(config, "TIMEOUT", "10", 1))
	e.Config(strings.Replace(config, "TIMEOUT", "20", 1))
	e.Install()
	timeouts, err := e.InstalledTimeouts()
	if err != nil {
		e.Errorf("reading the installed timeout: %v", err)
	}
	for _, d := range timeouts {
		e.Check(d == 25*time.Second, "after the reinstall the entry's timeout is %s, want 25s", d)
	}
	e.Script(e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.Check(e.HookRuns("guard") == 1, "the guard ran %d times after the reinstall, want 1", e.HookRuns("guard"))
	e.denied("ran", "")
}

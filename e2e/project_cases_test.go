//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The project's committed wiring (SPEC 20): on a machine where hookctl is not on PATH, the
// entries install --project wrote refuse the tool call in the agent's own convention, instead
// of exiting 127, which every agent takes for a non-blocking error.
func init() {
	cases = append(cases, Case{
		Name: "project-wiring-no-hookctl",
		Does: "install --project's committed wiring, run where hookctl is not on PATH, blocks the tool call instead of running it unguarded",
		Run:  projectWiringNoHookctl,
	}, Case{
		Name: "project-guard",
		Does: "a repository's .agent-hooks/ guard (fail_closed, dialect: hookctl, matcher terminal), with the person's own install in a fresh HOME: before hooks approve --project it does not run (rm -rf ./scratch runs) and the agent shows why where it can; after it, rm -rf ./keep is blocked",
		Run:  projectGuard,
	}, Case{
		// Full but for Claude Code and Codex: what the lock adds is hookctl's own (approve
		// --from-lock, and a script changed since approval blocking), and each agent's way of
		// carrying the project guard's block is proved by project-guard in the default suite;
		// the two rows here keep the CI path itself proved in two agents on every run.
		Name:       "project-lock",
		Does:       "a CI machine (fresh HOME): hooks lock committed, hooks approve --from-lock before the agent; the project guard runs with no prompt and blocks rm -rf ./keep; its script edited after that step, the next rm -rf ./keep is blocked as changed since approval",
		Run:        projectLock,
		Full:       true,
		FullExcept: []string{"claude-code", "codex"},
	})
}

func projectWiringNoHookctl(e *Env) {
	for _, kv := range e.baseEnv() {
		if path, ok := strings.CutPrefix(kv, "PATH="); ok {
			for _, dir := range filepath.SplitList(path) {
				if _, err := exec.LookPath(filepath.Join(dir, "hookctl")); err == nil {
					e.Fatalf("%s holds a hookctl: the case needs a PATH without one", dir)
				}
			}
		}
	}
	e.Hook("guard.sh", "guard", "sh", `echo '{}'`)
	e.Config(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
`)
	e.Approve()
	out := e.MustHookctl("install", e.Agent.Name, "--project")
	e.Saw("install --project: %s", strings.TrimSpace(strings.SplitN(out, "\n", 2)[0]))
	switch e.Agent.Name {
	case "codex":
		// Codex reads no project-local configuration, hooks included, in a project the person
		// has not trusted (it says so on stderr and runs the tool): trusted as codex exec
		// --trust records it, then its hooks trusted as /hooks does.
		config := filepath.Join(e.Home, ".codex", "config.toml")
		data, err := os.ReadFile(config)
		if err != nil {
			e.Fatalf("reading %s: %v", config, err)
		}
		e.WriteFile(config, string(data)+fmt.Sprintf("\n[projects.%q]\ntrust_level = \"trusted\"\n", e.Project), 0o600)
		if err := e.Agent.AfterInstall(e); err != nil {
			e.Fatalf("after install: %v", err)
		}
	case "copilot":
		// Copilot CLI runs a repository's hooks only in a folder the person trusts.
		trusted, _ := json.Marshal(map[string]any{"trusted_folders": []string{e.Project}})
		e.WriteFile(filepath.Join(e.Home, ".copilot", "config.json"), string(trusted), 0o600)
	default:
		if e.Agent.AfterInstall != nil {
			if err := e.Agent.AfterInstall(e); err != nil {
				e.Fatalf("after install: %v", err)
			}
		}
	}
	e.Script(e.MarkCommand("ran"), "done")
	e.Run(prompt)
	e.Check(!e.Marked("ran"), "the command ran: a project wiring with no hookctl let the tool through")
	e.Check(e.HookRuns("guard") == 0, "the guard ran %d times with no hookctl on PATH", e.HookRuns("guard"))
	if e.ModelSaw("hookctl is not on PATH") {
		e.Saw("the model was told: hookctl is not on PATH on this machine, and how to install it")
	} else {
		e.Saw("the model was not told why (the agent refused the call its own way)")
	}
}

// projectReason is the reason the project's guard blocks `rm -rf` with.
const projectReason = "e2e-project-guard-says-no"

// projectRepo makes the project folder a repository (git init) holding the project's hooks:
// .agent-hooks/config.yaml with one guard, in hookctl's protocol and under hookctl's name for
// the shell tool, so the same file serves every agent, and .agent-hooks/guard.sh, which blocks
// a recursive rm (`rm -r`, `rm -rf`) and lets everything else through. Then the person's own wiring, in the repository,
// as a teammate with no config of their own runs it (install plans the project's events).
func (e *Env) projectRepo() {
	e.git("init", "-q", "-b", "main")
	e.Hook(filepath.Join(e.Project, ".agent-hooks", "guard.sh"), "guard", "sh",
		`case "$payload" in *"rm -r"*) `+blockJSON(projectReason)+` ;; esac`)
	e.WriteFile(filepath.Join(e.Project, ".agent-hooks", "config.yaml"), `hooks:
  pre_tool_call:
    - matcher: terminal
      command: .agent-hooks/guard.sh
      dialect: hookctl
      fail_closed: true
`, 0o644)
	out := e.Install()
	e.Check(!strings.Contains(out, "nothing to wire"), "install in the repository did not wire the project's hooks:\n%s", out)
}

// git runs git in the project folder, as the person would, with an identity of its own.
func (e *Env) git(args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	argv := append([]string{"git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "-c", "commit.gpgsign=false"}, args...)
	cmd := e.command(ctx, argv...)
	cmd.Dir, cmd.Env = e.Project, e.baseEnv()
	out, err := cmd.CombinedOutput()
	if err != nil {
		e.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// removeInProject runs the agent once on `rm FLAGS ./dir` in the repository and the marker
// command of mark after it: removed says dir is gone, ran that the marker was written.
func (e *Env) removeInProject(flags, dir, mark string) (removed, ran bool) {
	e.WriteFile(filepath.Join(e.Project, dir, "file"), "work\n", 0o644)
	e.Script("rm "+flags+" ./"+dir+"; "+e.MarkCommand(mark), "done")
	e.RunOK(prompt)
	_, err := os.Stat(filepath.Join(e.Project, dir, "file"))
	return err != nil, e.Marked(mark)
}

// projectBlocked checks the project guard's block of `rm -rf ./dir` held and, where the agent
// tells the model a deny's reason (not Cline, whose cancel ends the task), that the model saw
// reason; and that hookctl's audit log has the block, with reason, among entries.
func (e *Env) projectBlocked(dir string, removed, ran bool, entries []auditEntry, reason string) {
	e.Check(!removed && !ran, "rm -rf ./%s ran (removed %v, the command after it ran %v): the project guard did not block it", dir, removed, ran)
	if _, cancels := e.Agent.Cannot["guard-denies"]; !cancels && !e.ModelSaw(reason) {
		e.Errorf("the model was never told %q", reason)
	}
	found := false
	for _, en := range entries {
		if en.Event != "pre_tool_call" || en.Decision != "block" {
			continue
		}
		for _, h := range en.Hooks {
			found = found || strings.Contains(en.Reason+h.Message, reason)
		}
	}
	if !found {
		e.Errorf("no block of rm -rf ./%s naming %q in hookctl's audit log:\n%s", dir, reason, clip(e.MustHookctl("log", "--json")))
	}
	e.Saw("rm -rf ./%s: blocked by %s", dir, blocker(entries))
}

// skipShown is what each agent shows the person of a project hook skipped as not approved, as
// the suite saw it. Claude Code and Gemini CLI show the session-start notice hookctl answers
// with (its systemMessage): "hookctl skips 1 hook(s) of the project ... not approved there".
// Codex (exec), Copilot CLI (-p) and Cline show nothing: none prints a hook's stderr when it
// exits 0, and none has a session-start message hookctl may use; there the person learns it
// from hookctl hooks doctor --agent X in the project, which names it as an error
// (docs/teams.md).
var skipShown = map[string]bool{"claude-code": true, "gemini": true}

// projectGuard: the person's install in a repository with a project guard. Before hooks
// approve --project the guard does not run (the call runs), and the agent shows why where it
// can; after it, the guard blocks. Two agent runs.
func projectGuard(e *Env) {
	e.projectRepo()

	// Codex refuses `rm -f` of its own ("rm -f style commands are not permitted", after its
	// PreToolUse hooks and whatever the sandbox flags say): there the call that shows the guard
	// did not run is `rm -r`, which the guard blocks as well.
	flags := "-rf"
	if e.Agent.Name == "codex" {
		flags = "-r"
	}
	removed, ran := e.removeInProject(flags, "scratch", "ran-scratch")
	e.Check(e.HookRuns("guard") == 0, "the project guard ran %d times before it was approved", e.HookRuns("guard"))
	e.Saw("before approval: rm %s ./scratch ran (removed %v, the command after it ran %v), the project guard ran %d times", flags, removed, ran, e.HookRuns("guard"))
	e.Check(removed && ran, "rm %s ./scratch did not run before the project's hooks were approved (removed %v, the command after it ran %v): an unapproved project hook must not block", flags, removed, ran)
	shown := e.Shown(e.Last)
	says := strings.Contains(shown, "not approved there") || strings.Contains(shown, "not approved in this project")
	if skipShown[e.Agent.Name] {
		e.Check(says, "what %s shows the person does not say the project's hook was skipped as not approved", e.Agent.Name)
	} else {
		e.Check(!says, "%s now shows the person that the project's hook was skipped: list it in skipShown and docs/teams.md", e.Agent.Name)
		out, errOut, err := e.Hookctl("hooks", "doctor", "--agent", e.Agent.Name)
		e.Check(err != nil && strings.Contains(out, "not approved in this project"),
			"hookctl hooks doctor --agent %s in the repository does not name the project's hook as not approved (%v):\n%s%s", e.Agent.Name, err, out, errOut)
	}
	if says {
		line := shown
		if i := strings.Index(line, "hookctl skips"); i >= 0 {
			line = line[i:]
		} else if i := strings.Index(line, "skipped hook"); i >= 0 {
			line = line[i:]
		}
		where := "in its transcript"
		if strings.Contains(e.Last.Output(), "not approved") {
			where = "in its output"
		}
		e.Saw("before approval, the agent shows %s: %s", where, clipN(line, 200))
	} else {
		e.Saw("before approval, the agent shows nothing of the skipped project hook")
	}

	e.MustHookctl("hooks", "approve", "--project")
	seen := len(e.auditEntries())
	removed, ran = e.removeInProject("-rf", "keep", "ran-keep")
	e.Check(e.HookRuns("guard") == 1, "the project guard ran %d times after approval, want 1", e.HookRuns("guard"))
	e.projectBlocked("keep", removed, ran, e.auditEntries()[seen:], projectReason)
}

// projectLock: a CI machine, a fresh HOME with the person's wiring, and a checkout whose
// hooks.lock was committed; hooks approve --from-lock runs before the agent. The guard runs
// with no prompt (there is no terminal) and blocks; then its script is edited, as an agent
// could during the job, and the next call is blocked as changed since approval. Two agent runs.
func projectLock(e *Env) {
	e.projectRepo()
	e.MustHookctl("hooks", "lock")
	e.git("add", "-A")
	e.git("commit", "-q", "-m", "agent hooks")

	out := e.MustHookctl("hooks", "approve", "--from-lock")
	e.Check(strings.Contains(out, "approved"), "hooks approve --from-lock did not say it approved the locked hook:\n%s", out)
	seen := len(e.auditEntries())
	removed, ran := e.removeInProject("-rf", "keep", "ran-locked")
	e.Check(e.HookRuns("guard") == 1, "the locked guard ran %d times, want 1", e.HookRuns("guard"))
	e.projectBlocked("keep", removed, ran, e.auditEntries()[seen:], projectReason)

	// The guard edited after approve --from-lock: it lets everything through (and still logs,
	// so a run of it would be counted).
	e.Hook(filepath.Join(e.Project, ".agent-hooks", "guard.sh"), "guard", "sh", "exit 0")
	seen = len(e.auditEntries())
	removed, ran = e.removeInProject("-rf", "keep", "ran-edited")
	e.Check(e.HookRuns("guard") == 1, "the edited guard ran (%d runs in all, want 1): a script changed since approval must not run", e.HookRuns("guard"))
	e.projectBlocked("keep", removed, ran, e.auditEntries()[seen:], "changed since approval")
}

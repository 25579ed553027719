//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The project's committed wiring (SPEC 20): on a machine where hookctl is not on PATH, the
// entries install --project wrote refuse the tool call in the agent's own convention, instead
// of exiting 127, which every agent takes for a non-blocking error.
func init() {
	cases = append(cases, Case{
		Name: "project-wiring-no-hookctl",
		Does: "install --project's committed wiring, run where hookctl is not on PATH, blocks the tool call instead of running it unguarded",
		Run:  projectWiringNoHookctl,
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

//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// What the three plugin agents' rows share (OpenCode, Kilo, pi).

// pluginDefault are the cases a plugin agent runs in the default suite (SPEC 26.4): deny,
// allow, fail closed, the starter guard, the self-guard's refusals, a project guard, uninstall
// byte-exact, its shell's signs, and its plugin broken (28.38); the rest are Full for them.
var pluginDefault = []string{
	"guard-denies", "allowed-runs", "fail-closed-crash", "project-wiring-no-hookctl",
	"starter-guard-every-agent", "tamper-unwire-agent",
	"project-guard", "uninstall-restores", "shell-env", "plugin-broken",
}

// pluginCannot are the cases no plugin agent can express, with the reason.
func pluginCannot(title string) map[string]string {
	return map[string]string{
		"context-reaches-model": title + " has no event before a model request that a plugin can add context to (hookctl wires tool calls only)",
		"pre-verify-continues":  title + " has no event at the end of a turn that can keep it working",
		"project-dir-guard":     title + " gives hookctl no $CLAUDE_PROJECT_DIR: the path is not the script approved in the project, so fail_closed blocks",
		"wall-start":            notWalled(title),
		"continue-false-stops":  title + "'s plugin can fail a tool call, not end the run: hookctl blocks the call instead, and the model is told",
		"unapproved-skipped":    title + "'s non-interactive run shows the person no plugin's notice: hookctl's word that a hook was skipped is not shown there",
	}
}

// pluginDeadlines reads the --deadline of each call in hookctl's plugin under folder (relative
// to HOME).
func pluginDeadlines(folder string) func(e *Env) ([]time.Duration, error) {
	return func(e *Env) ([]time.Duration, error) {
		path := filepath.Join(e.Home, folder, "hookctl.js")
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var out []time.Duration
		for _, m := range regexp.MustCompile(`--deadline (\d+)`).FindAllSubmatch(data, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			out = append(out, time.Duration(n)*time.Second)
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("hookctl's plugin %s runs hookctl with no --deadline", path)
		}
		return out, nil
	}
}

// noDependencyInstall marks the config folder dir as holding pkg already, as a person who ran
// the agent once online has it: OpenCode and Kilo otherwise install their plugin package into
// each config folder at start, and with no network here a run with a plugin waits on it.
func noDependencyInstall(e *Env, dir, pkg string) {
	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		e.Fatalf("%v", err)
	}
	e.WriteFile(filepath.Join(dir, "package.json"), fmt.Sprintf(`{"dependencies": {%q: "*"}}`, pkg), 0o644)
	e.WriteFile(filepath.Join(dir, "package-lock.json"), fmt.Sprintf(`{"packages": {"": {"dependencies": {%q: "*"}}}}`, pkg), 0o644)
}

// notWalled is the reason an agent added with SPEC 26 cannot run wall-start: it is not proven to
// run whole behind the kernel wall (agent.Dialect.WallStart), so install --wall refuses it, which
// the case checks instead.
func notWalled(title string) string {
	return title + " is not yet proven to run whole behind the wall: install --wall refuses it (docs/wall.md)"
}

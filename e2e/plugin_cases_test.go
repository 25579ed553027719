//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
)

// A plugin agent's hookctl plugin broken (SPEC 26.3, 28.38): OpenCode and Kilo drop a plugin
// that fails to load without a word, so the tool call then runs unguarded; `hookctl doctor`
// must exit 1 naming the plugin. pi blocks the call instead.
func init() {
	cases = append(cases, Case{
		Name:       "plugin-broken",
		Does:       "plugin agents: hookctl's plugin given a syntax error, the agent runs rm -rf under the guard; what the agent does is reported, and hooks doctor exits 1 naming the plugin",
		Run:        pluginBroken,
		Full:       true,
		FullExcept: []string{"opencode", "kilo", "pi"},
	})
}

func pluginBroken(e *Env) {
	if !strings.HasSuffix(e.Agent.Settings, "/hookctl.js") {
		e.Saw("plugin agents only: nothing to check for %s", e.Agent.Name)
		return
	}
	e.Hook("guard.sh", "guard", "sh", blockJSON("e2e-guard-says-no"))
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
	plugin := filepath.Join(e.Home, filepath.FromSlash(e.Agent.Settings))
	f, err := os.OpenFile(plugin, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		e.Fatalf("opening the plugin: %v", err)
	}
	_, err = f.WriteString("\nexport const broken = (;\n")
	f.Close()
	if err != nil {
		e.Fatalf("breaking the plugin: %v", err)
	}
	e.Script(e.MarkCommand("ran"), "done")
	e.Run(prompt)
	switch {
	case e.Marked("ran"):
		e.Saw("the command ran: %s dropped the broken plugin without a word (the guard ran %d times)", e.Agent.Name, e.HookRuns("guard"))
	default:
		e.Saw("the command did not run: %s blocked the call with the plugin broken", e.Agent.Name)
	}
	out, stderr, err := e.Hookctl("hooks", "doctor")
	e.Check(err != nil, "hooks doctor exited 0 with the plugin broken:\n%s%s", out, stderr)
	e.Check(strings.Contains(out+stderr, plugin), "hooks doctor does not name %s:\n%s%s", plugin, out, stderr)
}

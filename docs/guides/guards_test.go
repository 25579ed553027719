// Package guides holds no code: its test runs the example guards of docs/guides/guards against
// the tool calls of every agent hookctl serves, as hookctl feeds them to a dialect: hookctl
// script.
package guides

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
)

type guardCase struct {
	script string
	tool   string         // hookctl's tool name
	input  map[string]any // in hookctl's keys
	block  bool
}

func shell(script, command string, block bool) guardCase {
	return guardCase{script, agent.ToolTerminal, map[string]any{"command": command}, block}
}

func file(script, tool, path string, block bool) guardCase {
	return guardCase{script, tool, map[string]any{"path": path}, block}
}

var cases = []guardCase{
	shell("block-secrets.sh", "cat ~/.ssh/id_ed25519", true),
	shell("block-secrets.sh", "cat .env", true),
	shell("block-secrets.sh", "cp .env.production /tmp/x", true),
	shell("block-secrets.sh", "cat ~/.aws/credentials", true),
	shell("block-secrets.sh", `grep token "$HOME/.netrc"`, true),
	shell("block-secrets.sh", "cat '.e'nv", true),
	shell("block-secrets.sh", "cat .env.example", false),
	shell("block-secrets.sh", "direnv allow .envrc", false),
	shell("block-secrets.sh", "go test ./...", false),
	file("block-secrets.sh", agent.ToolReadFile, "/home/me/.ssh/config", true),
	file("block-secrets.sh", agent.ToolReadFile, ".env", true),
	file("block-secrets.sh", agent.ToolReadFile, "deploy/key.pem", true),
	file("block-secrets.sh", agent.ToolReadFile, "src/main.go", false),
	file("block-secrets.sh", agent.ToolWriteFile, ".env.local", true),
	file("block-secrets.sh", agent.ToolWriteFile, "README.md", false),

	shell("block-delete-outside-project.sh", "rm -rf build dist", false),
	shell("block-delete-outside-project.sh", "find . -name '*.pyc' -delete", false),
	shell("block-delete-outside-project.sh", "rm -rf /tmp/scratch", false),
	shell("block-delete-outside-project.sh", "rm -rf ../other-project", true),
	shell("block-delete-outside-project.sh", "rm -rf ~/Documents", true),
	shell("block-delete-outside-project.sh", `rm -rf "$HOME/.config"`, true),
	shell("block-delete-outside-project.sh", "make clean; rm -r /etc/nginx", true),
	shell("block-delete-outside-project.sh", "rm -rf .", true),
	shell("block-delete-outside-project.sh", "rm -rf src/../..", true),
	shell("block-delete-outside-project.sh", `rm -rf "$BUILD_DIR"`, true),
	shell("block-delete-outside-project.sh", "sudo find /var/log -name '*.gz' -delete", true),
	shell("block-delete-outside-project.sh", "git status && ls -la", false),
	shell("block-delete-outside-project.sh", "git clean -fdx", false),
	shell("block-delete-outside-project.sh", "cd src && rm -rf gen", false),
	shell("block-delete-outside-project.sh", "bash -c 'rm -rf ../x'", true),
	shell("block-delete-outside-project.sh", `sh -c "rm -rf ~/x"`, true),
	shell("block-delete-outside-project.sh", "git clean -fdx ..", true),
	shell("block-delete-outside-project.sh", "git -C ../other clean -fdx", true),
	shell("block-delete-outside-project.sh", "find .. -name '*.log' | xargs rm -rf", true),
	shell("block-delete-outside-project.sh", "cd .. && rm -rf other-project", true),
	shell("block-delete-outside-project.sh", "(cd src); rm -rf ../x", true),
	shell("block-delete-outside-project.sh", "sudo -u root rm -rf ../x", true),
	shell("block-delete-outside-project.sh", "timeout -s KILL 5 rm -rf /etc/x", true),
}

// TestGuardsEveryAgent feeds each case, as each agent sends it, through hookctl's translation
// into the payload a dialect: hookctl script reads, runs the guard on it, and checks the
// verdict; the guide's config must run the guard for that agent's tool.
func TestGuardsEveryAgent(t *testing.T) {
	wintest.NeedsShell(t)
	cfg, err := config.Load("guards/config.yaml", config.Options{})
	if err != nil || len(cfg.Problems) > 0 {
		t.Fatalf("guards/config.yaml: %v %v", err, cfg.Problems)
	}
	own, err := agent.ForScript(agent.ScriptHookctl)
	if err != nil {
		t.Fatal(err)
	}
	// Names only: the guards read paths, they touch no file. Not under /tmp, which the
	// delete guard allows.
	home := "/home/me"
	project := "/home/me/project"
	for _, d := range agent.Dialects() {
		for _, c := range cases {
			tools := d.AgentTools(c.tool)
			if len(tools) == 0 {
				continue // the agent has no such tool
			}
			tool := tools[0]
			name := d.Name + "/" + c.script + "/" + tool + "/" + string(mustJSON(t, c.input))
			t.Run(name, func(t *testing.T) {
				t.Parallel() // each case starts a shell and hookctl: they mostly wait
				hook := hookFor(t, cfg, c.script)
				if !hook.MatchesIn(d, &tool) {
					t.Fatalf("the config's matcher %q does not run %s for %s's %s", hook.Matcher, c.script, d.Title, tool)
				}
				payload := feed(t, own, d, tool, mustJSON(t, c.input), project)
				blocked, stderr := runGuard(t, c.script, payload, home)
				if blocked != c.block {
					t.Errorf("blocked = %v, want %v\npayload %s\nstderr %s", blocked, c.block, payload, stderr)
				}
			})
		}
	}
}

// feed is the payload hookctl gives a dialect: hookctl script for agent d's call of tool with
// input (in hookctl's keys), made as a run makes it: the input put in the agent's own keys,
// then translated by agent.Feed. hookctl's own agent sends its protocol as it is.
func feed(t *testing.T, own, d *agent.Dialect, tool string, input []byte, cwd string) []byte {
	t.Helper()
	m := d.TestMapping("pre_tool_call")
	if d == own {
		return mustJSON(t, map[string]any{"hook_event_name": "pre_tool_call", "tool_name": tool,
			"tool_input": json.RawMessage(input), "cwd": cwd, "session_id": "s"})
	}
	agentInput, err := d.ToAgentInput(tool, input)
	if err != nil {
		t.Fatalf("%s's input of %s: %v", d.Title, tool, err)
	}
	call := agent.Call{ToolName: &tool, ToolInput: agentInput, Cwd: cwd, SessionID: "s", Mapping: m, Mapped: true}
	f, err := own.Feed(d, call, m, d.Synthetic(m, cwd))
	if err != nil {
		t.Fatalf("feeding %s's call: %v", d.Title, err)
	}
	return f.Payload
}

func hookFor(t *testing.T, cfg *config.Config, script string) config.Hook {
	t.Helper()
	for _, h := range cfg.HooksFor("pre_tool_call") {
		if filepath.Base(h.Script) == script {
			return h
		}
	}
	t.Fatalf("guards/config.yaml runs no %s", script)
	return config.Hook{}
}

// runGuard runs a guard of guards/ as hookctl would, the payload on stdin; a block is exit
// status 2.
func runGuard(t *testing.T, script string, payload []byte, home string) (bool, string) {
	t.Helper()
	return runGuardAt(t, filepath.Join("guards", script), payload, home)
}

func runGuardAt(t *testing.T, script string, payload []byte, home string) (bool, string) {
	t.Helper()
	cmd := guardCommand(t, script)
	cmd.Stdin = bytes.NewReader(payload)
	cmd.Env = append(os.Environ(), "HOME="+home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return false, stderr.String()
	case errors.As(err, &ee) && ee.ExitCode() == 2:
		return true, stderr.String()
	}
	t.Fatalf("%s: %v (stderr %s)", script, err, stderr.String())
	return false, ""
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadmeGuard runs the README's "Your first guard" as written: its config.yaml block loads
// without a problem and runs its eleven-line script (POSIX sh and hookctl field) for every
// agent's shell and file-read tools, which blocks a .env and lets anything else through.
func TestReadmeGuard(t *testing.T) {
	dir := t.TempDir()
	hook := readmeGuard(t, dir)
	own, _ := agent.ForScript(agent.ScriptHookctl)
	readme := []guardCase{
		shell("", "cat .env", true),
		shell("", "grep KEY config/.env.local", true),
		shell("", "cat .envrc", false),
		shell("", "ls -la", false),
		file("", agent.ToolReadFile, "/home/me/project/.env", true),
		file("", agent.ToolReadFile, "src/main.go", false),
	}
	for _, d := range agent.Dialects() {
		for _, c := range readme {
			tools := d.AgentTools(c.tool)
			if len(tools) == 0 {
				continue
			}
			tool := tools[0]
			t.Run(d.Name+"/"+tool+"/"+string(mustJSON(t, c.input)), func(t *testing.T) {
				t.Parallel()
				if !hook.MatchesIn(d, &tool) {
					t.Fatalf("matcher %q does not run the guard for %s's %s", hook.Matcher, d.Title, tool)
				}
				payload := feed(t, own, d, tool, mustJSON(t, c.input), "/home/me/project")
				blocked, stderr := runGuardAt(t, filepath.Join(dir, "no-env.sh"), payload, "/home/me")
				if blocked != c.block {
					t.Errorf("blocked = %v, want %v\npayload %s\nstderr %s", blocked, c.block, payload, stderr)
				}
			})
		}
	}
}

// readmeGuard writes the README's "Your first guard" into dir as written (config.yaml and
// no-env.sh) and returns its loaded hook.
func readmeGuard(t *testing.T, dir string) config.Hook {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Your first guard\n")
	if !ok {
		t.Fatal("README.md has no ## Your first guard section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	yaml := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindStringSubmatch(section)
	script := regexp.MustCompile("(?s)```sh\n(#!/bin/sh\n.*?)```").FindStringSubmatch(section)
	if yaml == nil || script == nil {
		t.Fatal("the section lacks its config.yaml or its #!/bin/sh block")
	}
	if n := strings.Count(script[1], "\n"); n != 11 {
		t.Errorf("the README's guard has %d lines, want 11: a first guard stays short", n)
	}
	if strings.Contains(script[1], "jq") {
		t.Error("the README's guard uses jq, which a guard's PATH does not hold: read the call with hookctl field")
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(yaml[1]), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "no-env.sh"), []byte(script[1]), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"), config.Options{})
	if err != nil || len(cfg.Problems) > 0 || len(cfg.Hooks) != 1 || !cfg.Hooks[0].Guard() {
		t.Fatalf("the README's config.yaml: %v %v %+v", err, cfg.Problems, cfg.Hooks)
	}
	return cfg.Hooks[0]
}

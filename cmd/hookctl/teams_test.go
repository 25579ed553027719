package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// workflowSteps reads the GitHub Actions workflow of docs/teams.md: its steps, in order.
func workflowSteps(t *testing.T) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "teams.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```yaml\n(# \\.github/workflows/.*?)```").FindSubmatch(data)
	if m == nil {
		t.Fatal("docs/teams.md has no workflow block")
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []map[string]any `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(m[1], &wf); err != nil {
		t.Fatalf("the workflow of docs/teams.md: %v", err)
	}
	if len(wf.Jobs) != 1 {
		t.Fatalf("the workflow has %d jobs, want 1", len(wf.Jobs))
	}
	for _, j := range wf.Jobs {
		return j.Steps
	}
	return nil
}

// TestTeamsWorkflow runs the run: steps of docs/teams.md's CI workflow as written, each with
// bash -e as GitHub runs them, in a checkout of a repository that committed its hooks, its
// lock and its wiring (install --project), on a machine with a fresh HOME. The step that
// installs hookctl is replaced by a local build on PATH; the agent is a stand-in claude that
// fires the committed PreToolUse entry, as Claude Code would, on a call the project's guard
// blocks, and fails unless it is denied.
func TestTeamsWorkflow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookctl")
	}
	if runtime.GOOS == "windows" {
		t.Skip("docs/teams.md's workflow is a Linux runner's: its steps run with bash -e and the go toolchain")
	}
	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", filepath.Join(bin, "hookctl"), ".").CombinedOutput(); err != nil {
		t.Fatalf("building hookctl: %v\n%s", err, out)
	}
	work := t.TempDir()
	home, repo := filepath.Join(work, "home"), filepath.Join(work, "repo")
	files := map[string]string{
		".git/HEAD":                "ref: refs/heads/main\n",
		".agent-hooks/config.yaml": "hooks:\n  pre_tool_call:\n    - matcher: terminal\n      command: .agent-hooks/guard.sh\n      dialect: hookctl\n      fail_closed: true\n",
		".agent-hooks/guard.sh":    "#!/bin/sh\ncase $(cat) in\n*'rm -rf'*) echo '{\"decision\":\"block\",\"reason\":\"teams-guard-says-no\"}' ;;\nesac\n",
	}
	for rel, text := range files {
		p := filepath.Join(repo, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	path := bin + ":/usr/bin:/bin"
	env := []string{"HOME=" + home, "PATH=" + path, "LC_ALL=C", "NO_COLOR=1", "GITHUB_PATH=" + filepath.Join(work, "github_path")}
	run := func(script string) string {
		t.Helper()
		cmd := exec.Command("bash", "-e", "-c", script)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
		return string(out)
	}
	// What the team committed, made on another machine (another HOME).
	committer := filepath.Join(work, "committer")
	if err := os.MkdirAll(committer, 0o755); err != nil {
		t.Fatal(err)
	}
	env[0] = "HOME=" + committer
	run("hookctl hooks lock && hookctl init >/dev/null && hookctl install claude-code --project")
	env[0] = "HOME=" + home
	settings, err := os.ReadFile(filepath.Join(repo, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string } `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(settings, &s); err != nil || len(s.Hooks["PreToolUse"]) == 0 {
		t.Fatalf("the committed settings: %v\n%s", err, settings)
	}
	// The stand-in agent: Claude Code's payload on stdin of the committed entry, through sh.
	claude := "#!/bin/sh\n" +
		"out=$(printf '%s' '{\"session_id\":\"s\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rm -rf build\"}}' | sh -c \"$HOOKCMD\")\n" +
		"echo \"$out\"\ncase $out in *'\"permissionDecision\":\"deny\"'*teams-guard-says-no*) exit 0 ;; esac\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "claude"), []byte(claude), 0o755); err != nil {
		t.Fatal(err)
	}
	env = append(env, "HOOKCMD="+s.Hooks["PreToolUse"][0].Hooks[0].Command)

	ran := 0
	for _, step := range workflowSteps(t) {
		script, ok := step["run"].(string)
		if !ok || step["id"] == "hookctl" {
			continue // uses: steps, and the install of hookctl, which the local build stands for
		}
		out := run(script)
		t.Logf("%s:\n%s", strings.TrimSpace(script), out)
		ran++
		if step["id"] == "agent" && !strings.Contains(out, "teams-guard-says-no") {
			t.Errorf("the agent step was not denied by the project's guard:\n%s", out)
		}
	}
	if ran != 3 {
		t.Errorf("ran %d run: steps, want 3 (approve --from-lock, doctor, the agent)", ran)
	}
}

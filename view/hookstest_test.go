package view

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/casetable"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/runner"
)

func TestAgentOutput(t *testing.T) {
	tests := []struct {
		name       string
		answer     []byte
		exitWriter bool
		want       string
	}{
		{"no opinion, JSON agent", nil, false, `{}`},
		{"no opinion, exit-status agent", nil, true, `null`},
		{"refusal of an exit-status agent is its text", []byte("no \"rm\""), true, `"no \"rm\""`},
		{"a JSON answer as it is", []byte(`{"decision":"block"}`), false, `{"decision":"block"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(AgentOutput(tt.answer, tt.exitWriter)); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestCut(t *testing.T) {
	tests := []struct {
		name, in string
		n        int
		want     string
	}{
		{"short kept", "abc", 5, "abc"},
		{"cut by characters, not bytes", "héllo wörld", 7, "héllo w"},
		{"exactly n", "abcde", 5, "abcde"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Cut(tt.in, tt.n); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCaseRequest(t *testing.T) {
	tests := []struct {
		name      string
		c         casetable.Case
		wantAgent string
		want      runner.TestRequest
	}{
		{"a command is the shell tool's call in hookctl's protocol", casetable.Case{Command: "rm -rf /"}, agent.Default,
			runner.TestRequest{Event: "pre_tool_call", Cwd: "/w", Tool: agent.ToolTerminal, ToolSet: true, Command: "rm -rf /", CommandSet: true}},
		{"a tool call with its input and folder, as the agent sends it", casetable.Case{Agent: "claude-code", Tool: "Write", Input: json.RawMessage(`{"file_path":"x"}`), Cwd: "/p"}, "claude-code",
			runner.TestRequest{Event: "pre_tool_call", Cwd: "/p", Tool: "Write", ToolSet: true, Input: []byte(`{"file_path":"x"}`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name, r := CaseRequest(tt.c, "/w")
			if name != tt.wantAgent {
				t.Errorf("agent %q, want %q", name, tt.wantAgent)
			}
			if string(r.Input) != string(tt.want.Input) {
				t.Errorf("input %s, want %s", r.Input, tt.want.Input)
			}
			r.Input, tt.want.Input = nil, nil
			if r.Event != tt.want.Event || r.Cwd != tt.want.Cwd || r.Tool != tt.want.Tool || r.ToolSet != tt.want.ToolSet ||
				r.Command != tt.want.Command || r.CommandSet != tt.want.CommandSet {
				t.Errorf("got %+v, want %+v", r, tt.want)
			}
		})
	}
}

func TestRunTest(t *testing.T) {
	cfg := config.Parse("config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"), config.Options{})
	block := func(runner.Call) (*runner.Result, error) {
		return &runner.Result{Decision: runner.DecisionBlock, Reason: "no", Warnings: []string{"w1"},
			Hooks: []runner.HookResult{{Command: "./guard.sh", Status: runner.StatusBlocked, Stdout: strings.Repeat("x", ExcerptLen+5)}}}, nil
	}
	tests := []struct {
		name      string
		agent     string
		event     string
		fire      Fire
		wantErr   string
		wantAgent bool
	}{
		{"hookctl's protocol: no answer to an agent", agent.Default, "pre_tool_call", block, "", false},
		{"an agent's dialect: its answer", "claude-code", "pre_tool_call", block, "", true},
		{"an unknown agent is a request error", "nobody", "pre_tool_call", block, "--agent: ", false},
		{"an unknown event is refused before anything fires", agent.Default, "no_such_event", func(runner.Call) (*runner.Result, error) {
			t.Fatal("fired")
			return nil, nil
		}, "no_such_event", false},
		{"the stack's error is given back", "claude-code", "pre_tool_call", func(runner.Call) (*runner.Result, error) { return nil, errors.New("boom") }, "boom", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := RunTest(tt.fire, cfg, tt.agent, runner.TestRequest{Event: tt.event, Cwd: t.TempDir(), Tool: "terminal", ToolSet: true})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Payload) == 0 || !json.Valid(out.Payload) {
				t.Errorf("payload %q", out.Payload)
			}
			if got := len([]rune(out.Hooks[0].Stdout)); got != ExcerptLen {
				t.Errorf("excerpt of %d characters", got)
			}
			if out.AllWarnings[0] != "w1" {
				t.Errorf("warnings %q", out.AllWarnings)
			}
			if (out.Agent != "") != tt.wantAgent || (len(out.AgentOutput) > 0) != tt.wantAgent {
				t.Errorf("agent %q output %s", out.Agent, out.AgentOutput)
			}
		})
	}
}

func TestTestDoc(t *testing.T) {
	exit2 := 2
	result := "done\n"
	tests := []struct {
		name string
		out  Test
		want []string // lines the text holds, in order
	}{
		{"nothing configured", Test{Result: &runner.Result{Event: "pre_llm_call", Decision: "continue"}, Dialect: agent.Default, DialectWhy: "default"},
			[]string{"dialect: hermes, hookctl's own protocol (default)", "no hooks configured for pre_llm_call in any layer (system, yours, the project's)", "<decision:> continue"}},
		{"a blocking hook of the project, its output and the agent's answer", Test{
			Result: &runner.Result{Decision: "block", Reason: "no\x1b[31m", Result: &result},
			Hooks: []TestedHook{{HookResult: runner.HookResult{Command: "./g.sh", Layer: "project", Status: runner.StatusBlocked, ExitCode: &exit2, Stdout: strings.Repeat("y", ExcerptLen+1)},
				Directive: "block", Stdout: "out"}},
			Dialect: "claude-code", DialectWhy: "--agent", Agent: "Claude Code", AgentOutput: json.RawMessage("{}")},
			[]string{"<./g.sh>  [blocked]  (project)", "  exit status: 2   time: 0 ms   directive: block", "  stdout:", "    {out}",
				"    {... (first 400 of 401 characters)}", "reason: no\\x1b[31m", "  result:", "    {done}", "answer to Claude Code: {} (no opinion)"}},
		{"a skipped hook says why, and no exit status", Test{Result: &runner.Result{Decision: "allow"},
			Hooks: []TestedHook{{HookResult: runner.HookResult{Command: "./s.sh", Status: runner.StatusSkippedUnapproved, Message: "not approved"}}}},
			[]string{"<./s.sh>  [skipped_unapproved]", "  not approved", "<decision:> allow"}},
		{"a failed hook is red", Test{Result: &runner.Result{Decision: "allow"},
			Hooks: []TestedHook{{HookResult: runner.HookResult{Command: "./f.sh", Status: runner.StatusError}}}},
			[]string{"<./f.sh>  !error!", "  exit status: none   time: 0 ms   directive: none"}},
	}
	paint := func(t display.Tone, s string) string {
		switch t {
		case display.Strong:
			return "<" + s + ">"
		case display.Warning:
			return "[" + s + "]"
		case display.Faint:
			return "{" + s + "}"
		case display.Bad:
			return "!" + s + "!"
		}
		return s
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := TestDoc(tt.out).Render(paint)
			rest := text
			for _, w := range tt.want {
				i := strings.Index(rest, w+"\n")
				if i < 0 {
					t.Fatalf("missing %q in order, in:\n%s", w, text)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

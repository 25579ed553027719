package view

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/casetable"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/internal/jsonx"
	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/runner"
)

// ExcerptLen is how much of a hook's stdout and stderr `hooks test` shows.
const ExcerptLen = 400

// Test is `hooks test --json`: the `run` object with each hook's output excerpts added.
type Test struct {
	*runner.Result
	Hooks []TestedHook `json:"hooks"`
	// AgentOutput is, under --agent, what hookctl would answer the agent: {} for no opinion
	// (null for an agent that reads only the exit status, and the refusal's text as a string
	// when it refuses).
	AgentOutput json.RawMessage `json:"agent_output,omitempty"`
	// Dialect is the agent whose shape the payload had and whose rules read the answers
	// (SPEC 17.11), and DialectWhy says how it was chosen; Payload is what the hooks were sent.
	Dialect    string          `json:"dialect"`
	DialectWhy string          `json:"dialect_why"`
	Payload    json.RawMessage `json:"payload"`
	// Agent is the title of the agent answered, "" for hookctl's own protocol.
	Agent string `json:"-"`
	// AllWarnings are what the run and the agent's answer noticed, for stderr (the run's Warnings first).
	AllWarnings []string `json:"-"`
}

// TestedHook is one hook's result with its output excerpts.
type TestedHook struct {
	runner.HookResult
	Directive string `json:"directive"`
	Stdout    string `json:"stdout"`
	Stderr    string `json:"stderr"`
}

// Fire fires one call through the stack `hooks test` builds.
type Fire = func(runner.Call) (*runner.Result, error)

// RunTest fires what r asks as the agent named (its synthetic payload in the agent's shape, or
// hookctl's own, read whole and overlaid, for a dialect that chains the payload) and gives
// what `hooks test` shows. A request that cannot be made is a *runner.RequestError.
func RunTest(fire Fire, cfg *config.Config, name string, r runner.TestRequest) (Test, error) {
	d, err := agent.Lookup(name)
	if err == nil && d.ChainsPayload() {
		call, sent, err := runner.HermesTestCall(cfg, r)
		if err != nil {
			return Test{}, err
		}
		res, err := fire(call)
		if err != nil {
			return Test{}, err
		}
		out := Tested(res)
		out.Payload = sent
		return out, nil
	}
	if err != nil {
		return Test{}, &runner.RequestError{Msg: "--agent: " + err.Error()}
	}
	call, err := runner.AgentTestCall(d, cfg, r)
	if err != nil {
		return Test{}, err
	}
	res, err := fire(call)
	if err != nil {
		return Test{}, err
	}
	out := Tested(res)
	out.Payload = append(json.RawMessage(nil), call.Raw...)
	answer, warnings := d.Writer(d.MappingFor(call.Agent, call.Event), res.AgentDecision())
	out.AllWarnings = append(out.AllWarnings, warnings...)
	out.AgentOutput, out.Agent = AgentOutput(answer, d.ExitWriter), d.Title
	return out, nil
}

// AgentOutput is the answer to the agent as `hooks test --json` gives it: null for an agent
// that reads the exit status alone and got no refusal, the refusal's text as a JSON string for
// such an agent (it goes to stderr with exit status 2), and {} for no opinion, as run --agent
// writes it.
func AgentOutput(answer []byte, exitWriter bool) json.RawMessage {
	switch {
	case answer == nil && exitWriter:
		return json.RawMessage("null")
	case exitWriter:
		return jsonx.AppendString(nil, string(answer))
	case answer == nil:
		return json.RawMessage("{}")
	}
	return answer
}

// Tested adds each hook's output excerpts to the result.
func Tested(res *runner.Result) Test {
	out := Test{Result: res, Hooks: make([]TestedHook, len(res.Hooks)), AllWarnings: append([]string(nil), res.Warnings...)}
	for i, hr := range res.Hooks {
		out.Hooks[i] = TestedHook{HookResult: hr, Directive: hr.Directive,
			Stdout: Cut(hr.Stdout, ExcerptLen), Stderr: Cut(hr.Stderr, ExcerptLen)}
	}
	return out
}

// Cut keeps the first n characters of s. The cut is not marked in the text itself, so that the
// JSON excerpt is exactly the first n characters; the text output says so on a line of its own.
func Cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// CaseRequest is the call a case of `hooks test --cases` makes, as the agent named (the
// default when the case names none) would send it; cwd is the folder of a case that names none.
func CaseRequest(c casetable.Case, cwd string) (string, runner.TestRequest) {
	name := c.Agent
	if name == "" {
		name = agent.Default
	}
	if c.Cwd != "" {
		cwd = c.Cwd
	}
	r := runner.TestRequest{Event: "pre_tool_call", Cwd: cwd, Tool: c.Tool, ToolSet: true,
		Command: c.Command, CommandSet: c.Command != ""}
	if r.CommandSet {
		r.Tool = agent.ToolTerminal
	}
	if len(c.Input) > 0 {
		r.Input = []byte(c.Input)
	}
	return name, r
}

// statusTone is how a hook's status reads in `hooks test`.
func statusTone(s runner.Status) display.Tone {
	switch s {
	case runner.StatusOK, runner.StatusModified:
		return display.Good
	case runner.StatusBlocked, runner.StatusNoMatch, runner.StatusNotRun,
		runner.StatusSkippedUnapproved, runner.StatusSkippedChanged:
		return display.Warning
	}
	return display.Bad
}

// TestDoc is `hooks test`'s text: the dialect and payload, each hook's answer, then the merged
// result and the answer to the agent.
func TestDoc(out Test) *display.Doc {
	d := &display.Doc{}
	dialect := termsafe.String(out.Dialect)
	if out.Dialect == agent.Default {
		dialect += ", hookctl's own protocol"
	}
	d.Add(display.Span{Text: "dialect: " + dialect + " (" + termsafe.String(out.DialectWhy) + ")"})
	d.Add(display.Span{Text: "payload sent: " + termsafe.String(string(out.Payload))})
	d.Blank()
	if len(out.Hooks) == 0 {
		d.Add(display.Span{Text: fmt.Sprintf("no hooks configured for %s in any layer (system, yours, the project's)", out.Event)})
	}
	for _, h := range out.Hooks {
		testedHookLines(d, h)
	}
	d.Blank()
	d.Add(display.Span{Text: "decision:", Tone: display.Strong}, display.Span{Text: " " + out.Decision})
	if out.Reason != "" {
		d.Add(display.Span{Text: "reason: " + termsafe.String(out.Reason)})
	}
	if out.ToolInput != nil {
		d.Add(display.Span{Text: "tool_input: " + termsafe.String(string(out.ToolInput))})
	}
	if out.Context != "" {
		block(d, "context", out.Context)
	}
	if out.Result.Result != nil {
		block(d, "result", *out.Result.Result)
	}
	if out.Agent != "" {
		answer := string(out.AgentOutput)
		switch answer {
		case "null":
			answer = "nothing (no opinion)"
		case "{}":
			answer = "{} (no opinion)"
		}
		d.Add(display.Span{Text: "answer to " + out.Agent + ": " + termsafe.String(answer)})
	}
	return d
}

// testedHookLines are one hook's lines of `hooks test`: its status and layer, then what it
// did, or why it did not run.
func testedHookLines(d *display.Doc, h TestedHook) {
	layer := "" // the person's: said only when another layer answered too
	if h.Layer != "" {
		layer = "  (" + h.Layer + ")"
	}
	d.Add(display.Span{Text: termsafe.String(h.Command), Tone: display.Strong}, display.Span{Text: "  "},
		display.Span{Text: string(h.Status), Tone: statusTone(h.Status)}, display.Span{Text: layer})
	switch h.Status {
	case runner.StatusNoMatch, runner.StatusNotRun, runner.StatusSkippedUnapproved, runner.StatusSkippedChanged:
		if h.Message != "" {
			d.Add(display.Span{Text: "  " + termsafe.String(h.Message)})
		}
		return
	}
	exit := "none"
	if h.ExitCode != nil {
		exit = fmt.Sprint(*h.ExitCode)
	}
	directive := h.Directive
	if directive == "" {
		directive = "none"
	}
	d.Add(display.Span{Text: fmt.Sprintf("  exit status: %s   time: %d ms   directive: %s", exit, h.DurationMS, termsafe.String(directive))})
	if h.Message != "" {
		d.Add(display.Span{Text: "  message: " + termsafe.String(h.Message)})
	}
	excerpt(d, "stdout", h.Stdout, h.HookResult.Stdout)
	excerpt(d, "stderr", h.Stderr, h.HookResult.Stderr)
}

// block writes a named block of text, each line indented and faint.
func block(d *display.Doc, name, text string) {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return
	}
	d.Add(display.Span{Text: "  " + name + ":"})
	for _, line := range strings.Split(text, "\n") {
		d.Add(display.Span{Text: "    "}, display.Span{Text: termsafe.Lines(line), Tone: display.Faint})
	}
}

// excerpt writes the excerpt of a hook's output and, when the output was longer, says so.
func excerpt(d *display.Doc, name, excerpt, full string) {
	block(d, name, excerpt)
	if n := utf8.RuneCountInString(full); n > ExcerptLen {
		d.Add(display.Span{Text: "    "}, display.Span{Text: fmt.Sprintf("... (first %d of %d characters)", ExcerptLen, n), Tone: display.Faint})
	}
}

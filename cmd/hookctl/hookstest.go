package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/jsonx"
	"github.com/hookctl/hookctl/runner"
)

// excerptLen is how much of a hook's stdout and stderr `hooks test` shows.
const excerptLen = 400

// testJSON is `hooks test --json`: the `run` object with each hook's output excerpts added.
type testJSON struct {
	*runner.Result
	Hooks []testedHook `json:"hooks"`
	// AgentOutput is, under --agent, what hookctl would answer the agent: {} for no opinion
	// (null for an agent that reads only the exit status, and the refusal's text as a string
	// when it refuses).
	AgentOutput json.RawMessage `json:"agent_output,omitempty"`
	// Dialect is the agent whose shape the payload had and whose rules read the answers
	// (SPEC 17.11), and DialectWhy says how it was chosen; Payload is what the hooks were sent.
	Dialect    string          `json:"dialect"`
	DialectWhy string          `json:"dialect_why"`
	Payload    json.RawMessage `json:"payload"`
	agent      string
}

type testedHook struct {
	runner.HookResult
	Directive string `json:"directive"`
	Stdout    string `json:"stdout"`
	Stderr    string `json:"stderr"`
}

// testOptions are the parsed arguments of `hooks test`.
type testOptions struct {
	event       string
	forTool     string
	toolSet     bool // --for-tool was given, perhaps empty
	command     string
	commandSet  bool // --command was given
	payloadFile string
	asJSON      bool
	agent       string
	input       string // a case's tool input, in the agent's keys (nil for none)
	cases       string // --cases: the table to run
	cwd         string // a case's folder of the call, "" for the working folder
}

// testCommand builds `hooks test`; runF, when not nil, receives the parsed options in place of
// testRun (the parsing tests).
func (a *app) testCommand(runF func(testOptions) error) *cobra.Command {
	var o testOptions
	cmd := &cobra.Command{
		Use:   "test EVENT | --cases FILE",
		Short: "Fire an event's hooks on a synthetic payload and show what each one did",
		Long: `Fires the event's matching hooks with the synthetic payload an agent would send (a
terminal call of "echo hello" for tool events, and so on), consent applying as in "run", and
shows each hook's exit status, time, output and directive, then the merged result.

With --cases, runs each case of a YAML table (a shell command or a tool call, the agent, and
the expected verdict: allow, block, ask or modify) as the pre_tool_call an agent would send,
reports every case, and exits 1 when any differs (a skipped hook fails its case).`,
		Example: `  hookctl hooks test pre_tool_call
  hookctl hooks test pre_tool_call --for-tool write_file --payload-file call.json
  hookctl hooks test pre_llm_call --json
  hookctl hooks test pre_tool_call --agent claude-code --for-tool Write
  hookctl hooks test pre_tool_call --for-tool terminal --command 'rm -rf /' --agent copilot
  hookctl hooks test --cases guards.cases.yaml`,
		Args: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("cases") {
				return noArgsWithCases(args)
			}
			return exactlyOneEvent("test")(cmd, args)
		},
		ValidArgsFunction: a.completeEvents,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.cases != "" {
				return a.casesRun(o)
			}
			o.event = args[0]
			o.toolSet = cmd.Flags().Changed("for-tool")
			o.commandSet = cmd.Flags().Changed("command")
			if runF != nil {
				return runF(o)
			}
			return a.testRun(o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.forTool, "for-tool", "", "the tool name of the call (matchers apply to it)")
	f.StringVar(&o.command, "command", "", "the shell tool's command, in the agent's input keys")
	f.StringVar(&o.payloadFile, "payload-file", "", "a JSON object merged over the synthetic payload (- for stdin)")
	f.StringVar(&o.cases, "cases", "", "run a table of cases (YAML) and exit 1 when any verdict differs")
	f.BoolVar(&o.asJSON, "json", false, "print JSON: the run object plus each hook's stdout and stderr")
	f.StringVar(&o.agent, "agent", "", "fire the payload in this agent's shape and read answers in its dialect ("+strings.Join(agent.Names(), ", ")+")")
	_ = cmd.RegisterFlagCompletionFunc("agent", completeAgents) // cannot fail: the flag exists
	return cmd
}

func (a *app) testRun(o testOptions) error {
	s, err := a.session()
	if err != nil {
		return err
	}
	// The payload file is read before signals are caught: a FIFO's open or a pipe's read that
	// never ends must stay interruptible by Ctrl-C.
	var payload []byte
	switch o.payloadFile {
	case "":
	case "-":
		if payload, err = readBounded(a.stdin, "stdin"); err != nil {
			return err
		}
	default:
		if payload, err = readPayloadFile(o.payloadFile); err != nil {
			return err
		}
	}
	in, stop := a.interrupts(true)
	defer stop()
	fire := a.testStack(s, in)
	var out testJSON
	why := "--agent"
	if o.agent == "" {
		o.agent, why = a.testDialect(o.event)
	}
	if dialect, lookupErr := agent.Lookup(o.agent); lookupErr == nil && dialect.ChainsPayload() {
		out, err = a.testHermes(fire, s, o, payload) // hookctl's payload, read whole and overlaid
	} else {
		out, err = a.testAgent(fire, s, o, payload) // the agent's bytes (an unknown name is its error)
	}
	if err == nil {
		out.Dialect, out.DialectWhy = o.agent, why
		err = a.printTestResult(out, o.asJSON)
	}
	if err != nil {
		return err
	}
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig)
	}
	return nil
}

// testStack fires a test's call as run and run --agent fire theirs: through the one stack
// (SPEC 25.1), the system layer, the person's and the project of the working folder, with the
// person's guards and the self-guard; hooks not approved are asked for on the terminal. The
// calling agent's own checks (its hooks-off switches, the wall) are left out: no agent runs.
func (a *app) testStack(s *session, in *interruption) fireFunc {
	return func(c runner.Call) (*runner.Result, error) {
		opts := a.stackOptions(s.loc, false, &in)
		opts.LoadConfig = func(string) (*config.Config, error) { return s.cfg, nil } // read and said once
		st := runner.BuildStack(opts, c.Event, true)
		st.ProjectFrom = a.projectFrom("")
		return st.Fire(in.ctx, c)
	}
}

// testHermes fires EVENT with hookctl's own synthetic payload, --payload-file merged over it.
func (a *app) testHermes(fire fireFunc, s *session, o testOptions, data []byte) (testJSON, error) {
	call, sent, err := runner.HermesTestCall(s.cfg, o.request(data))
	if err != nil {
		return testJSON{}, requestError(err)
	}
	res, err := fire(call)
	if err != nil {
		return testJSON{}, dispatchError(err)
	}
	out := a.tested(res)
	out.Payload = sent
	return out, nil
}

// request is what the options ask `hooks test` to fire.
func (o testOptions) request(data []byte) runner.TestRequest {
	cwd := o.cwd
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	r := runner.TestRequest{Event: o.event, Cwd: cwd, PayloadName: o.payloadFile, Tool: o.forTool,
		ToolSet: o.toolSet, Command: o.command, CommandSet: o.commandSet}
	if o.payloadFile != "" {
		r.Payload = data
	}
	if o.input != "" {
		r.Input = []byte(o.input)
	}
	return r
}

// requestError gives what is wrong with a test request its exit status: a usage error.
func requestError(err error) error {
	if re := (*runner.RequestError)(nil); errors.As(err, &re) {
		return usageErrorf("%s", re.Msg)
	}
	return dispatchError(err)
}

// tested adds each hook's output excerpts to the result, warning about what the run noticed.
func (a *app) tested(res *runner.Result) testJSON {
	for _, w := range res.Warnings {
		a.warn("warning: " + w)
	}
	out := testJSON{Result: res, Hooks: make([]testedHook, len(res.Hooks))}
	for i, hr := range res.Hooks {
		out.Hooks[i] = testedHook{HookResult: hr, Directive: hr.Directive,
			Stdout: cut(hr.Stdout, excerptLen), Stderr: cut(hr.Stderr, excerptLen)}
	}
	return out
}

func (a *app) printTestResult(out testJSON, asJSON bool) error {
	if asJSON {
		return a.printJSON(out)
	}
	a.printTest(out)
	return nil
}

// testAgent fires EVENT (a hookctl event or the agent's own) with a synthetic payload in the
// agent's shape, so that a person can try a script written for that agent before wiring it.
func (a *app) testAgent(fire fireFunc, s *session, o testOptions, data []byte) (testJSON, error) {
	dialect, err := agent.Lookup(o.agent)
	if err != nil {
		return testJSON{}, usageErrorf("--agent: %v", err)
	}
	call, err := runner.AgentTestCall(dialect, s.cfg, o.request(data))
	if err != nil {
		return testJSON{}, requestError(err)
	}
	res, err := fire(call)
	if err != nil {
		return testJSON{}, dispatchError(err)
	}
	out := a.tested(res)
	out.Payload = append(json.RawMessage(nil), call.Raw...)
	answer := a.agentAnswer(dialect, call.Agent, call.Event, res)
	out.AgentOutput, out.agent = answer, dialect.Title
	switch {
	case answer == nil && dialect.ExitWriter:
		out.AgentOutput = json.RawMessage("null") // the agent reads the exit status alone
	case dialect.ExitWriter:
		out.AgentOutput = jsonx.AppendString(nil, string(answer)) // the refusal's text, on stderr with exit status 2
	case answer == nil:
		out.AgentOutput = json.RawMessage("{}") // as run --agent writes no opinion
	}
	return out, nil
}

func (a *app) printTest(out testJSON) {
	p := a.colors(a.stdout)
	w := a.stdout
	fmt.Fprintf(w, "dialect: %s (%s)\npayload sent: %s\n\n", dialectName(terminalSafe(out.Dialect)), terminalSafe(out.DialectWhy), terminalSafe(string(out.Payload)))
	if len(out.Hooks) == 0 {
		fmt.Fprintf(w, "no hooks configured for %s in any layer (system, yours, the project's)\n", out.Event)
	}
	for _, h := range out.Hooks {
		status := string(h.Status)
		switch h.Status {
		case runner.StatusOK, runner.StatusModified:
			status = p.green(status)
		case runner.StatusBlocked, runner.StatusNoMatch, runner.StatusNotRun,
			runner.StatusSkippedUnapproved, runner.StatusSkippedChanged:
			status = p.yellow(status)
		default:
			status = p.red(status)
		}
		layer := "" // the person's: said only when another layer answered too
		if h.Layer != "" {
			layer = "  (" + h.Layer + ")"
		}
		fmt.Fprintf(w, "%s  %s%s\n", p.bold(terminalSafe(h.Command)), status, layer)
		if h.Status == runner.StatusNoMatch || h.Status == runner.StatusNotRun ||
			h.Status == runner.StatusSkippedUnapproved || h.Status == runner.StatusSkippedChanged {
			if h.Message != "" {
				fmt.Fprintf(w, "  %s\n", terminalSafe(h.Message))
			}
			continue
		}
		exit := "none"
		if h.ExitCode != nil {
			exit = fmt.Sprint(*h.ExitCode)
		}
		directive := h.Directive
		if directive == "" {
			directive = "none"
		}
		fmt.Fprintf(w, "  exit status: %s   time: %d ms   directive: %s\n", exit, h.DurationMS, terminalSafe(directive))
		if h.Message != "" {
			fmt.Fprintf(w, "  message: %s\n", terminalSafe(h.Message))
		}
		printExcerpt(w, p, "stdout", h.Stdout, h.HookResult.Stdout)
		printExcerpt(w, p, "stderr", h.Stderr, h.HookResult.Stderr)
	}
	fmt.Fprintf(w, "\n%s %s\n", p.bold("decision:"), out.Decision)
	if out.Reason != "" {
		fmt.Fprintf(w, "reason: %s\n", terminalSafe(out.Reason))
	}
	if out.ToolInput != nil {
		fmt.Fprintf(w, "tool_input: %s\n", terminalSafe(string(out.ToolInput)))
	}
	if out.Context != "" {
		printBlock(w, p, "context", out.Context)
	}
	if out.Result.Result != nil {
		printBlock(w, p, "result", *out.Result.Result)
	}
	if out.agent != "" {
		answer := string(out.AgentOutput)
		switch answer {
		case "null":
			answer = "nothing (no opinion)"
		case "{}":
			answer = "{} (no opinion)"
		}
		fmt.Fprintf(w, "answer to %s: %s\n", out.agent, terminalSafe(answer))
	}
}

func printBlock(w io.Writer, p palette, name, text string) {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return
	}
	fmt.Fprintf(w, "  %s:\n", name)
	for _, line := range strings.Split(text, "\n") {
		fmt.Fprintf(w, "    %s\n", p.dim(terminalSafeLines(line)))
	}
}

// printExcerpt prints the excerpt of a hook's output and, when the output was longer, says so.
func printExcerpt(w io.Writer, p palette, name, excerpt, full string) {
	printBlock(w, p, name, excerpt)
	if n := utf8.RuneCountInString(full); n > excerptLen {
		fmt.Fprintf(w, "    %s\n", p.dim(fmt.Sprintf("... (first %d of %d characters)", excerptLen, n)))
	}
}

// cut keeps the first n characters of s. The cut is not marked in the text itself, so that the
// JSON excerpt is exactly the first n characters; the text output says so on a line of its own.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

func exactlyOneEvent(verb string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usageErrorf("%s takes exactly one EVENT, got %d arguments", verb, len(args))
		}
		return nil
	}
}

// completeAgents offers the agent names for shell completion of --agent.
func completeAgents(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return agent.Names(), cobra.ShellCompDirectiveNoFileComp
}

// completeEvents offers the event names, custom events of the config included, for shell
// completion of an EVENT argument.
func (a *app) completeEvents(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	events := config.Events()
	if loc, err := a.locations(); err == nil {
		if cfg, err := config.Load(loc.Config, config.Options{LookupEnv: a.lookupEnv}); err == nil {
			events = cfg.AllEvents()
		}
	}
	var out []string
	for _, e := range events {
		if strings.HasPrefix(e, toComplete) {
			out = append(out, e)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// testDialect picks the dialect of hooks test without --agent (SPEC 17.11): the one agent wired
// to event if exactly one is, else hermes; the second value says which rule chose it.
func (a *app) testDialect(event string) (string, string) {
	return wiredDialect(a.wired(), event)
}

// wiredDialect is testDialect's rule over the wiring already read (install.WiredDialect).
func wiredDialect(wired []install.Wiring, event string) (string, string) {
	return install.WiredDialect(wired, event)
}

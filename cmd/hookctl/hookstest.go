package main

import (
	"errors"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/view"
)

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
	cases       string // --cases: the table to run
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
	why := "--agent"
	if o.agent == "" {
		o.agent, why = install.WiredDialect(a.wired(), o.event) // SPEC 17.11
	}
	out, err := a.fireTest(a.testStack(s, in), s, o.agent, o.request(payload))
	if err != nil {
		return err
	}
	out.Dialect, out.DialectWhy = o.agent, why
	if o.asJSON {
		err = a.printJSON(out)
	} else {
		a.printDoc(view.TestDoc(out))
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

// fireTest fires a test's request as the agent named (view.RunTest), saying on stderr what
// the run noticed.
func (a *app) fireTest(fire view.Fire, s *session, name string, r runner.TestRequest) (view.Test, error) {
	out, err := view.RunTest(fire, s.cfg, name, r)
	if err != nil {
		return out, requestError(err)
	}
	for _, w := range out.AllWarnings {
		a.warn("warning: " + w)
	}
	return out, nil
}

// request is what the options ask `hooks test` to fire.
func (o testOptions) request(data []byte) runner.TestRequest {
	cwd, _ := os.Getwd()
	r := runner.TestRequest{Event: o.event, Cwd: cwd, PayloadName: o.payloadFile, Tool: o.forTool,
		ToolSet: o.toolSet, Command: o.command, CommandSet: o.commandSet}
	if o.payloadFile != "" {
		r.Payload = data
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
	var cfg *config.Config
	if loc, err := a.locations(); err == nil {
		if c, err := config.Load(loc.Config, config.Options{LookupEnv: a.lookupEnv}); err == nil {
			cfg = c
		}
	}
	return config.EventsStarting(cfg, toComplete), cobra.ShellCompDirectiveNoFileComp
}

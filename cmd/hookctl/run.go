package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

type runOptions struct {
	event       string
	tool        string
	toolSet     bool
	payloadFile string
	exitCode    bool
	// agent is --agent: the dialect of the calling agent, "" for Hermes's.
	agent string
	// deadline is --deadline: the seconds the caller waits for hookctl, 0 for no limit.
	deadline uint
	// home and allowlist are the locations install used (--home, --allowlist): given, they
	// win over HOOKCTL_HOME, HOOKCTL_ALLOWLIST and HOOKCTL_CONFIG in the environment, which
	// an agent's tools and project files can set (SPEC 18.1).
	home, allowlist string
	// guarded is --guarded: install saw recorded guards, so a run that finds no consent state
	// at all blocks what a guard could cover (SPEC 23.6).
	guarded bool
	// system is --system: the run comes from the wiring install --system wrote into an agent's
	// administrator file.
	system bool
	// projectWiring is --project-wiring: the run comes from a project's committed wiring
	// (install --project), which gives way to the person's own wiring of the event.
	projectWiring bool
	// requireProject is --require-project: strict mode (requireProject).
	requireProject bool
}

func (a *app) runCommand() *cobra.Command {
	var o runOptions
	cmd := &cobra.Command{
		Use:   "run EVENT",
		Short: "Fire an event: run its hooks and print the merged decision as JSON",
		Long: `Reads the event payload (a JSON object) from --payload-file, or from stdin when stdin
is not a terminal, runs the hooks configured for EVENT that the person approved, and prints
one JSON object: decision (allow, block, ask, continue), reason, tool_input, context, result
and each hook's status. Exit status 0 whatever the hooks decided, unless --exit-code.

With --agent claude-code, codex, gemini, cursor, copilot, windsurf, cline, qwen-code or droid, hookctl is that
agent's hook command: the agent's payload goes to the hooks verbatim, EVENT defaults to the one
the payload names (Copilot CLI and Cline name none: EVENT is then the agent's own event name,
as install writes it), and the merged decision is written in the agent's own convention.`,
		Example: `  echo '{"tool_input":{"command":"rm -rf /"}}' | hookctl run pre_tool_call --tool terminal
  hookctl run pre_llm_call --payload-file payload.json
  hookctl run pre_tool_call --tool terminal --exit-code < payload.json || echo blocked
  hookctl run --agent claude-code   # as the command of a Claude Code hook`,
		Args: func(cmd *cobra.Command, args []string) error {
			agentName, _ := cmd.Flags().GetString("agent")
			return checkRunArgs(agentName, args)
		},
		ValidArgsFunction: a.completeEvents,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.complete(cmd.Flags(), args)
			return a.run(o)
		},
	}
	addRunFlags(cmd.Flags(), &o)
	cmd.Flags().Lookup("agent").Usage = agentFlagUsage()
	_ = cmd.RegisterFlagCompletionFunc("agent", completeAgents) // cannot fail: the flag exists
	return cmd
}

// agentFlagUsage is --agent's help, which names every agent: the command's help sets it, and
// the fast path, which shows no help, leaves the dialects unbuilt (agent.Names builds them).
func agentFlagUsage() string {
	return "speak this agent's hook dialect (" + strings.Join(agent.Names(), ", ") + "); EVENT then defaults to the payload's"
}

// addRunFlags registers run's flags into o, for cobra and the fast path alike (--agent's help
// without the names: agentFlagUsage).
func addRunFlags(fs *pflag.FlagSet, o *runOptions) {
	fs.StringVar(&o.tool, "tool", "", "the tool's name (sets tool_name)")
	fs.StringVar(&o.payloadFile, "payload-file", "", "read the payload from this file instead of stdin")
	fs.BoolVar(&o.exitCode, "exit-code", false, "exit 2 with the reason on stderr when the call is blocked")
	fs.StringVar(&o.agent, "agent", "", "speak this agent's hook dialect")
	fs.StringVar(&o.home, "home", "", "the hookctl home install used; wins over HOOKCTL_HOME, HOOKCTL_ALLOWLIST and HOOKCTL_CONFIG (install writes it)")
	fs.StringVar(&o.allowlist, "allowlist", "", "the allowlist install used, when not the one in --home (install writes it)")
	fs.BoolVar(&o.guarded, "guarded", false, "guards were recorded when install wired this: with no consent state found at all, block what a guard could cover (install writes it)")
	fs.BoolVar(&o.system, "system", false, "the call comes from an agent's administrator file, as install --system wires it")
	fs.BoolVar(&o.projectWiring, "project-wiring", false, "the call comes from a project's committed wiring (install --project writes it): no opinion where the person's own settings wire the same agent event, whose run covers the project's hooks")
	fs.BoolVar(&o.requireProject, "require-project", false, "strict mode: a project guard not approved in its repository blocks instead of being skipped (as HOOKCTL_REQUIRE_PROJECT=1)")
	fs.UintVar(&o.deadline, "deadline", 0, "the seconds the caller waits for hookctl (install writes the agent's timeout): hooks still running 2 s before it are stopped, and a fail_closed guard among them blocks")
}

// checkRunArgs checks run's arguments: one EVENT, or none when another agent's payload names it.
func checkRunArgs(agentName string, args []string) error {
	if err := runner.EventArgs(agentName, len(args)); err != nil {
		return usageErrorf("%w", err)
	}
	return nil
}

// complete fills in what the flags' values alone do not say: the event and whether --tool was given.
func (o *runOptions) complete(fs *pflag.FlagSet, args []string) {
	if len(args) == 1 {
		o.event = args[0]
	}
	o.toolSet = fs.Changed("tool")
}

func (a *app) run(o runOptions) error {
	a.pinLocations(o)
	if o.agent != "" {
		if d, lookupErr := agent.Lookup(o.agent); lookupErr != nil || !d.CallsHookctl() {
			return a.runAgent(o) // an agent hookctl wired (23.1's rules), or the unknown name's error
		}
	}
	loc, err := a.locations()
	if err != nil {
		return err
	}
	// The system layer is read first, before anything of the person's (SPEC 23.3); without
	// one, the person's config is read and checked before the payload, as it always was.
	var in *interruption
	opts := a.stackOptions(loc, o.guarded, &in)
	opts.RequireProject = opts.RequireProject || o.requireProject
	person := opts.Dispatcher
	opts.Dispatcher = func(cfg *config.Config) *runner.Dispatcher {
		d := person(cfg)
		if !runMayPrompt {
			d.Consent = a.gate(cfg, loc, nil) // SPEC 23.9: skipped with a notice, never asked
		}
		return d
	}
	r := runner.EventRun{Event: o.event}
	if o.toolSet {
		r.Tool = &o.tool
	}
	if err := r.Check(opts); err != nil {
		return dispatchError(err)
	}
	payload, err := a.readPayload(o.payloadFile)
	if err != nil {
		return err
	}
	in, stop := a.interrupts(r.MayRun())
	defer stop()
	start := time.Now()
	ctx, cancel := runner.AnswerContext(in.ctx, a.began, o.deadline)
	defer cancel()
	res, err := r.Fire(ctx, payload, a.projectFrom(payload.Cwd))
	if err != nil {
		return dispatchError(err)
	}
	for _, w := range res.Warnings {
		a.warn("warning: " + w)
	}
	_, err = a.stdout.Write(append(res.AppendJSON(make([]byte, 0, 512)), '\n'))
	a.recordAudit(runner.AuditConfig(r.Stack.Config()), loc, res, agent.Own().Name, payload.ToolName, payload.ToolInput, start)
	if err != nil {
		return failuref("writing result: %w", err)
	}
	if sig := in.received(); sig != 0 {
		return silent(exitInterrupted + sig)
	}
	if o.exitCode && res.Decision == runner.DecisionBlock {
		fmt.Fprintln(a.stderr, terminalSafeLines(res.Reason))
		return silent(exitBlocked)
	}
	return nil
}

// systemLayer is the system level of a run of the event (SPEC 18.2), nil when there is none:
// one failed stat.
func (a *app) systemLayer(event string) *consent.System {
	return consent.LoadSystem(a.personHome(), event)
}

// personHome is the person's home (config.HomeVar), which system hooks keep in their fixed
// environment.
func (a *app) personHome() string {
	home, _ := a.lookupEnv(config.HomeVar)
	return home
}

// pinLocations makes the locations a wiring names (--home, --allowlist) the only ones this run
// reads (config.Pinned).
func (a *app) pinLocations(o runOptions) {
	a.lookupEnv = config.Pinned(a.lookupEnv, o.home, o.allowlist)
}

func (a *app) readPayload(file string) (*runner.Payload, error) {
	data, err := a.readRaw(file)
	if err != nil {
		return nil, err
	}
	p, err := runner.ParsePayload(data)
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return p, nil
}

// readRaw reads the payload's bytes from the file, or from stdin when it is not a terminal.
func (a *app) readRaw(file string) ([]byte, error) {
	return payloadError(runner.ReadPayloadFrom(file, a.stdin, isTerminal))
}

// maxPayload caps the payload hookctl reads (runner.MaxPayload).
const maxPayload = runner.MaxPayload

// readPayloadFile reads a payload file, bounded (runner.ReadPayloadFile).
func readPayloadFile(file string) ([]byte, error) { return payloadError(runner.ReadPayloadFile(file)) }

// readBounded reads a payload up to runner.MaxPayload; one byte more is a usage error.
func readBounded(r io.Reader, from string) ([]byte, error) {
	return payloadError(runner.ReadBounded(r, from))
}

// payloadError gives a payload read's error its exit status: too large is a usage error.
func payloadError(data []byte, err error) ([]byte, error) {
	switch {
	case errors.Is(err, runner.ErrPayloadTooLarge):
		return nil, usageErrorf("%w", err)
	case err != nil:
		return nil, failuref("%w", err)
	}
	return data, nil
}

func (a *app) printJSON(v any) error {
	enc := json.NewEncoder(a.stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return failuref("writing result: %w", err)
		}
		return failuref("encoding result: %w", err)
	}
	return nil
}

// dispatchError maps the errors of checking and dispatching an event to exit statuses: an
// unknown event or a payload hookctl cannot pass on is the caller's mistake, a usage error.
func dispatchError(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err // already given its status
	}
	if errors.Is(err, runner.ErrUnknownEvent) || errors.Is(err, runner.ErrPayload) {
		return &exitError{code: exitUsage, err: err}
	}
	return &exitError{code: exitFailure, err: err}
}

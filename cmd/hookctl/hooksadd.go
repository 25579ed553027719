package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/agentenv"
)

// addOptions are the parsed arguments of `hooks add`.
type addOptions struct {
	event, command string
	matcher        string
	timeout        string
	failClosed     bool
	dialect        string
}

// addCommand builds `hooks add`; runF, when not nil, receives the parsed options in place of
// addRun (the parsing tests).
func (a *app) addCommand(runF func(addOptions) error) *cobra.Command {
	var o addOptions
	cmd := &cobra.Command{
		Use:   "add EVENT COMMAND [--matcher M] [--timeout T] [--fail-closed] [--dialect D]",
		Short: "Add an entry to config.yaml, keeping its comments, and offer to approve it",
		Long: `Appends one entry under EVENT in config.yaml, after the entries already there; every
comment, blank line and quote of the file stays as written. The new text is checked as hookctl
reads it before anything is written (an entry the config would drop is refused), and the file
is replaced atomically. The entry speaks hookctl's own protocol (dialect: hookctl: tool_name
terminal, read_file, ...; tool_input.command and .path) unless --dialect says otherwise.
At a terminal hookctl then offers to approve it; elsewhere it prints the approve command.`,
		Example: `  hookctl hooks add pre_tool_call ~/.agent-hooks/block-secrets.sh --matcher 'terminal|read_file' --fail-closed
  hookctl hooks add post_tool_call ./log-tools.sh --timeout 5s
  hookctl hooks add pre_tool_call ./guard.sh --dialect claude-code --matcher Bash`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErrorf("add takes an EVENT and a COMMAND (quote it if it has spaces)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.event, o.command = args[0], args[1]
			if runF != nil {
				return runF(o)
			}
			return a.addRun(o)
		},
	}
	cmd.Flags().StringVar(&o.matcher, "matcher", "", "the tools the entry runs for, a regular expression over tool names (tool events)")
	cmd.Flags().StringVar(&o.timeout, "timeout", "", "how long the hook may run: seconds (30) or a duration (30s, 2m)")
	cmd.Flags().BoolVar(&o.failClosed, "fail-closed", false, "make the entry a guard: it blocks when it cannot answer")
	cmd.Flags().StringVar(&o.dialect, "dialect", agent.ScriptHookctl, "the protocol the script speaks: "+strings.Join(agent.ScriptDialects(), ", ")+", or \"\" for each agent's own")
	_ = cmd.RegisterFlagCompletionFunc("dialect", cobra.FixedCompletions(agent.ScriptDialects(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("matcher", completeMatcherTools)
	cmd.ValidArgsFunction = a.completeAddArgs
	return cmd
}

// addTimeout reads --timeout as seconds or a Go duration; "" is the config's default.
func addTimeout(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil && n > 0 {
		return n, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, usageErrorf("--timeout %q: give seconds (30) or a duration (30s, 2m)", s)
	}
	return d.Seconds(), nil
}

func (a *app) addRun(o addOptions) error {
	timeout, err := addTimeout(o.timeout)
	if err != nil {
		return err
	}
	if o.dialect != "" && !slices.Contains(agent.ScriptDialects(), o.dialect) {
		return usageErrorf("--dialect %q: unknown%s (valid: %s)", o.dialect,
			didYouMeanText(o.dialect, agent.ScriptDialects()), strings.Join(agent.ScriptDialects(), ", "))
	}
	s, err := a.sessionQuiet()
	if err != nil {
		return err
	}
	if err := s.checkEvent(o.event); err != nil {
		return err
	}
	entry := install.Imported{Event: o.event, Matcher: o.matcher, Command: o.command, TimeoutS: timeout,
		Dialect: o.dialect, FailClosed: o.failClosed}
	check := func(text []byte) error { return a.checkAdded(s, text, o) }
	if err := install.AddFile(s.loc.Config, entry, check); err != nil {
		if errors.As(err, new(*exitError)) {
			return err
		}
		return failuref("%v", err)
	}
	p := a.colors(a.stdout)
	fmt.Fprintf(a.stdout, "added to %s, %s:\n", terminalSafe(s.loc.Config), p.yellow("not approved"))
	matcher := o.matcher
	if matcher == "" {
		matcher = "-"
	}
	writeTable(a.stdout, "  ", [][]cell{{{text: o.event}, {text: terminalSafe(matcher)}, {text: terminalSafe(o.command)}}})
	return a.offerApproval([]approveOptions{{command: o.command, event: o.event}}, true)
}

// checkAdded refuses a new config text in which the added entry would not load (the loader
// dropped it, with the reason) or that has more errors than the config had.
func (a *app) checkAdded(s *session, text []byte, o addOptions) error {
	cfg := config.Parse(s.loc.Config, text, config.Options{LookupEnv: a.lookupEnv})
	before, after := config.Errors(s.cfg.Problems), config.Errors(cfg.Problems)
	loaded := slices.ContainsFunc(cfg.HooksFor(o.event), func(h config.Hook) bool {
		return h.Command == o.command && h.Matcher == o.matcher
	})
	if loaded && after <= before {
		return nil
	}
	for _, p := range cfg.Problems {
		if p.Severity == config.SeverityError && (p.Command == o.command || !slices.ContainsFunc(s.cfg.Problems, func(q config.Problem) bool { return q.Message == p.Message })) {
			a.warn(p.String())
		}
	}
	return failuref("the entry was not added: the config would not load it (problems above); %s was not changed", s.loc.Config)
}

// didYouMeanText is ": did you mean X?" for the first of valid that starts with what was
// typed (claude for claude-code), else the closest, or "".
func didYouMeanText(typed string, valid []string) string {
	s := config.Suggest(typed, valid)
	for _, v := range valid {
		if typed != "" && strings.HasPrefix(v, typed) {
			s = v
			break
		}
	}
	if s != "" {
		return fmt.Sprintf(": did you mean %q?", s)
	}
	return ""
}

// offerApproval asks, at a person's terminal, whether to approve the hooks just written to
// config.yaml, and approves them as `hooks approve` would; elsewhere (no terminal, or an
// agent's tool running hookctl, where consent is never asked) it prints the commands to run,
// when say is set (a caller that printed its own next steps does not).
func (a *app) offerApproval(hooks []approveOptions, say bool) error {
	var cmds []string
	for _, h := range hooks {
		cmds = append(cmds, fmt.Sprintf("hookctl hooks approve %s --event %s", config.ShellQuote(h.command), h.event))
	}
	later := func() error {
		if !say {
			return nil
		}
		fmt.Fprintf(a.stdout, "Review the script, then approve it at your terminal:\n")
		for _, c := range cmds {
			fmt.Fprintf(a.stdout, "  %s\n", terminalSafe(c))
		}
		return nil
	}
	if len(agentenv.Detect(a.lookupEnv, a.procs, os.Getpid())) > 0 {
		return later()
	}
	in, stop := a.interrupts(true)
	yes, asked := askTTY(in, fmt.Sprintf("Approve %d hook(s) now (review the scripts first)? [y/N] ", len(hooks)))
	stop()
	if !yes {
		if asked {
			fmt.Fprintln(a.stdout, "not approved")
		}
		return later()
	}
	for _, h := range hooks {
		if err := a.approveRun(h); err != nil {
			return err
		}
	}
	return nil
}

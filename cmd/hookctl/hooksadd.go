package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/view"
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

func (a *app) addRun(o addOptions) error {
	timeout, err := install.ParseTimeout(o.timeout)
	if err == nil {
		err = install.CheckDialect(o.dialect)
	}
	if err != nil {
		return usageErrorf("%v", err)
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
	if err := install.AddChecked(s.loc.Config, s.cfg, config.Options{LookupEnv: a.lookupEnv}, entry, a.warn); err != nil {
		return failuref("%v", err)
	}
	a.printDoc(view.Added(s.loc.Config, o.event, o.matcher, o.command))
	return a.offerApproval([]approveOptions{{command: o.command, event: o.event}}, true)
}

// offerApproval asks, at a person's terminal, whether to approve the hooks just written to
// config.yaml, and approves them as `hooks approve` would; elsewhere (no terminal, or an
// agent's tool running hookctl, where consent is never asked) it prints the commands to run,
// when say is set (a caller that printed its own next steps does not).
func (a *app) offerApproval(hooks []approveOptions, say bool) error {
	later := func() error {
		if say {
			pairs := make([][2]string, len(hooks))
			for i, h := range hooks {
				pairs[i] = [2]string{h.event, h.command}
			}
			a.printDoc(view.ApproveLater(pairs))
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

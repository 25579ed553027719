package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/complete"
)

// Shell completion (`hookctl completion bash|zsh|fish`, cobra's) asks these for the words it
// cannot know from the command tree: agents, events, and the commands the config runs.

// completeWiredAgent offers the agents whose settings hookctl edits, for install, uninstall
// and import's AGENT.
func completeWiredAgent(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return complete.Prefix(wiredAgents(), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeAgentEvents offers, for install's --events, the events of the agent named first.
func completeAgentEvents(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	d, err := agent.Lookup(args[0])
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var events []string
	for _, e := range config.Events() {
		events = append(events, d.HookEvents(e)...)
	}
	// A list flag: the word after the last comma, keeping the ones before.
	return complete.List(events, toComplete, ",", false), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completeConfiguredCommand offers the commands the config runs (of --event's event, when it
// is given), for approve and revoke's COMMAND.
func (a *app) completeConfiguredCommand(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	loc, err := a.locations()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	cfg, err := config.Load(loc.Config, config.Options{LookupEnv: a.lookupEnv})
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	event, _ := cmd.Flags().GetString("event")
	var out []string
	for _, h := range cfg.Hooks {
		if (event == "" || h.Event == event) && !slices.Contains(out, h.Command) && strings.HasPrefix(h.Command, toComplete) {
			out = append(out, h.Command)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeAddArgs offers hooks add's EVENT (the config's events), then files for its
// COMMAND (a script path).
func (a *app) completeAddArgs(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		return a.completeEvents(cmd, args, toComplete)
	case 1:
		return nil, cobra.ShellCompDirectiveDefault
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// completeMatcherTools offers, for hooks add's --matcher, the tool names the entry's dialect
// calls its tools: hookctl's own (terminal, read_file, ...), which match under every agent,
// or Claude Code's (Bash, Read, ...) for --dialect claude-code. A matcher is a regular
// expression: the word after the last | is completed, keeping the alternatives before it.
func completeMatcherTools(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var tools []string
	for _, r := range agent.Own().ToolRows() {
		tools = append(tools, r.Hookctl)
	}
	if name, _ := cmd.Flags().GetString("dialect"); name != "" && name != agent.ScriptHookctl {
		if d, err := agent.ForScript(name); err == nil && d != nil {
			tools = d.Tools
		}
	}
	return complete.List(tools, toComplete, "|", true), cobra.ShellCompDirectiveNoFileComp
}

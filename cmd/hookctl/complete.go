package main

import (
	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
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
	return complete.Prefix(install.Agents(), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeAgentEvents offers the agent's own event names for --events (complete.AgentEvents).
func completeAgentEvents(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return complete.AgentEvents(args[0], toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completeConfiguredCommand offers the commands of the config's hooks (of --event's, when
// given), for approve and revoke's COMMAND.
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
	return complete.Commands(cfg.Hooks, event, toComplete), cobra.ShellCompDirectiveNoFileComp
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

// completeMatcherTools offers tool names for --matcher (complete.MatcherTools), --dialect's.
func completeMatcherTools(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	name, _ := cmd.Flags().GetString("dialect")
	return complete.MatcherTools(name, toComplete), cobra.ShellCompDirectiveNoFileComp
}

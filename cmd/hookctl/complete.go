package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// Shell completion (`hookctl completion bash|zsh|fish`, cobra's) asks these for the words it
// cannot know from the command tree: agents, events, and the commands the config runs.

// completeWiredAgent offers the agents whose settings hookctl edits, for install, uninstall
// and import's AGENT.
func completeWiredAgent(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return withPrefix(wiredAgents(), toComplete), cobra.ShellCompDirectiveNoFileComp
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
	// A list flag: complete the word after the last comma, keeping the ones before.
	done, last := "", toComplete
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		done, last = toComplete[:i+1], toComplete[i+1:]
	}
	var out []string
	for _, e := range config.Events {
		for _, ae := range d.HookEvents(e) {
			if !slices.Contains(out, done+ae) && strings.HasPrefix(ae, last) {
				out = append(out, done+ae)
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
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
	done, last := "", toComplete
	if i := strings.LastIndex(toComplete, "|"); i >= 0 {
		done, last = toComplete[:i+1], toComplete[i+1:]
	}
	var out []string
	for _, t := range withPrefix(tools, last) {
		if !slices.Contains(strings.Split(done, "|"), t) {
			out = append(out, done+t)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func withPrefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

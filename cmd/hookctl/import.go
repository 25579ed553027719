package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/view"
)

// importOptions are the parsed arguments of `hookctl import`.
type importOptions struct {
	agent   string
	project bool
	asJSON  bool
}

func (a *app) importCommand() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import AGENT [--project] [--json]",
		Short: "Copy an agent's own command hooks into config.yaml, not approved",
		Long: `Reads the command hooks of the agent's settings file and appends them to config.yaml under
the hookctl events they map to: matchers carried over, timeouts in seconds, commands that need a
shell wrapped in sh -c '...'. Claude Code's are marked dialect: claude-code, so they are fed
and read as Claude Code's under every agent; every other agent's are marked agents: [AGENT], so
they run under that agent only. Comments and layout of config.yaml are kept. Nothing is approved: review the
hooks, approve them, then wire the agent with hookctl install.`,
		Example: `  hookctl import claude-code
  hookctl import cursor --project`,
		Args:              exactAgent,
		ValidArgsFunction: completeWiredAgent,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.agent = args[0]
			return a.importRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.project, "project", false, "the project's settings file in the current folder, not the user's")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print what was added as JSON (shape in the README)")
	return cmd
}

func (a *app) importRun(o importOptions) error {
	loc, err := a.locations()
	if err != nil {
		return err
	}
	d, t, err := a.target(o.agent, o.project)
	if err != nil {
		return err
	}
	sources, err := install.ImportSources(d, t.Path)
	if err != nil {
		return failuref("%v", err)
	}
	results, missing, err := install.ImportAll(loc.Config, sources, d, a.lookupEnv)
	if err != nil {
		return failuref("%v", err)
	}
	if nothing := view.NothingToImport(d, t.Path, sources, missing, results); nothing != "" {
		fmt.Fprintln(a.stdout, nothing)
		return nil
	}
	if o.asJSON {
		return a.printJSON(install.ImportJSON(results))
	}
	var added []approveOptions
	for _, r := range results {
		a.printImport(r, d.Name)
		for _, h := range r.Added {
			added = append(added, approveOptions{command: h.Command, event: h.Event})
		}
	}
	if len(added) == 0 {
		return nil
	}
	return a.offerApproval(added, false)
}

func (a *app) printImport(r install.ImportResult, name string) {
	for _, n := range r.Notes {
		a.warn("note: " + n)
	}
	a.printDoc(view.ImportDoc(r, name))
}

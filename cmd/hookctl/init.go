package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/scripts"
	"github.com/hookctl/hookctl/view"
)

func (a *app) initCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Create the hookctl home with a starter config and example hooks",
		Long: `Creates $HOOKCTL_HOME (default ~/.agent-hooks) with a commented config.yaml and the
example hooks: block destructive terminal commands, format a file after a write, add git status
before an LLM turn, log finished subagents. A file that exists is never overwritten.`,
		Example: `  hookctl init
  HOOKCTL_HOME=/tmp/try-hooks hookctl init`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			loc, err := a.locations()
			if err != nil {
				return err
			}
			return a.initHome(loc.Home)
		},
	}
}

func (a *app) initHome(home string) error {
	files, err := scripts.Install(home)
	doc, wrote := view.InitDoc(files)
	a.printDoc(doc)
	if err != nil {
		return failuref("%w", err)
	}
	if !wrote {
		fmt.Fprintf(a.stdout, "nothing to do: %s already has every file\n", terminalSafe(home))
	} else {
		fmt.Fprint(a.stdout, view.InitNext(home))
	}
	if person, err := a.home(); err == nil {
		if hints := view.AgentHints(install.Hints(person, a.lookupEnv)); hints != nil {
			a.printDoc(hints)
		}
	}
	return nil
}

package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/scripts"
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
	p := a.colors(a.stdout)
	files, err := scripts.Install(home)
	wrote := 0
	for _, f := range files {
		if !f.Created {
			fmt.Fprintf(a.stdout, "%s %s (exists, left as is)\n", p.dim("kept   "), terminalSafe(f.Path))
			continue
		}
		fmt.Fprintf(a.stdout, "%s %s\n", p.green("created"), terminalSafe(f.Path))
		wrote++
	}
	if err != nil {
		return failuref("%w", err)
	}
	if wrote == 0 {
		fmt.Fprintf(a.stdout, "nothing to do: %s already has every file\n", terminalSafe(home))
		a.printAgentHints()
		return nil
	}
	fmt.Fprintf(a.stdout, `
Next:
  1. Read the scripts and %s, and keep the hooks you want.
  2. hookctl hooks list              see them and their consent status
  3. hookctl hooks approve --all     approve them once reviewed
  4. hookctl hooks test pre_tool_call
`, terminalSafe(filepath.Join(home, "config.yaml")))
	a.printAgentHints()
	return nil
}

// printAgentHints names the install command of each agent whose settings folder is on this
// machine (install.Hints): the step that makes the agent run the hooks.
func (a *app) printAgentHints() {
	home, err := a.home()
	if err != nil {
		return
	}
	var rows [][]cell
	for _, h := range install.Hints(home, a.lookupEnv) {
		rows = append(rows, []cell{{text: "hookctl install " + h.Agent.Name}, {text: "wire " + h.Agent.Title + " (" + terminalSafe(h.Dir) + " found)"}})
	}
	if rows == nil {
		return
	}
	fmt.Fprintln(a.stdout, "\nThen make your agents run them:")
	writeTable(a.stdout, "  ", rows)
}

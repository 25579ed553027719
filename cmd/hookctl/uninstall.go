package main

import (
	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/install"
)

// uninstallOptions are the parsed arguments of `hookctl uninstall`.
type uninstallOptions struct {
	agent   string
	project bool
	dryRun  bool
	asJSON  bool
	system  bool
	all     bool // --all: every agent wired for the person, then the hookctl home
}

func (a *app) uninstallCommand() *cobra.Command {
	var o uninstallOptions
	cmd := &cobra.Command{
		Use:   "uninstall AGENT [--project | --system] [--dry-run] [--json] | --all",
		Short: "Remove hookctl's entries from an agent's settings file",
		Long: `Removes the entries hookctl install wrote, and nothing else. What install created to hold them
(the "hooks" key, an event's list, the file itself, its backup, the folders it made once they
are empty) goes too, so that install then uninstall leaves the file as it was; a folder that
was there before install stays.

With --all, after one question at the terminal, every agent wired for you is unwired and the
hookctl home (config, approvals, guard record, approved copies, audit log, your hook scripts
there) is removed; the system level and the projects' committed wiring stay.`,
		Example: `  hookctl uninstall claude-code
  hookctl uninstall cursor --project --dry-run
  sudo hookctl uninstall --system claude-code
  hookctl uninstall --all`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.all {
				return allAlone(o, args)
			}
			return exactAgent(cmd, args)
		},
		ValidArgsFunction: completeWiredAgent,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.all {
				return a.uninstallAll()
			}
			o.agent = args[0]
			return a.uninstallRun(o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.project, "project", false, "the project's settings file in the current folder, not the user's")
	f.BoolVar(&o.dryRun, "dry-run", false, "print the change as a unified diff and write nothing")
	f.BoolVar(&o.asJSON, "json", false, "print what changed as JSON (shape in the README)")
	f.BoolVar(&o.system, "system", false, "the agent's administrator file (root only)")
	f.BoolVar(&o.all, "all", false, "unwire every agent wired for you and remove the hookctl home (asked first)")
	return cmd
}

func (a *app) uninstallRun(o uninstallOptions) error {
	if err := a.refuseWiringUnderAgent("uninstall", o.dryRun); err != nil {
		return err
	}
	switch {
	case o.system && o.project:
		return usageErrorf("--system and --project name different files: give one")
	case o.system:
		return a.uninstallSystem(o)
	}
	d, t, err := a.target(o.agent, o.project)
	if err != nil {
		return err
	}
	s, err := a.session()
	if err != nil {
		return err
	}
	r, err := a.unwire(s, d, t, o.dryRun, "uninstall")
	if err != nil {
		return err
	}
	if !o.dryRun && !o.project {
		a.rememberWiring(s, d, t)
		t.WallMode = install.WallDrop // what install.Uninstall does
		a.rememberWall(s, d, t, 0, installOptions{})
	}
	if o.asJSON {
		return a.printJSON(r)
	}
	a.printReport(r, o.dryRun)
	return nil
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/view"
)

func (a *app) validateCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "validate [FILE]",
		Short: "Check a config and the guards it records; exit 1 on an error or a guard not in force",
		Long: `Reads FILE (default: the config hookctl would use) and prints its problems, one line each
with file:line:col, on stderr: errors (an entry that would be dropped, a YAML syntax error) and
warnings. It also reads the guard record and the allowlist: a recorded guard that is not in
force (its entry gone or no longer fail_closed, its script missing, changed or not approved)
is an error, with the reason hookctl run gives, since run blocks what that guard covered.
Without FILE, the project the working folder is in (.agent-hooks/config.yaml) is checked too,
against its own approvals: its errors and its recorded guards not in force are errors, and
each of its hooks that will not run (not approved there, or changed) is named. It runs
nothing and writes nothing, so editors and CI can call it.
Exit status 1 when there is an error (a missing FILE included), 0 otherwise.`,
		Example: `  hookctl validate
  hookctl validate ci/hooks.yaml`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			loc, err := a.locations()
			if err != nil {
				return err
			}
			file := ""
			if len(args) == 1 {
				file = args[0]
			}
			path, err := loc.ValidatePath(file, a.configFlag, a.lookupEnv)
			if err != nil {
				return failuref("%v", err)
			}
			cfg, err := config.Load(path, config.Options{LookupEnv: a.lookupEnv})
			if err != nil {
				return failuref("%v", err)
			}
			v := view.Validate(cfg, consent.NewStore(loc.Allowlist))
			for _, l := range v.Said {
				a.warn(l)
			}
			var project *view.Project
			projectErrs := 0
			if len(args) == 0 {
				project = a.projectView()
				var said []string
				said, projectErrs = view.ProjectProblems(project)
				for _, l := range said {
					a.warn(l)
				}
			}
			if failed := view.ValidateFailed(path, v.Errors, project, projectErrs); failed != "" {
				return failuref("%s", failed)
			}
			fmt.Fprintf(a.stdout, "%s: valid, %d hook(s), %d warning(s)\n", terminalSafe(path), len(cfg.Hooks), v.Warnings)
			a.printDoc(view.ProjectRuns(project))
			return nil
		},
	}
}

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/doctor"
)

// namedConfigMissing is the error of a config file that --config or HOOKCTL_CONFIG names and
// that does not exist: a person who names a file means that file, so its absence is not
// "nothing configured" (which it is at the default place).
func (a *app) namedConfigMissing(loc config.Locations) error {
	by := ""
	if a.configFlag != "" {
		by = "--config"
	} else if v, ok := a.lookupEnv("HOOKCTL_CONFIG"); ok && v != "" {
		by = "HOOKCTL_CONFIG"
	}
	if by == "" {
		return nil
	}
	if _, err := os.Stat(loc.Config); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the config file %s, named by %s, does not exist", loc.Config, by)
	}
	return nil
}

// examineNamedConfig adds namedConfigMissing to doctor's report, as an error.
func (a *app) examineNamedConfig(loc config.Locations, r *doctor.Report) {
	if err := a.namedConfigMissing(loc); err != nil {
		r.Findings = append([]doctor.Finding{{Severity: doctor.SeverityError, Check: "config",
			Message: err.Error(), Fix: "check the path, or create it with hookctl init"}}, r.Findings...)
		r.Problems++
	}
}

func (a *app) validateCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "validate [FILE]",
		Short: "Check a config file and report its problems only; exit 1 on any error",
		Long: `Reads FILE (default: the config hookctl would use) and prints its problems, one line each
with file:line:col, on stderr: errors (an entry that would be dropped, a YAML syntax error) and
warnings. It runs nothing, reads no allowlist and writes nothing, so editors and CI can call it.
Exit status 1 when there is an error (a missing FILE included), 0 otherwise.`,
		Example: `  hookctl validate
  hookctl validate ci/hooks.yaml`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			loc, err := a.locations()
			if err != nil {
				return err
			}
			path := loc.Config
			if len(args) == 1 {
				path = args[0]
				if _, err := os.Stat(path); err != nil {
					return failuref("%v", err)
				}
			} else if err := a.namedConfigMissing(loc); err != nil {
				return failuref("%v", err)
			}
			cfg, err := config.Load(path, config.Options{LookupEnv: a.lookupEnv})
			if err != nil {
				return failuref("%v", err)
			}
			errs := 0
			for _, p := range cfg.Problems {
				a.warn(p.String())
				if p.Severity == config.SeverityError {
					errs++
				}
			}
			if errs > 0 {
				return failuref("%s: %d error(s)", path, errs)
			}
			fmt.Fprintf(a.stdout, "%s: valid, %d hook(s), %d warning(s)\n", terminalSafe(path), len(cfg.Hooks), len(cfg.Problems))
			return nil
		},
	}
}

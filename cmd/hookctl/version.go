package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/internal/buildinfo"
)

// version is set at link time with -ldflags "-X main.version=..."; else the module version the
// go command stamped.
var version = ""

func (a *app) versionCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print hookctl's version, the commit it was built from and its date, and the Go version",
		Long: `Prints the module version, the commit and its date (the VCS stamp the go command wrote
into this binary; absent for a build made outside a checkout, such as go install MODULE@VERSION),
and the Go version and platform it was built for. hookctl --version prints the same line.`,
		Example: `  hookctl version
  hookctl version --json | jq -r .commit`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			info := buildinfo.Read(version)
			if asJSON {
				data, err := json.MarshalIndent(info, "", "  ")
				if err != nil {
					return failuref("%v", err)
				}
				_, err = fmt.Fprintf(a.stdout, "%s\n", data)
				return err
			}
			_, err := fmt.Fprintf(a.stdout, "hookctl version %s\n", info)
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"version","commit","commit_time","modified","go","os","arch"}`)
	return cmd
}

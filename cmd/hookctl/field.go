package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/internal/field"
)

// fieldCommand is `hookctl field`: a hook's script reads a field of its payload with hookctl
// itself, so a guard needs only POSIX sh and hookctl, never jq or python3 (SPEC 28.19).
func (a *app) fieldCommand() *cobra.Command {
	var asShell bool
	cmd := &cobra.Command{
		Use:   "field PATH | field --sh NAME=PATH...",
		Short: "Print a field of the JSON payload on stdin (for hook scripts: no jq needed)",
		Long: `Reads one JSON object (the payload a hook gets) on stdin and prints the field at PATH, a
dotted path of keys, with a number for an array's element (tool_input.edits.0.path).

A string prints as it is, followed by a newline; a number, true, false, an object or an array
prints as compact JSON; a missing field or null prints as an empty line, so a script reads "".
With --sh, each NAME=PATH prints NAME='value' quoted for sh, all on one line, for eval: one
process reads every field a guard needs.

Exit status 1 when stdin is not a JSON object, is larger than 64 MiB, or a field holds a NUL
character (a shell cannot hold one): a guard that cannot read its call must not allow it.
Exit status 2 for a usage error.`,
		Example: `  hookctl field tool_input.command < payload.json
  command=$(hookctl field tool_input.command) || exit 2
  fields=$(hookctl field --sh tool=tool_name command=tool_input.command cwd=cwd) || exit 2
  eval "$fields"`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || !asShell && len(args) > 1 {
				return usageErrorf("give one PATH, or --sh and NAME=PATH words (hookctl field --help)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.printFields(args, asShell)
		},
	}
	cmd.Flags().BoolVar(&asShell, "sh", false, "print NAME='value' assignments for sh's eval, one per NAME=PATH")
	return cmd
}

// printFields reads the payload and prints the fields the words name.
func (a *app) printFields(words []string, asShell bool) error {
	wants, err := field.Wants(words, asShell)
	if err != nil {
		return usageErrorf("%v", err)
	}
	doc, err := field.Read(a.stdin, maxPayload)
	if err != nil {
		return failuref("%v", err)
	}
	line, err := field.Print(doc, wants, asShell)
	if err != nil {
		return failuref("%v", err)
	}
	_, err = io.WriteString(a.stdout, line)
	return err
}

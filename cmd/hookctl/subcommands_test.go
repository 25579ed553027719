package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestSubcommandNames holds the table a call's tree is built from to the commands themselves.
func TestSubcommandNames(t *testing.T) {
	a := newApp(nil, io.Discard, io.Discard, os.LookupEnv)
	for _, c := range a.subcommands() {
		if got := c.build().Name(); got != c.name {
			t.Errorf("subcommand %q builds %q", c.name, got)
		}
	}
}

// TestReachedTreeAnswersAsWhole: a call that names a command, built with that command alone,
// prints what the whole tree prints, for the help of every command and for --version.
func TestReachedTreeAnswersAsWhole(t *testing.T) {
	calls := [][]string{{"--version"}, {"version"}, {"hooks", "no-such-command"}, {"run", "--no-such-flag"}}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.Name() == "completion" || sub.Name() == "help" {
				continue
			}
			p := append(append([]string{}, path...), sub.Name())
			calls = append(calls, append(p, "--help"))
			walk(sub, p)
		}
	}
	walk(newApp(nil, io.Discard, io.Discard, os.LookupEnv).rootCommand(), nil)
	for _, args := range calls {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var partOut, partErr, wholeOut, wholeErr strings.Builder
			part := newApp(strings.NewReader(""), &partOut, &partErr, os.LookupEnv)
			partCode := part.execute(args)
			whole := newApp(strings.NewReader(""), &wholeOut, &wholeErr, os.LookupEnv)
			root := whole.rootCommand()
			root.SetArgs(args)
			wholeCode := whole.exitStatus(root.Execute())
			if partCode != wholeCode || partOut.String() != wholeOut.String() || partErr.String() != wholeErr.String() {
				t.Errorf("named command's tree: %d %q %q; whole tree: %d %q %q", partCode, partOut.String(), partErr.String(), wholeCode, wholeOut.String(), wholeErr.String())
			}
		})
	}
}

package main

import (
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
)

// wallParse is what a parse of wall's argument list leaves for wall to run.
type wallParse struct {
	o          wallOptions
	args       []string
	projectDir string
	code       int // the exit status of a parse that failed, 0 when it succeeded
}

// parseWallCobra parses args through cobra's command tree, wall's RunE swapped for one that
// keeps what it was given.
func parseWallCobra(args []string) wallParse {
	a := newApp(nil, io.Discard, io.Discard, os.LookupEnv)
	root := a.rootCommand()
	cmd, _, err := root.Find([]string{"wall"})
	if err != nil {
		panic(err)
	}
	var got wallParse
	cmd.RunE = func(c *cobra.Command, rest []string) error {
		f := c.Flags()
		got.o.home, _ = f.GetString("home")
		got.o.status, _ = f.GetBool("status")
		got.o.bestEffort, _ = f.GetBool("best-effort")
		got.o.maxABI, _ = f.GetInt("abi")
		got.args = rest
		return nil
	}
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		got.code = a.exitStatus(err)
		return got
	}
	got.projectDir = a.projectDir
	return got
}

// TestParseWallFast: every argument list the fast path takes, cobra parses to the same options,
// command and project folder; what it declines (help, --status, mistakes) cobra handles, bad
// flags as a usage error.
func TestParseWallFast(t *testing.T) {
	tests := []struct {
		args []string
		fast bool
		code int // cobra's exit status for the list (0: it parsed)
	}{
		{[]string{"wall", "--", "true"}, true, 0},
		{[]string{"wall", "true"}, true, 0},
		{[]string{"wall", "--home", "/h", "--", "sh", "-c", "echo x"}, true, 0},
		{[]string{"wall", "--home=/h", "--best-effort", "--", "true", "--help"}, true, 0},
		{[]string{"wall", "--best-effort=false", "--abi", "3", "true", "-x", "--", "y"}, true, 0},
		{[]string{"wall", "--color", "never", "--accept-hooks", "--config", "c", "--", "true"}, true, 0},
		{[]string{"wall", "--", "--status"}, true, 0},
		{[]string{"wall", "help"}, true, 0},
		{[]string{"wall", "--", "wall", "--", "true"}, true, 0},
		{[]string{"wall", "--status"}, false, 0},
		{[]string{"wall", "--status", "--home", "/h"}, false, 0},
		{[]string{"wall", "--status", "--", "true"}, false, exitUsage},
		{[]string{"wall"}, false, exitUsage},
		{[]string{"wall", "--"}, false, exitUsage},
		{[]string{"wall", "--home"}, false, exitUsage},
		{[]string{"wall", "--bogus", "--", "true"}, false, exitUsage},
		{[]string{"wall", "-x", "true"}, false, exitUsage},
		{[]string{"wall", "--abi", "three", "--", "true"}, false, exitUsage},
		{[]string{"wall", "--best-effort=maybe", "--", "true"}, false, exitUsage},
		{[]string{"wall", "--color", "purple", "--", "true"}, false, exitUsage},
		{[]string{"wall", "--help"}, false, 0},
		{[]string{"wall", "-h", "--", "true"}, false, 0},
		{[]string{"--color", "never", "wall", "--", "true"}, false, 0},
		{[]string{"walls", "--", "true"}, false, exitUsage},
		{[]string{"run", "pre_tool_call"}, false, 0},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			a := newApp(nil, io.Discard, io.Discard, os.LookupEnv)
			o, args, ok := a.parseWallFast(tt.args)
			if ok != tt.fast {
				t.Fatalf("fast path taken = %v, want %v", ok, tt.fast)
			}
			if tt.args[0] != "wall" {
				return
			}
			cobra := parseWallCobra(tt.args)
			if cobra.code != tt.code {
				t.Fatalf("cobra's exit status = %d, want %d", cobra.code, tt.code)
			}
			if !ok {
				return
			}
			fast := wallParse{o: o, args: args, projectDir: a.projectDir}
			if fast.o != cobra.o || !slices.Equal(fast.args, cobra.args) || fast.projectDir != cobra.projectDir {
				t.Errorf("fast path %+v, cobra %+v", fast, cobra)
			}
		})
	}
}

// TestWallFastSameExit: a command that cannot be found, and a home that cannot be found, end
// hookctl wall with the same status and message on either path, before anything runs.
func TestWallFastSameExit(t *testing.T) {
	noHome := func(k string) (string, bool) {
		if k == config.HomeVar {
			return "", false
		}
		return os.LookupEnv(k)
	}
	tests := []struct {
		args   []string
		lookup func(string) (string, bool)
		code   int
	}{
		{[]string{"wall", "--", "no-such-program-anywhere"}, os.LookupEnv, 127},
		{[]string{"wall", "--best-effort", "no-such-program-anywhere", "x"}, os.LookupEnv, 127},
		{[]string{"wall", "--", "true"}, noHome, exitNotRun},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var fastErr, cobraErr strings.Builder
			fast := newApp(nil, io.Discard, &fastErr, tt.lookup)
			o, cmd, ok := fast.parseWallFast(tt.args)
			if !ok {
				t.Fatal("the fast path declined")
			}
			fastCode := fast.exitStatus(fast.wall(o, cmd))
			slow := newApp(nil, io.Discard, &cobraErr, tt.lookup)
			root := slow.rootCommand()
			root.SetArgs(tt.args)
			cobraCode := slow.exitStatus(root.Execute())
			if fastCode != tt.code || cobraCode != tt.code || fastErr.String() != cobraErr.String() {
				t.Errorf("fast path: %d %q; cobra: %d %q; want %d", fastCode, fastErr.String(), cobraCode, cobraErr.String(), tt.code)
			}
		})
	}
}

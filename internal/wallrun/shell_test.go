package wallrun

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

func TestParseShell(t *testing.T) {
	flag := install.WallShellFlag
	for _, tc := range []struct {
		name          string
		args          []string
		home, command string
		handled       bool
		err           string
	}{
		{name: "no arguments"},
		{name: "another command", args: []string{"run", "pre_tool_call"}},
		{name: "a flag that only starts alike", args: []string{flag + "x", "ls"}},
		{name: "with the home", args: []string{flag + "=/h/.agent-hooks", "ls -la"}, home: "/h/.agent-hooks", command: "ls -la", handled: true},
		{name: "without the home", args: []string{flag, "ls"}, command: "ls", handled: true},
		{name: "no command", args: []string{flag + "=/h"}, handled: true, err: flag + " takes one command: hookctl " + flag + "=HOME 'COMMAND'"},
		{name: "two commands", args: []string{flag, "ls", "pwd"}, handled: true, err: "takes one command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home, command, handled, err := ParseShell(tc.args)
			if home != tc.home || command != tc.command || handled != tc.handled {
				t.Fatalf("ParseShell = %q, %q, %v", home, command, handled)
			}
			if (err != nil) != (tc.err != "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("ParseShell error = %v, want %q", err, tc.err)
			}
		})
	}
}

func TestShellNotUp(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   wall.Status
		want string
	}{
		{name: "up", st: wall.Status{State: wall.Up, ABI: 6}},
		{name: "partial", st: wall.Status{State: wall.Partial, ABI: 3}},
		{name: "unavailable", st: wall.Status{State: wall.Unavailable, Reason: "no Landlock"},
			want: "the wall cannot go up on this machine: no Landlock; the command did not run (at a terminal, hookctl install claude-code --no-wall"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ShellNotUp(tc.st, "claude-code")
			if (err != nil) != (tc.want != "") || err != nil && !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("ShellNotUp = %v, want %q", err, tc.want)
			}
		})
	}
}

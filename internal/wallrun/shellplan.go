package wallrun

import (
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

// ShellPlan is what `hookctl --wall-shell[=HOME] COMMAND` runs once ParseShell read it: the set
// of the home with Claude Code's user settings (under personHome, "" when unknown) walled too,
// and the argv, the person's shell running COMMAND. st is how far the wall goes up here; where
// it cannot, the command does not run (ShellNotUp).
func ShellPlan(home, command string, st wall.Status, personHome string, lookupEnv func(string) (string, bool)) (wall.Set, []string, error) {
	if err := ShellNotUp(st, install.WallAgent); err != nil {
		return wall.Set{}, nil, err
	}
	set, err := SetFor(home, lookupEnv)
	if err != nil {
		return wall.Set{}, nil, err
	}
	if personHome != "" {
		set.Files = append(set.Files, UserSwitchFiles(install.WallAgent, personHome, lookupEnv)...)
	}
	return set, []string{CommandShell(lookupEnv), "-c", command}, nil
}

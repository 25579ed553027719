package wallrun

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

// ParseShell reads `hookctl --wall-shell[=HOME] COMMAND` (install.WallShellFlag), how Claude
// Code's CLAUDE_CODE_SHELL_PREFIX reaches the wall (SPEC 28.4): handled is false for any other
// argument list, and err says what is wrong with one that has not exactly one command. Claude
// Code runs each Bash command, and each hook entry written as one command line, as
// `'PREFIX' 'COMMAND'`, cutting the prefix at its last " -" into a program and one argument
// (`'/path/hookctl' --wall-shell=HOME 'COMMAND'`, install.WallPrefix): so the prefix is
// hookctl's path and this one flag, the home riding in it, and not `hookctl wall -- ...`, whose
// words would be quoted as one program name. The command runs as `hookctl wall --home HOME --
// SHELL -c COMMAND`, with Claude Code's user settings walled too: its own process runs outside
// the wall and writes them, the commands it runs behind the wall never need to.
func ParseShell(args []string) (home, command string, handled bool, err error) {
	flag := install.WallShellFlag
	if len(args) == 0 || args[0] != flag && !strings.HasPrefix(args[0], flag+"=") {
		return "", "", false, nil
	}
	if len(args) != 2 {
		return "", "", true, fmt.Errorf("%s takes one command: hookctl %s=HOME 'COMMAND'", flag, flag)
	}
	home, _ = strings.CutPrefix(strings.TrimPrefix(args[0], flag), "=")
	return home, args[1], true, nil
}

// ShellNotUp is why a prefixed command of the agent does not run where the wall cannot go up
// (status st), nil where it can: never bare (SPEC 24.2), and the fix is the one install wrote
// the prefix with (28.21).
func ShellNotUp(st wall.Status, agentName string) error {
	if st.State != wall.Unavailable {
		return nil
	}
	return fmt.Errorf("the wall cannot go up on this machine: %s; the command did not run (at a terminal, hookctl install %s --no-wall runs Claude Code's commands without the wall)", st.Reason, agentName)
}

package suggest

import "fmt"

// Unknown words the refusal of typed, a command parent (a command path) does not have, with
// the command of paths to try instead (Command) when one is close.
func Unknown(typed, parent string, paths []string) string {
	hint := ""
	if s := Command(typed, paths); s != "" {
		hint = fmt.Sprintf(": did you mean %q?", s)
	}
	return fmt.Sprintf("unknown command %q for %q%s", typed, parent, hint)
}

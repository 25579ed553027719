package consent

import "github.com/hookctl/hookctl/config"

// SystemNotInForce are the warnings of the approved system hooks that still cannot run
// (CheckSystemHook): a file or program they name is not root's alone.
func SystemNotInForce(hooks []config.Hook) []string {
	var out []string
	for _, h := range hooks {
		if err := CheckSystemHook(h); err != nil {
			out = append(out, "warning: not in force until this is fixed: "+err.Error())
		}
	}
	return out
}

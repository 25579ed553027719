package consent

import (
	"github.com/hookctl/hookctl/internal/termsafe"
)

// AutoAcceptCommand names `hooks auto-accept on|off` for on, as its refusals name it.
func AutoAcceptCommand(on bool) string {
	if on {
		return "hooks auto-accept on"
	}
	return "hooks auto-accept off"
}

// AutoAcceptQuestion is what the person is asked before hooks_auto_accept in the config at
// path counts under the agents (SPEC 23.1).
func AutoAcceptQuestion(path string) string {
	return "hooks_auto_accept: true in " + termsafe.String(path) + " will then run every hook under your agents without asking, unapproved and changed ones included (guards still hold). Turn it on? [y/N] "
}

// AutoAcceptState says what SetAutoAccept(on) left, changed or already so.
func AutoAcceptState(on, changed bool) string {
	state := "off: hooks_auto_accept counts under run --agent no more"
	if on {
		state = "on: hooks_auto_accept: true counts under run --agent"
	}
	if !changed {
		state = "already " + state
	}
	return state
}

package install

import (
	"strconv"
	"strings"

	"github.com/hookctl/hookctl/agent"
)

// A project's committed wiring (install --project) is read on every machine that checks the
// repository out: a teammate's, a CI runner's. It names no path of this machine: the agent's
// shell finds hookctl on PATH when the entry runs, and where there is none, the entry refuses
// the call in the agent's own convention (agent.Dialect.Refusal) with a reason that says how
// to install hookctl, so a machine without hookctl never runs the agent's tools unguarded
// (SPEC 20). A missing command would otherwise exit 127, which every agent takes for a
// non-blocking error.

// PortableBinary is the hookctl a project's wiring runs: looked up on PATH where it runs.
const PortableBinary = "hookctl"

// InstallDocs is where a person on a machine without hookctl learns to install it.
const InstallDocs = "https://github.com/hookctl/hookctl/blob/main/docs/install.md"

// MissingReason is what the agent shows when its project's wiring finds no hookctl.
func MissingReason(d *agent.Dialect) string {
	return "hookctl is not on PATH on this machine, and the " + d.Title + " hooks of this project run through it: " +
		"install hookctl (" + InstallDocs + ") and put it on PATH"
}

// guardStart and guardEnd open and close the guard before `exec hookctl` in a project's
// wiring: `command -v hookctl >/dev/null 2>&1 || { ...; exit N; }`.
const (
	guardStart = "command -v " + PortableBinary + " >/dev/null 2>&1 || { "
	guardEnd   = "; }"
)

// missingGuard is the shell text that answers the agent event with the agent's refusal
// (agent.Dialect.Refusal) when hookctl is not on PATH, before the entry runs it.
func missingGuard(d *agent.Dialect, agentEvent string) string {
	reason := MissingReason(d)
	stdout, status := d.Refusal(agentEvent, reason)
	var b strings.Builder
	b.WriteString(guardStart)
	if stdout != nil {
		b.WriteString("printf '%s\\n' " + shellQuote(string(stdout)) + "; ")
	}
	b.WriteString("printf '%s\\n' " + shellQuote(reason) + " >&2; exit " + strconv.Itoa(status) + guardEnd)
	return b.String()
}

// guardSep joins the guard to the run it guards in an entry's command.
const guardSep = "; exec "

// cutGuard returns command without the guard of a project's wiring, and whether it had one.
// A guard is known by its frame, not its words: an entry another hookctl version wrote, with
// another reason, is still hookctl's, to be replaced, and uninstall still removes it.
func cutGuard(command string) (string, bool) {
	if !strings.HasPrefix(command, guardStart) {
		return command, false
	}
	i := strings.LastIndex(command, guardEnd+guardSep)
	if i < 0 {
		return command, false
	}
	return command[i+len(guardEnd+guardSep):], true
}

// isGuard reports whether line is a guard as cutGuard knows them, on a line of its own.
func isGuard(line string) bool {
	return strings.HasPrefix(line, guardStart) && strings.HasSuffix(line, guardEnd)
}

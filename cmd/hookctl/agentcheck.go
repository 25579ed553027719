package main

import (
	"os"

	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/agentenv"
)

// refuseUnderAgent refuses a command that changes consent when any sign says an agent runs
// it (SPEC 18.1 "a pty is not a person", 23.8): a terminal proves nothing, since an agent's
// tool can make one (`script -qec "hookctl ..." /dev/null`). The refusal names the sign, says
// the person must run the command at their own terminal, outside the agent, and is written
// to the audit log. It is a tripwire, not a wall: a process that leaves the agent's tree and
// environment shows no sign (docs/security.md).
func (a *app) refuseUnderAgent(what string, alsoHomes ...string) error {
	signs := agentenv.Detect(a.lookupEnv, a.procs, os.Getpid())
	if len(signs) == 0 {
		return nil
	}
	err := failuref("%s refused: %s, so an agent may be running this command; a person must run it at their own terminal, outside the agent (nothing was changed)",
		what, signs[0])
	a.recordRefusal(signs[0], err.Error(), alsoHomes)
	return err
}

// refuseWiringUnderAgent refuses install and uninstall, every form of them, when any sign says
// an agent runs them (SPEC 24.6): they are consent commands. An agent that rewires itself to an
// empty home (HOOKCTL_HOME=/tmp/x hookctl install AGENT), writes --accept-hooks into its own
// wiring or takes hookctl's entries out switches every guard off without touching one. A dry
// run writes nothing, and is let through.
func (a *app) refuseWiringUnderAgent(what string, dryRun bool) error {
	if dryRun {
		return nil
	}
	return a.refuseUnderAgent(what, install.Homes(a.wired())...)
}

// recordRefusal writes a refused consent command to the audit logs (audit.RefusalLogs): the
// home's, and those of alsoHomes, the homes the agent's wiring names. A failed write is a
// warning, and the refusal stands.
func (a *app) recordRefusal(sign agentenv.Sign, reason string, alsoHomes []string) {
	var first *audit.Log
	if loc, err := a.locations(); err != nil {
		a.warn("warning: the refusal was not written to the audit log: " + err.Error())
	} else {
		first = audit.ForHome(a.lookupEnv, loc.Home)
	}
	for _, err := range audit.RecordRefusal(audit.RefusalLogs(first, alsoHomes), sign.Agent, reason, a.began) {
		a.warn("warning: " + err.Error() + " (the refusal stands)")
	}
}

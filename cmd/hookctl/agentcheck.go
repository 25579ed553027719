package main

import (
	"os"
	"time"

	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/runner"
)

// refuseUnderAgent refuses a command that changes consent when any sign says an agent runs
// it (SPEC 18.1 "a pty is not a person", 23.8): a terminal proves nothing, since an agent's
// tool can make one (`script -qec "hookctl ..." /dev/null`). The refusal names the sign, says
// the person must run the command at their own terminal, outside the agent, and is written
// to the audit log. It is a tripwire, not a wall: a process that leaves the agent's tree and
// environment shows no sign (docs/security.md).
func (a *app) refuseUnderAgent(what string) error {
	signs := agentenv.Detect(a.lookupEnv, a.procs, os.Getpid())
	if len(signs) == 0 {
		return nil
	}
	err := failuref("%s refused: %s, so an agent may be running this command; a person must run it at their own terminal, outside the agent (nothing was changed)",
		what, signs[0])
	a.recordRefusal(signs[0], err.Error())
	return err
}

// recordRefusal appends a refused consent command to the audit log. It is written even under
// `audit: false`, which sits in config.yaml, a file the agent can edit; a failed write is a
// warning, and the refusal stands.
func (a *app) recordRefusal(sign agentenv.Sign, reason string) {
	loc, err := a.locations()
	if err != nil {
		a.warn("warning: the refusal was not written to the audit log: " + err.Error())
		return
	}
	l := audit.Log{Path: audit.PathFor(a.lookupEnv, loc.Home)}
	e := audit.Entry{
		Time: time.Now().UTC(), Event: audit.ConsentRefused, Agent: sign.Agent,
		Decision: runner.DecisionBlock, Reason: reason, DurationMS: time.Since(a.began).Milliseconds(),
	}
	if err := l.Append(e); err != nil {
		a.warn("warning: " + err.Error() + " (the refusal stands)")
	}
}

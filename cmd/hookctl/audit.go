package main

import (
	"time"

	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// recordAudit appends a dispatch to the audit log, unless the config turned the log off or no
// hook ran, was skipped or blocked. A failed write is a warning: the decision stands.
// tool is the call's tool name, nil for none, and input its tool input, both in the keys of
// the dialect the agent speaks: a block records the call's command (SPEC 23.15).
func (a *app) recordAudit(cfg *config.Config, loc config.Locations, res *runner.Result, agent string, tool *string, input []byte, start time.Time) {
	if !cfg.Audit {
		return
	}
	l := audit.ForHome(a.lookupEnv, loc.Home)
	d := audit.Dispatch{Agent: agent, SessionID: res.SessionID, Start: start, Notes: a.notes, ToolInput: input}
	if err := l.Record(res, d, tool); err != nil {
		a.warn("warning: " + err.Error() + " (the decision is unchanged)")
	}
}

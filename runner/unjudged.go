package runner

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// Unjudged is what a run under an agent learnt of a call before it failed (SPEC 17.6): an
// unreadable or oversized payload, an unknown event, hookctl's own error. It is enough to tell
// which guards could cover the call.
type Unjudged struct {
	// Event is the hookctl event, "" while it is not known; Tool the call's tool when
	// ToolKnown.
	Event     string
	Tool      *string
	ToolKnown bool
	// Config is the person's config, nil when it could not be read.
	Config *config.Config
	// Held is what GuardsFor read for the event: the recorded guards, or the error of a record
	// that cannot be read or trusted.
	Held Guards
	// GuardPath is the guard record's path, named when it cannot be read or trusted.
	GuardPath string
}

// UnjudgedBlock is how a call hookctl could not judge is blocked.
type UnjudgedBlock struct {
	// Reason is what the agent is told, naming the guard that could cover the call.
	Reason string
	// Mapping is the agent event whose convention the block is written in: the call's own
	// when its event is known, else the agent's tool event.
	Mapping agent.Mapping
	// Exit2 says the run exits 2 as well: the event is not known, and exit 2 blocks in the
	// tool event's convention, as the agents honour on their other blocking events too.
	Exit2 bool
}

// Block decides the answer to a call that hookctl could not judge for err: when a configured
// or recorded guard could cover it (by its event when the tool is not known, any guard when
// the event is not), the call is blocked, in the agent's convention. Else ok is false and the
// error stands, exit 1, which these agents read as "go on".
func (u Unjudged) Block(d *agent.Dialect, err error) (b UnjudgedBlock, ok bool) {
	g, ok := u.CouldCover(d)
	if !ok {
		return b, false
	}
	b.Reason = fmt.Sprintf("blocked: hookctl could not judge this call (%v), and the guard %s could cover it; %s",
		err, g, GuardFix)
	if u.Event != "" {
		if ae, ok := d.InstallEvent(u.Event); ok {
			b.Mapping = d.MappingFor(agent.Call{AgentEvent: ae}, u.Event)
			return b, true
		}
	}
	ae, _ := d.InstallEvent("pre_tool_call")
	b.Mapping = d.MappingFor(agent.Call{AgentEvent: ae}, "pre_tool_call")
	b.Exit2 = b.Mapping.Exit2 == agent.Block
	return b, true
}

// CouldCover returns a guard, configured or recorded, that could cover the call. A guard
// record that cannot be read or trusted covers every call of an event a guard could cover.
func (u Unjudged) CouldCover(d *agent.Dialect) (string, bool) {
	var guards []consent.Guard
	if u.Config != nil {
		for _, h := range u.Config.Hooks {
			if h.Guard() {
				guards = append(guards, consent.GuardOf(h))
			}
		}
	}
	if u.Held.Err != nil {
		return "record " + u.GuardPath, true
	}
	for _, g := range append(guards, u.Held.Recorded...) {
		switch {
		case len(g.Agents) > 0 && !slices.Contains(g.Agents, d.Name):
		case u.Event == "", g.Covers(u.Event, d.Name, u.Tool, u.ToolKnown):
			return g.String(), true
		}
	}
	return "", false
}

package runner

import (
	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// UnjudgedOf is what a run that failed learnt (its event, "" while not known; its tool, when
// known; the person's config, nil when not read), with the guards recorded for the event read
// now from src.
func UnjudgedOf(src GuardSource, event string, tool *string, toolKnown bool, cfg *config.Config) Unjudged {
	_, held, _ := GuardsFor(src, event, cfg, nil)
	return Unjudged{Event: event, Tool: tool, ToolKnown: toolKnown, Config: cfg, Held: held,
		GuardPath: consent.GuardPath(src.Allowlist)}
}

// Answer is the block in the agent's own convention.
func (b UnjudgedBlock) Answer(d *agent.Dialect) []byte {
	out, _ := d.Writer(b.Mapping, agent.Decision{Verdict: DecisionBlock, Reason: b.Reason})
	return out
}

package agent

// Refusal is how a wiring that cannot start hookctl at all (SPEC 20: a project's committed
// wiring on a machine without hookctl) answers the agent's event in the agent's own
// convention, so that the call is refused rather than run unguarded: what to print on stdout
// (nil for nothing) and the exit status; reason goes on stderr in every case, where the agent
// shows it. An event on which the agent takes no refusal gets exit status 1, a failure the
// agent reports without acting on it: blocking a stop would keep the agent working, with no
// hookctl to let it stop.
func (d *Dialect) Refusal(agentEvent, reason string) (stdout []byte, status int) {
	m, ok := d.Mapping(agentEvent)
	switch {
	case !ok || !m.Honours.Has(Block) && !m.FailBlocks:
		return nil, 1
	case d.ExitWriter:
		return nil, 2
	case d.Exit2Hidden && m.Honours.Has(Block):
		// The deny below, with exit status 0, is the answer whose reason reaches the model.
	case !d.ExitIgnored && (m.Exit2 == Block || m.FailBlocks):
		// Exit status 2 with the reason on stderr is the block these agents read first
		// (Claude Code ignores stdout then).
		return nil, 2
	}
	out, _ := d.Writer(m, Decision{Verdict: "block", Reason: reason})
	return out, 0
}

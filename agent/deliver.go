package agent

// Deliver is how the answer out (nil for no opinion) reaches the agent: on stdout, `{}` for no
// opinion (hookctl writes a JSON object whenever it exits 0 under --agent: Gemini CLI takes
// stderr for the answer when stdout is empty, and Copilot CLI and Cline want JSON), or, for an
// agent that reads only exit statuses (ExitWriter), a refusal's reason on stderr with exit
// status 2 (block), and nothing at all for no opinion.
func (d *Dialect) Deliver(out []byte) (stdout, stderr []byte, block bool) {
	switch {
	case d.ExitWriter && out == nil:
		return nil, nil, false
	case d.ExitWriter:
		return nil, out, true
	case out == nil:
		return []byte("{}\n"), nil, false
	}
	return append(out, '\n'), nil, false
}

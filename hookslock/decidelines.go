package hookslock

// Lines are what `hooks approve --from-lock` says of the findings, one line each for stderr:
// each hook the lock does not approve, as an error or a warning, and the fix under it.
func (d Decision) Lines() []string {
	out := make([]string, 0, 2*len(d.Findings))
	for _, f := range d.Findings {
		level := "warning: "
		if f.Error {
			level = "error: "
		}
		out = append(out, level+f.Text, "  fix: "+Fix)
	}
	return out
}

package install

import (
	"fmt"
	"strings"
)

// Row is one entry of a Report as install and uninstall list it: what happened to it (added,
// updated, kept or removed), its event and its timeout ("-" for none).
type Row struct {
	Label, Event, Timeout string
}

// Rows are r's entries, the added first, then the updated, kept and removed.
func (r Report) Rows() []Row {
	var out []Row
	for _, g := range []struct {
		label   string
		changes []Change
	}{{"added", r.Added}, {"updated", r.Updated}, {"kept", r.Kept}, {"removed", r.Removed}} {
		for _, c := range g.changes {
			timeout := "-"
			if c.Timeout != nil {
				timeout = fmt.Sprint(*c.Timeout)
			}
			out = append(out, Row{Label: g.label, Event: c.Event, Timeout: timeout})
		}
	}
	return out
}

// Unchanged says why a report with nothing changed changed nothing: the events whose entries
// are already there, or that there are none.
func (r Report) Unchanged(file string) string {
	if len(r.Kept) == 0 {
		return fmt.Sprintf("nothing to change: %s has no hookctl entries", file)
	}
	names := make([]string, len(r.Kept))
	for i, c := range r.Kept {
		names[i] = c.Event
	}
	return fmt.Sprintf("nothing to change: %s already runs hookctl for %s", file, strings.Join(names, ", "))
}

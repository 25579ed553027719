package wallrun

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/wall"
)

// StatusReport is what hookctl wall --status prints for the wall's status st and the set it
// walls: the ABI, the wall's state and why, what this ABI cannot refuse, and the table.
func StatusReport(st wall.Status, set wall.Set) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Landlock ABI: %d\nwall: %s\n", st.ABI, st.State)
	if st.Reason != "" {
		fmt.Fprintf(&b, "  why: %s\n", termsafe.String(st.Reason))
	}
	for _, l := range st.Lacks {
		fmt.Fprintf(&b, "  not refused at this ABI: %s\n", termsafe.String(l))
	}
	b.WriteString("what a process under `hookctl wall` cannot do:\n")
	rows := wall.Table(set)
	for _, r := range rows {
		b.WriteString(statusRow(r))
	}
	b.WriteString("  signal a process outside the wall (Landlock ABI 6 and later)\n")
	b.WriteString("  make, remove or rename an entry directly in a folder on the way to a walled path:\n")
	fmt.Fprintf(&b, "    %s (files already there can be written)\n", termsafe.String(wall.Parents(rows)))
	b.WriteString("sudo does not work inside the wall (no_new_privs): do what needs root outside it\n")
	return b.String()
}

// statusRow is one row of the table: its path and what is refused there.
func statusRow(r wall.Row) string {
	what := wall.Describe(r.Refused)
	switch {
	case r.Kind == wall.KindOpen:
		what = "left open: writable"
	case r.Missing:
		what = fmt.Sprintf("missing, and cannot be made: %s refuses new entries", r.Cover)
	}
	return fmt.Sprintf("  %-40s %s\n", termsafe.String(r.Path), termsafe.String(what))
}

package main

import (
	"fmt"
	"io"

	"github.com/hookctl/hookctl/wall"
)

// wallStatus prints the ABI, the wall's state and its table; it exits 1 where the wall cannot
// go up, so that a script (and install) can ask before wiring it.
func (a *app) wallStatus(set wall.Set, o wallOptions) error {
	st := wall.Detect(o.maxABI)
	w := a.stdout
	fmt.Fprintf(w, "Landlock ABI: %d\nwall: %s\n", st.ABI, st.State)
	if st.Reason != "" {
		fmt.Fprintf(w, "  why: %s\n", terminalSafe(st.Reason))
	}
	for _, l := range st.Lacks {
		fmt.Fprintf(w, "  not refused at this ABI: %s\n", terminalSafe(l))
	}
	fmt.Fprintln(w, "what a process under `hookctl wall` cannot do:")
	rows := wall.Table(set)
	for _, r := range rows {
		printWallRow(w, r)
	}
	fmt.Fprintln(w, "  signal a process outside the wall (Landlock ABI 6 and later)")
	fmt.Fprintln(w, "  make, remove or rename an entry directly in a folder on the way to a walled path:")
	fmt.Fprintf(w, "    %s (files already there can be written)\n", terminalSafe(wall.Parents(rows)))
	fmt.Fprintln(w, "sudo does not work inside the wall (no_new_privs): do what needs root outside it")
	if st.State == wall.Unavailable {
		return silent(exitFailure)
	}
	return nil
}

// printWallRow prints one row of the table: its path and what is refused there.
func printWallRow(w io.Writer, r wall.Row) {
	what := wall.Describe(r.Refused)
	switch {
	case r.Kind == wall.KindOpen:
		what = "left open: writable"
	case r.Missing:
		what = fmt.Sprintf("missing, and cannot be made: %s refuses new entries", r.Cover)
	}
	fmt.Fprintf(w, "  %-40s %s\n", terminalSafe(r.Path), terminalSafe(what))
}

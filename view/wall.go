package view

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/safefile"
	"github.com/hookctl/hookctl/wall"
)

// WallWiring says whether the wall's prefix is wired in the agent's settings file (home is the
// hookctl home the prefix walls, "" for none; err why it could not be read), and what is
// wrong with it against the wall's status here and the home doctor reads.
func WallWiring(d *agent.Dialect, file, home string, err error, st wall.Status, remembered []install.WallWired, doctorHome string) (bool, []doctor.Finding) {
	if err != nil {
		return false, []doctor.Finding{{Severity: doctor.SeverityWarning, Check: "wall",
			Message: "cannot tell whether the wall is wired: " + err.Error()}}
	}
	ok, reason := st.Ready()
	was := slices.ContainsFunc(remembered, func(w install.WallWired) bool { return w.Agent == d.Name })
	var out []doctor.Finding
	switch {
	case home == "" && was:
		out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "wall",
			Message: fmt.Sprintf("%s was wired to run its commands behind the wall, and the wall's prefix (env.%s) is gone from %s (its settings were edited): its commands run without the wall", d.Title, install.ShellPrefixVar, file),
			Fix:     fmt.Sprintf("at a terminal: hookctl install %s --wall (or, if it is meant, hookctl install %s --no-wall)", d.Name, d.Name)})
	case home == "":
	case !ok:
		out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "wall",
			Message: fmt.Sprintf("%s runs each of its commands behind the wall, which cannot go up on this machine: %s; its commands and hooks fail until it can", d.Title, reason),
			Fix:     fmt.Sprintf("at a terminal: hookctl install %s --no-wall (its commands then run without the wall)", d.Name)})
	case !safefile.SamePath(home, doctorHome):
		out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "wall",
			Message: fmt.Sprintf("%s's wall (%s) walls the hookctl home %s, not %s, which doctor reads: this home is not walled", d.Title, file, home, doctorHome),
			Fix:     fmt.Sprintf("at a terminal: hookctl install %s --wall", d.Name)})
	case st.State == wall.Partial:
		out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "wall",
			Message: fmt.Sprintf("the wall is partial on this machine (Landlock ABI %d): it cannot refuse %s", st.ABI, strings.Join(st.Lacks, "; "))})
	}
	return home != "", out
}

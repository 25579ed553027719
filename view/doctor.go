package view

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
)

// DoctorBypass names what makes the runs doctor speaks of accept every hook (doctor.Bypass):
// for plain runs, --accept-hooks (flag) or HOOKCTL_ACCEPT_HOOKS (env) as given to doctor
// itself; for an agent's runs (only), only its wiring's --accept-hooks, since run --agent
// ignores the variable (SPEC 23.1), which doctor then says, with the fix.
func DoctorBypass(flag, env bool, only *agent.Dialect, wired []install.Wiring) (string, *doctor.Finding) {
	asked := ""
	switch {
	case flag:
		asked = "--accept-hooks"
	case env:
		asked = "HOOKCTL_ACCEPT_HOOKS"
	}
	if only == nil {
		return asked, nil
	}
	for _, w := range wired {
		if w.Agent == only.Name && w.AcceptHooks {
			return "the --accept-hooks of " + only.Title + "'s wiring (" + w.File + ")", nil
		}
	}
	if asked == "" {
		return "", nil
	}
	return "", &doctor.Finding{Severity: doctor.SeverityWarning, Check: "consent",
		Message: fmt.Sprintf("%s does not reach %s's runs (run --agent ignores it: an agent's tools could set it), and its wiring has no --accept-hooks: hooks not approved do not run there", asked, only.Title),
		Fix:     "on a CI machine, write it into the wiring: hookctl install " + only.Name + " --accept-hooks"}
}

// SwitchFindings are doctor's and list's errors for the wired agents (one agent when only is
// set) whose own settings switch their hooks off (SPEC 24.3): the files of the person's home
// and of projects, each agent once.
func SwitchFindings(wired []install.Wiring, only *agent.Dialect, home string, projects []string, lookupEnv func(string) (string, bool)) []doctor.Finding {
	var out []doctor.Finding
	var seen []string
	for _, w := range wired {
		if slices.Contains(seen, w.Agent) || (only != nil && w.Agent != only.Name) {
			continue
		}
		seen = append(seen, w.Agent)
		d, err := agent.Lookup(w.Agent)
		if err != nil {
			continue
		}
		for _, f := range d.SwitchedOff(home, projects, lookupEnv) {
			out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "agent_switch",
				Message: f.Message(), Fix: f.Fix()})
		}
	}
	return out
}

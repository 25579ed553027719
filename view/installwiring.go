package view

import (
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// UnwiredFindings are the errors of guard events no longer wired into an agent they were wired
// into (install.Unwired), given the wiring memory at memory and hookctl's entries found now;
// for only's alone when set. held, the recorded guards, is read only when the memory holds
// something: a guard record that cannot be read covers every event.
func UnwiredFindings(memory string, wired []install.Wiring, only *agent.Dialect, held func() runner.Guards) []doctor.Finding {
	remembered, err := install.LoadMemory(memory)
	if err != nil {
		return []doctor.Finding{{Severity: doctor.SeverityError, Check: "guard", Message: err.Error(),
			Fix: "review it, then remove it and, at a terminal, run hookctl install for each agent"}}
	}
	if only != nil {
		remembered = slices.DeleteFunc(remembered, func(r install.Remembered) bool { return r.Agent != only.Name })
	}
	if len(remembered) == 0 {
		return nil
	}
	g := held()
	covered := func(event, agentName string) bool {
		return g.Err != nil || slices.ContainsFunc(g.Recorded, func(r consent.Guard) bool {
			return r.Event == event && (len(r.Agents) == 0 || slices.Contains(r.Agents, agentName))
		})
	}
	var out []doctor.Finding
	for _, r := range install.Unwired(remembered, wired, covered) {
		out = append(out, install.UnwiredFinding(r))
	}
	return out
}

// DialectFindings are the errors of recorded guards that would not guard an agent as they
// were approved to (doctor.DialectFindings): among the agents wired, or of adding, wired now,
// against the others.
func DialectFindings(recorded []consent.Guard, wired []install.Wiring, adding string) []doctor.Finding {
	var names []string
	for _, w := range wired {
		if !slices.Contains(names, w.Agent) {
			names = append(names, w.Agent)
		}
	}
	if adding != "" && !slices.Contains(names, adding) {
		names = append(names, adding)
	}
	return doctor.DialectFindings(recorded, names, adding)
}

package view

import (
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// AgentExam is what doctor reads its findings about the agents wired to hookctl from.
type AgentExam struct {
	Config *config.Config
	// Home is the person's home; Memory the wiring memory of the hookctl home.
	Home, Memory string
	// Wired are hookctl's entries found in the agents' settings, ScanErrs the settings that
	// could not be read; Only, when set, the one agent examined.
	Wired    []install.Wiring
	ScanErrs []error
	Only     *agent.Dialect
	// System is the system layer (nil for none); Held reads the recorded guards when called.
	System *consent.System
	Held   func() runner.Guards
	// Trust are the agents' own trust files; Projects the folders whose project switch files
	// and plugins count.
	Trust     install.TrustPlaces
	Projects  []string
	LookupEnv func(string) (string, bool)
}

// AgentFindings are doctor's findings about the agents wired, in the order doctor gives them:
// settings it could not read, the system level, guard events edited out of an agent's
// settings, the agents' own hooks-off switches, guards an agent would not feed as approved,
// the entries themselves, the agents' trust steps and fail switches, and plugins beside
// hookctl's.
func AgentFindings(e AgentExam) []doctor.Finding {
	wired := WiredFor(e.Wired, e.Only)
	var out []doctor.Finding
	for _, err := range e.ScanErrs {
		out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_wiring",
			Message: "cannot check an agent's settings: " + err.Error()})
	}
	out = append(out, SystemFindings(SystemOf(e.System))...)
	out = append(out, UnwiredFindings(e.Memory, wired, e.Only, e.Held)...)
	out = append(out, SwitchFindings(wired, e.Only, e.Home, e.Projects, e.LookupEnv)...)
	out = append(out, DialectFindings(e.Held().Recorded, wired, "")...)
	out = append(out, install.Findings(e.Config, wired)...)
	out = append(out, install.TrustFindings(e.Home, wired)...)
	out = append(out, install.AgentTrustFindings(e.Trust, wired)...)
	out = append(out, install.FailSwitchFindings(wired)...)
	return append(out, install.OtherPlugins(e.Home, e.Projects, e.LookupEnv)...)
}

// WiredFor are the wirings of only's agent when only is set, else every one; wired is left as
// it is.
func WiredFor(wired []install.Wiring, only *agent.Dialect) []install.Wiring {
	if only == nil {
		return wired
	}
	return slices.DeleteFunc(slices.Clone(wired), func(w install.Wiring) bool { return w.Agent != only.Name })
}

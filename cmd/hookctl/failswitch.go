package main

import (
	"context"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
)

// failSwitchFindings warn of each wired agent whose release is older than the first with its
// "a failed hook blocks" switch, which install writes (SPEC 28.11): there a killed or timed-out
// hookctl lets the call through. An agent whose release cannot be read is not reported.
func failSwitchFindings(wired []install.Wiring) []doctor.Finding {
	var out []doctor.Finding
	var seen []string
	for _, w := range wired {
		sw, ok := install.FailSwitchOf(w.Agent)
		if !ok || !sw.Proven || sw.Bin == "" || slices.Contains(seen, w.Agent) {
			continue
		}
		seen = append(seen, w.Agent)
		d, err := agent.Lookup(w.Agent)
		if err != nil {
			continue
		}
		version, err := doctor.AgentVersion(context.Background(), sw.Bin, sw.Package)
		if err != nil {
			continue
		}
		if f := doctor.FailSwitchFinding(d.Title, version, sw.Since, sw.Key); f != nil {
			out = append(out, *f)
		}
	}
	return out
}

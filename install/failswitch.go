package install

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
)

// FailSwitch is an agent's own "a failed hook blocks" setting on one hook entry (SPEC 24.5):
// with it, a hookctl that is killed, times out or cannot start blocks the call instead of
// letting it through. install writes it on every entry of hookctl's for that agent, and an
// entry an older hookctl wrote without it is given it on the next install.
type FailSwitch struct {
	// Key and Value are the member the entry carries.
	Key   string
	Value any
	// Since is the agent's first release known to honour it; doctor warns below it, reading
	// the release of the executable Bin (from the npm package Package where it is one).
	Since, Bin, Package string
	// Proven says a run of the real agent showed the switch blocks: only a proven switch is
	// written by default (SPEC 28.37); the others are built and tested here, not wired.
	Proven bool
}

// FailSwitchOf returns the agent's fail-closed switch (its registration's FailSwitch), false
// when it has none. Bin and Package, read only when the switch names its first release, are
// the agent's first program and npm package (its Signs).
func FailSwitchOf(name string) (FailSwitch, bool) {
	d, err := agent.Lookup(name)
	if err != nil || d.FailSwitch.Key == "" {
		return FailSwitch{}, false
	}
	a := d.FailSwitch
	s := FailSwitch{Key: a.Key, Value: a.Value, Since: a.Since, Proven: a.Proven}
	if s.Since != "" {
		s.Bin, s.Package = first(d.Signs.Programs), first(d.Signs.Packages)
	}
	return s, true
}

// first is the list's first element, "" for none.
func first(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[0]
}

// wiredFailSwitch is the switch install writes for the agent: nil when it has none, or one not
// yet proven in the real agent.
func wiredFailSwitch(name string) *FailSwitch {
	if s, ok := FailSwitchOf(name); ok && s.Proven {
		return &s
	}
	return nil
}

// holds reports whether the value node n is the switch's value.
func (f *FailSwitch) holds(s *settings, n *node) bool {
	if n == nil {
		return false
	}
	want, err := json.Marshal(f.Value)
	return err == nil && string(s.data[n.start:n.end]) == string(want)
}

// FailSwitchFindings warn of each wired agent whose release is older than the first with its
// "a failed hook blocks" switch, which install writes (SPEC 28.11): there a killed or timed-out
// hookctl lets the call through. An agent whose release cannot be read is not reported.
func FailSwitchFindings(wired []Wiring) []doctor.Finding {
	var out []doctor.Finding
	var seen []string
	for _, w := range wired {
		sw, ok := FailSwitchOf(w.Agent)
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

package runner

import "testing"

func TestEventArgs(t *testing.T) {
	for _, tc := range []struct {
		name, agent string
		n           int
		ok          bool
	}{
		{name: "one event", n: 1, ok: true},
		{name: "no event, no agent", n: 0},
		{name: "two events", n: 2},
		{name: "an agent whose payload names the event", agent: "claude-code", n: 0, ok: true},
		{name: "an agent whose payload names the event, and an event", agent: "claude-code", n: 1, ok: true},
		{name: "hookctl's own dialect needs the event", agent: "hermes", n: 0},
		{name: "hookctl's own dialect, its event given", agent: "hermes", n: 1, ok: true},
		{name: "an unknown agent is the run's error", agent: "no-such-agent", n: 0, ok: true},
		{name: "two arguments under an agent", agent: "claude-code", n: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := EventArgs(tc.agent, tc.n); (err == nil) != tc.ok {
				t.Errorf("EventArgs(%q, %d) = %v, want ok %v", tc.agent, tc.n, err, tc.ok)
			}
		})
	}
}

package install

import (
	"encoding/json"
	"sync"
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

// failSwitches are the agents' switches, by agent name. Claude Code's is read from its own
// settings schema (2.1.332: a command hook's onFailure, "block" counts a failure as exit 2,
// ignored on Stop, SubagentStop, TaskCompleted and TeammateIdle and for async hooks); Cursor's
// from its documentation, with no CLI to prove it on. Codex 0.171.0, Gemini CLI 0.61.0,
// Copilot CLI 1.0.102 and Cline 3.0.65 have none: a killed hook lets the call through.
var failSwitches = sync.OnceValue(func() map[string]FailSwitch {
	return map[string]FailSwitch{
		"claude-code": {Key: "onFailure", Value: "block", Since: "2.1.332", Bin: "claude", Package: "@anthropic-ai/claude-code", Proven: true},
		"cursor":      {Key: "failClosed", Value: true},
	}
})

// FailSwitchOf returns the agent's fail-closed switch, false when it has none.
func FailSwitchOf(agent string) (FailSwitch, bool) {
	s, ok := failSwitches()[agent]
	return s, ok
}

// wiredFailSwitch is the switch install writes for the agent: nil when it has none, or one not
// yet proven in the real agent.
func wiredFailSwitch(agent string) *FailSwitch {
	if s, ok := failSwitches()[agent]; ok && s.Proven {
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

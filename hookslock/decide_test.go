package hookslock

import (
	"slices"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestDecide(t *testing.T) {
	plain := config.Hook{Event: "pre_tool_call", Command: "./log.sh"}
	guard := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", FailClosed: true}
	lockedPlain := Hook{Event: plain.Event, Command: plain.Command}
	lockedGuard := Hook{Event: guard.Event, Command: guard.Command, Guard: true}
	changed := []string{"guard.sh changed", "matcher changed"}
	commands := func(hooks []config.Hook) []string {
		var out []string
		for _, h := range hooks {
			out = append(out, h.Command)
		}
		return out
	}
	tests := []struct {
		name       string
		results    []Result
		unlocked   []config.Hook
		approve    []string
		notInForce []string
		findings   []Finding
		failed     bool
	}{
		{name: "nothing locked, nothing configured"},
		{name: "every locked hook matches", results: []Result{{Locked: lockedPlain, Hook: &plain}, {Locked: lockedGuard, Hook: &guard}},
			approve: []string{"./log.sh", "./guard.sh"}},
		{name: "a hook that changed", results: []Result{{Locked: lockedPlain, Hook: &plain, Differences: changed}, {Locked: lockedGuard, Hook: &guard}},
			approve: []string{"./guard.sh"}, failed: true,
			findings: []Finding{{Error: true, Text: "pre_tool_call ./log.sh does not match the lock (not approved): guard.sh changed; matcher changed"}}},
		{name: "a guard that changed is recorded not in force", results: []Result{{Locked: lockedGuard, Hook: &guard, Differences: changed[:1]}},
			notInForce: []string{"./guard.sh"}, failed: true,
			findings: []Finding{{Error: true, Text: "pre_tool_call ./guard.sh does not match the lock (a guard not in force: it blocks what it covers): guard.sh changed"}}},
		{name: "a locked guard no longer configured", results: []Result{{Locked: lockedGuard, Differences: []string{"not in the config"}}},
			failed:   true,
			findings: []Finding{{Error: true, Text: "pre_tool_call ./guard.sh does not match the lock (a guard not in force: it blocks what it covers): not in the config"}}},
		{name: "an entry made a guard since it was locked", results: []Result{{Locked: lockedPlain, Hook: &guard, Differences: []string{"guard changed"}}},
			notInForce: []string{"./guard.sh"}, failed: true,
			findings: []Finding{{Error: true, Text: "pre_tool_call ./log.sh does not match the lock (a guard not in force: it blocks what it covers): guard changed"}}},
		{name: "a hook the lock does not name", results: []Result{{Locked: lockedGuard, Hook: &guard}}, unlocked: []config.Hook{plain},
			approve:  []string{"./guard.sh"},
			findings: []Finding{{Text: "pre_tool_call ./log.sh is not in the lock, so it is not approved and does not run"}}},
		{name: "a guard the lock does not name", unlocked: []config.Hook{guard, plain}, failed: true,
			findings: []Finding{{Error: true, Text: "pre_tool_call ./guard.sh is not in the lock (a guard, not approved)"},
				{Text: "pre_tool_call ./log.sh is not in the lock, so it is not approved and does not run"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decide(tt.results, tt.unlocked)
			if got := commands(d.Approve); !slices.Equal(got, tt.approve) {
				t.Errorf("approves %q, want %q", got, tt.approve)
			}
			if got := commands(d.NotInForce); !slices.Equal(got, tt.notInForce) {
				t.Errorf("records not in force %q, want %q", got, tt.notInForce)
			}
			if !slices.Equal(d.Findings, tt.findings) {
				t.Errorf("findings %+v, want %+v", d.Findings, tt.findings)
			}
			if d.Failed() != tt.failed {
				t.Errorf("Failed() = %v, want %v", d.Failed(), tt.failed)
			}
		})
	}
}

package runner

import (
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// TestUnapprovedGuard: only a project hook that is not approved and is recorded as a guard is
// a guard not in force; its verdict then blocks where a fresh clone's hook is skipped.
func TestUnapprovedGuard(t *testing.T) {
	guard := config.Hook{Event: "pre_tool_call", Command: "g.sh", FailClosed: true, Layer: config.LayerProject}
	recorded := []consent.Guard{{Event: "pre_tool_call", Command: "g.sh", FailClosed: true}}
	person := guard
	person.Layer = config.LayerUser
	other := guard
	other.Command = "other.sh"
	tests := []struct {
		name     string
		h        config.Hook
		st       consent.Status
		recorded []consent.Guard
		want     bool
		fate     Fate
	}{
		{"recorded, not approved", guard, consent.StatusNotApproved, recorded, true, FateBlocks},
		{"not recorded: a fresh clone's", guard, consent.StatusNotApproved, nil, false, FateSkipped},
		{"another command recorded", other, consent.StatusNotApproved, recorded, false, FateSkipped},
		{"changed: its own detail", guard, consent.StatusChanged, recorded, false, FateBlocks},
		{"approved", guard, consent.StatusApproved, recorded, false, FateRuns},
		{"the person's layer", person, consent.StatusNotApproved, recorded, false, FateBlocks},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			detail := UnapprovedGuard(tt.h, tt.st, tt.recorded)
			if (detail != nil) != tt.want {
				t.Errorf("UnapprovedGuard = %v, want a detail: %v", detail, tt.want)
			}
			if v := VerdictOf(tt.h, tt.st, detail, true); v.Fate != tt.fate {
				t.Errorf("fate %s, want %s (%+v)", v.Fate, tt.fate, v)
			}
		})
	}
}

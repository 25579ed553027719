package runner

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func TestRequiredProjectGuard(t *testing.T) {
	guard := config.Hook{Command: ".agent-hooks/g.sh", Event: "pre_tool_call", FailClosed: true, Layer: config.LayerProject, ProjectDir: "/src/repo"}
	other := guard
	other.FailClosed = false
	person := guard
	person.Layer = config.LayerUser
	tests := []struct {
		name  string
		h     config.Hook
		st    consent.Status
		block bool
	}{
		{"a fresh clone's guard", guard, consent.StatusNotApproved, true},
		{"a changed guard (blocks already)", guard, consent.StatusChanged, false},
		{"an approved guard", guard, consent.StatusApproved, false},
		{"a project hook that is not a guard", other, consent.StatusNotApproved, false},
		{"the person's guard", person, consent.StatusNotApproved, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := RequiredProjectGuard(tt.h, tt.st)
			if (err != nil) != tt.block {
				t.Fatalf("RequiredProjectGuard = %v, want a detail: %v", err, tt.block)
			}
			if err == nil {
				return
			}
			if !strings.Contains(err.Error(), "the repository /src/repo") {
				t.Errorf("the detail does not name the repository: %v", err)
			}
			v := VerdictOf(tt.h, tt.st, err, true)
			if v.Fate != FateBlocks || !strings.Contains(v.Fix, "hookctl hooks approve --project") {
				t.Errorf("verdict %+v: want a block naming hookctl hooks approve --project", v)
			}
		})
	}
}

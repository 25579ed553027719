package install

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestWirable: every agent with a settings file is wirable and listed; one without is refused
// naming the wirable ones; an unknown name is refused.
func TestWirable(t *testing.T) {
	names := Agents()
	for _, d := range agent.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			got, err := Wirable(d.Name)
			switch {
			case d.SettingsFile != "" && (err != nil || got != d || !slices.Contains(names, d.Name)):
				t.Fatalf("Wirable = %v, %v; listed %v", got, err, slices.Contains(names, d.Name))
			case d.SettingsFile == "" && (err == nil || !strings.Contains(err.Error(), "agents: "+strings.Join(names, ", ")) || slices.Contains(names, d.Name)):
				t.Fatalf("Wirable = %v, %v; listed %v", got, err, slices.Contains(names, d.Name))
			}
		})
	}
	t.Run("unknown", func(t *testing.T) {
		if _, err := Wirable("nobody"); err == nil {
			t.Fatal("an unknown agent is wirable")
		}
	})
}

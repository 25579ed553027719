package hookslock

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestStale: each difference of a locked hook and each hook the lock does not name is a reason
// the lock is stale; a lock whose hooks all match has none.
func TestStale(t *testing.T) {
	guard := Hook{Event: "pre_tool_call", Command: "./guard.sh"}
	h := config.Hook{Event: "pre_tool_call", Command: "./guard.sh"}
	tests := []struct {
		name     string
		results  []Result
		unlocked []config.Hook
		want     []string
	}{
		{"fresh", []Result{{Locked: guard, Hook: &h}}, nil, nil},
		{"a file differs", []Result{{Locked: guard, Hook: &h, Differences: []string{"guard.sh differs from the lock"}}}, nil,
			[]string{"./guard.sh on pre_tool_call: guard.sh differs from the lock"}},
		{"gone and added", []Result{{Locked: guard, Differences: []string{"the project config has no such hook"}}},
			[]config.Hook{{Event: "post_tool_call", Command: "./new.sh"}},
			[]string{"./guard.sh on pre_tool_call: the project config has no such hook", "./new.sh on post_tool_call: not in the lock"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Stale(tt.results, tt.unlocked)
			if len(got) != len(tt.want) {
				t.Fatalf("Stale = %q, want %q", got, tt.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("reason %d = %q, want it to start %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

package install

import (
	"reflect"
	"testing"
)

// TestReportRows: every entry of a report once, grouped added, updated, kept, removed, with
// its timeout or "-".
func TestReportRows(t *testing.T) {
	five, ten := int64(5), int64(10)
	tests := []struct {
		name string
		r    Report
		want []Row
	}{
		{"empty", Report{}, nil},
		{"each group", Report{
			Removed: []Change{{Event: "Stop"}},
			Kept:    []Change{{Event: "SessionStart", Timeout: &five}},
			Added:   []Change{{Event: "PreToolUse", Timeout: &ten}, {Event: "PostToolUse"}},
			Updated: []Change{{Event: "Notification", Timeout: &five}},
		}, []Row{
			{"added", "PreToolUse", "10"}, {"added", "PostToolUse", "-"},
			{"updated", "Notification", "5"}, {"kept", "SessionStart", "5"}, {"removed", "Stop", "-"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Rows(); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Rows = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestReportUnchanged: a report that changed nothing names the events already wired, or says
// there are no entries.
func TestReportUnchanged(t *testing.T) {
	tests := []struct {
		name string
		r    Report
		want string
	}{
		{"no entries", Report{}, "nothing to change: f has no hookctl entries"},
		{"kept", Report{Kept: []Change{{Event: "PreToolUse"}, {Event: "Stop"}}}, "nothing to change: f already runs hookctl for PreToolUse, Stop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Unchanged("f"); got != tt.want {
				t.Fatalf("Unchanged = %q, want %q", got, tt.want)
			}
		})
	}
}

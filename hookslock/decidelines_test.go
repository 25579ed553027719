package hookslock

import (
	"strings"
	"testing"
)

func TestDecisionLines(t *testing.T) {
	for _, tc := range []struct {
		name     string
		findings []Finding
		want     []string
	}{
		{name: "none"},
		{name: "an error and a warning, each with the fix", findings: []Finding{{Error: true, Text: "guard.sh changed"}, {Text: "note.sh is not locked"}},
			want: []string{"error: guard.sh changed", "  fix: " + Fix, "warning: note.sh is not locked", "  fix: " + Fix}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Decision{Findings: tc.findings}.Lines()
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("Lines = %q, want %q", got, tc.want)
			}
		})
	}
}

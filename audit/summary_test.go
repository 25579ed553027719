package audit

import "testing"

func TestSummary(t *testing.T) {
	tests := []struct {
		name  string
		hooks []Hook
		want  string
	}{
		{"none", nil, ""},
		{"counted and sorted", []Hook{{Status: "skipped_unapproved"}, {Status: "ok"}, {Status: "ok"}}, "2 ok, 1 skipped_unapproved"},
		{"a system hook apart", []Hook{{Status: "ok", Layer: "system"}, {Status: "ok"}}, "1 ok, 1 ok (system)"},
		{"control characters escaped", []Hook{{Status: "ok\x1b[2J"}}, `1 ok\x1b[2J`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Summary(tt.hooks); got != tt.want {
				t.Errorf("Summary = %q, want %q", got, tt.want)
			}
		})
	}
}

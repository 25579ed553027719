package audit

import (
	"strings"
	"testing"
	"time"
)

func TestParseSince(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.Local)
	tests := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"90m", now.Add(-90 * time.Minute), true},
		{"2h", now.Add(-2 * time.Hour), true},
		{"7d", now.AddDate(0, 0, -7), true},
		{"0s", now, true},
		{"2026-11-24", time.Date(2026, 11, 24, 0, 0, 0, 0, time.Local), true},
		{"2026-11-24T15:04", time.Date(2026, 11, 24, 15, 4, 0, 0, time.Local), true},
		{"2026-11-24 15:04:05", time.Date(2026, 11, 24, 15, 4, 5, 0, time.Local), true},
		{"2026-11-24T15:04:05Z", time.Date(2026, 11, 24, 15, 4, 5, 0, time.UTC), true},
		{"2026-11-24T15:04:05+02:00", time.Date(2026, 11, 24, 13, 4, 5, 0, time.UTC), true},
		{"-1h", time.Time{}, false},
		{"-3d", time.Time{}, false},
		{"yesterday", time.Time{}, false},
		{"d", time.Time{}, false},
		{"", time.Time{}, false},
		{"2026-13-01", time.Time{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseSince(tt.in, now)
			if (err == nil) != tt.ok {
				t.Fatalf("ParseSince(%q) error = %v, want ok %v", tt.in, err, tt.ok)
			}
			if tt.ok && !got.Equal(tt.want) {
				t.Errorf("ParseSince(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestNewFilter(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.Local)
	tests := []struct {
		name                          string
		event, decision, agent, since string
		want                          Filter
		wantErr                       string
	}{
		{"every part", "pre_tool_call", "block", "codex", "1h", Filter{Since: now.Add(-time.Hour), Event: "pre_tool_call", Decision: "block", Agent: "codex"}, ""},
		{"nothing", "", "", "", "", Filter{}, ""},
		{"a decision hookctl never records", "", "deny", "", "", Filter{}, `--decision must be one of allow, block, ask, continue, not "deny"`},
		{"a misspelt decision", "", "blok", "", "", Filter{}, `did you mean "block"?`},
		{"a since that is no time", "", "", "", "yesterday", Filter{}, `--since "yesterday" is neither`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := NewFilter(tt.event, tt.decision, tt.agent, tt.since, now)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("NewFilter error = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || f != tt.want {
				t.Errorf("NewFilter = %+v, %v; want %+v", f, err, tt.want)
			}
		})
	}
}

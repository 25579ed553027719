package consent

import (
	"errors"
	"testing"
)

// TestRecordedGuards: a command that drops guards answers for the record's guards, and when
// the record cannot be trusted, for every guard the allowlist approved.
func TestRecordedGuards(t *testing.T) {
	tests := []struct {
		name string
		// damage is done to the files after the guard ./g.sh is approved (nothing is approved
		// when approve is false).
		approve   bool
		damage    func(t *testing.T, s *Store)
		want      int
		untrusted bool
	}{
		{name: "nothing approved", want: 0},
		{name: "the record's guards", approve: true, want: 1},
		{name: "record gone: the allowlist's guard approvals", approve: true, want: 1, untrusted: true,
			damage: func(t *testing.T, s *Store) { remove(t, s.GuardPath()) }},
		{name: "record gone, allowlist unreadable", approve: true, want: 0,
			damage: func(t *testing.T, s *Store) {
				remove(t, s.GuardPath())
				write(t, s.Path, "{not json", 0o600)
			}},
		{name: "record unreadable, allowlist gone: no approvals, still untrusted", approve: true, want: 0, untrusted: true,
			damage: func(t *testing.T, s *Store) {
				write(t, s.GuardPath(), "{not json", 0o600)
				remove(t, s.Path)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := NewStore(dir + "/allowlist.json")
			if tt.approve {
				h := hook(t, "pre_tool_call", "./g.sh", "Bash", true)
				h.Script = writeScript(t, dir, "g.sh", "#!/bin/sh\n")
				if _, err := s.Approve(h); err != nil {
					t.Fatal(err)
				}
			}
			if tt.damage != nil {
				tt.damage(t, s)
			}
			guards, untrusted := s.RecordedGuards()
			if len(guards) != tt.want || (untrusted != nil) != tt.untrusted {
				t.Fatalf("RecordedGuards() = %d guard(s), untrusted %v; want %d, untrusted %v", len(guards), untrusted, tt.want, tt.untrusted)
			}
			if untrusted != nil && !errors.Is(untrusted, ErrGuardRecord) {
				t.Errorf("untrusted = %v, want ErrGuardRecord", untrusted)
			}
			for _, g := range guards {
				if g.Command != "./g.sh" || g.Event != "pre_tool_call" {
					t.Errorf("guard %s, want ./g.sh on pre_tool_call", g)
				}
			}
		})
	}
}

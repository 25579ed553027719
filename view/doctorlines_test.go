package view

import (
	"reflect"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/runner"
)

// TestDoctorParas: each finding once with its subject, its fix after it; the smoke runs that
// answered; each payload once; a line per wall; control characters escaped.
func TestDoctorParas(t *testing.T) {
	guard := doctor.Finding{Severity: doctor.SeverityError, Event: "pre_tool_call", Command: "guard.sh", Message: "not approved", Fix: "hookctl hooks approve"}
	tests := []struct {
		name string
		r    doctor.Report
		want []Para
	}{
		{"nothing", doctor.Report{}, nil},
		{"a finding repeated", doctor.Report{Findings: []doctor.Finding{guard, guard}}, []Para{
			{ParaError, "pre_tool_call guard.sh: not approved"}, {ParaFix, "hookctl hooks approve"}}},
		{"a warning without subject or fix", doctor.Report{Findings: []doctor.Finding{{Severity: doctor.SeverityWarning, Message: "the log is big"}}}, []Para{
			{ParaWarning, "the log is big"}}},
		{"control characters", doctor.Report{Findings: []doctor.Finding{{Severity: doctor.SeverityError, Command: "a\x1b[2Jb", Message: "m"}}}, []Para{
			{ParaError, `a\x1b[2Jb: m`}}},
		{"smoke runs", doctor.Report{Smoke: []doctor.Smoke{
			{Event: "stop", Command: "a.sh", Status: string(runner.StatusOK), DurationMS: 3, Dialect: agent.Default, DialectWhy: "no agent wired", Payload: []byte(`{}`)},
			{Event: "stop", Command: "b.sh", Status: string(runner.StatusError), Dialect: agent.Default, Payload: []byte(`{}`)},
		}}, []Para{
			{ParaOK, "stop a.sh: smoke run answered in 3 ms"},
			{ParaPayload, "smoke payload stop, dialect " + agent.Default + ", hookctl's own protocol (no agent wired): {}"}}},
		{"a wall", doctor.Report{Walls: []doctor.WallState{{Agent: "nobody", State: "up"}}}, []Para{
			{ParaWall, WallLine(doctor.WallState{Agent: "nobody", State: "up"})}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DoctorParas(tt.r); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("DoctorParas =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestDialectName: hookctl's own protocol says what it is; an agent's name is itself.
func TestDialectName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{{agent.Default, agent.Default + ", hookctl's own protocol"}, {"codex", "codex"}} {
		t.Run(tt.in, func(t *testing.T) {
			if got := DialectName(tt.in); got != tt.want {
				t.Fatalf("DialectName(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

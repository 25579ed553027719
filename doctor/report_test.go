package doctor

import (
	"fmt"
	"testing"
)

// TestReportAdd: errors count among the problems wherever they are put; warnings do not.
func TestReportAdd(t *testing.T) {
	e := Finding{Severity: SeverityError, Message: "e"}
	w := Finding{Severity: SeverityWarning, Message: "w"}
	tests := []struct {
		name     string
		build    func(r *Report)
		want     string
		problems int
		warnings int
	}{
		{"added in order", func(r *Report) { r.Add(e, w) }, "e w", 1, 1},
		{"prepended first", func(r *Report) { r.Add(w); r.Prepend(e, e) }, "e e w", 2, 1},
		{"nothing", func(r *Report) { r.Add(); r.Prepend() }, "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Report
			tt.build(&r)
			got := ""
			for i, f := range r.Findings {
				if i > 0 {
					got += " "
				}
				got += f.Message
			}
			if got != tt.want || r.Problems != tt.problems || r.Warnings() != tt.warnings {
				t.Errorf("findings %q, %d problem(s), %d warning(s); want %q, %d, %d", got, r.Problems, r.Warnings(), tt.want, tt.problems, tt.warnings)
			}
		})
	}
}

// TestReportPrependNothing: an empty list of findings stays an empty list (JSON's []).
func TestReportPrependNothing(t *testing.T) {
	r := Report{Findings: []Finding{}}
	r.Prepend()
	if r.Findings == nil {
		t.Error("Prepend() made the empty findings nil")
	}
}

// TestReportDistinct: a finding repeated word for word is shown once, the order kept.
func TestReportDistinct(t *testing.T) {
	a := Finding{Severity: SeverityWarning, Command: "./a.sh", Message: "not approved", Fix: "approve"}
	b := Finding{Severity: SeverityError, Command: "./b.sh", Message: "missing"}
	sameWords := a
	sameWords.Command = "./c.sh" // another hook: not a repeat
	r := Report{Findings: []Finding{a, b, a, sameWords, b}}
	got := fmt.Sprint(r.Distinct())
	if want := fmt.Sprint([]Finding{a, b, sameWords}); got != want {
		t.Errorf("Distinct = %s, want %s", got, want)
	}
}

// TestSmokeAnswered: a hook that blocks or rewrites answered; one that failed, timed out or was
// skipped did not.
func TestSmokeAnswered(t *testing.T) {
	for status, want := range map[string]bool{"ok": true, "blocked": true, "modified": true, "error": false, "timeout": false, "skipped_unapproved": false, "invalid_output": false, "": false} {
		t.Run(status, func(t *testing.T) {
			if got := (Smoke{Status: status}).Answered(); got != want {
				t.Errorf("Smoke{Status: %q}.Answered() = %v, want %v", status, got, want)
			}
		})
	}
}

// TestReportPayloads: one payload per event and dialect, the first run's.
func TestReportPayloads(t *testing.T) {
	r := Report{Smoke: []Smoke{
		{Event: "pre_tool_call", Dialect: "hermes", Command: "1"},
		{Event: "pre_tool_call", Dialect: "hermes", Command: "2"},
		{Event: "pre_tool_call", Dialect: "claude-code", Command: "3"},
		{Event: "post_tool_call", Dialect: "hermes", Command: "4"},
	}}
	var got []string
	for _, s := range r.Payloads() {
		got = append(got, s.Command)
	}
	if fmt.Sprint(got) != "[1 3 4]" {
		t.Errorf("Payloads are the runs %v, want [1 3 4]", got)
	}
}

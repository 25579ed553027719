package doctor

import (
	"slices"

	"github.com/hookctl/hookctl/runner"
)

// Add appends findings to the report, counting its errors among the problems.
func (r *Report) Add(fs ...Finding) {
	for _, f := range fs {
		r.Findings = append(r.Findings, f)
		if f.Severity == SeverityError {
			r.Problems++
		}
	}
}

// Prepend puts findings at the top of the report, counting its errors among the problems.
// Nothing to put leaves the findings as they are (an empty list stays one: JSON's []).
func (r *Report) Prepend(fs ...Finding) {
	if len(fs) == 0 {
		return
	}
	rest := r.Findings
	r.Findings = make([]Finding, 0, len(fs)+len(rest))
	r.Add(fs...)
	r.Findings = append(r.Findings, rest...)
}

// Warnings counts the warning findings.
func (r Report) Warnings() int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == SeverityWarning {
			n++
		}
	}
	return n
}

// Distinct is the findings in order, one repeated word for word (the same step for several
// hooks) kept once.
func (r Report) Distinct() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// Answered reports whether the smoke run's hook answered: a hook that blocks or rewrites the
// call works as much as one that lets it through.
func (s Smoke) Answered() bool {
	switch runner.Status(s.Status) {
	case runner.StatusOK, runner.StatusBlocked, runner.StatusModified:
		return true
	}
	return false
}

// Payloads is the first smoke run of each event and dialect: each payload the smoke runs
// sent, once (SPEC 17.11).
func (r Report) Payloads() []Smoke {
	var out []Smoke
	for _, s := range r.Smoke {
		if !slices.ContainsFunc(out, func(o Smoke) bool { return o.Event == s.Event && o.Dialect == s.Dialect }) {
			out = append(out, s)
		}
	}
	return out
}

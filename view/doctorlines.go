package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// Para kinds: what a paragraph of doctor's report is, which its label and colour follow.
const (
	ParaError   = "error"
	ParaWarning = "warning"
	ParaFix     = "fix"
	ParaOK      = "ok"
	ParaPayload = "payload"
	ParaWall    = "wall"
)

// Para is one paragraph of doctor's report as the person reads it, its text terminal-safe.
type Para struct {
	Kind, Text string
}

// DoctorParas are the report's paragraphs in the order doctor prints them: each distinct
// finding (an error or warning, its subject and message, then its fix), the smoke runs that
// answered, the payloads sent, and a line per agent and the wall.
func DoctorParas(r doctor.Report) []Para {
	var out []Para
	for _, f := range r.Distinct() {
		kind := ParaError
		if f.Severity == doctor.SeverityWarning {
			kind = ParaWarning
		}
		subject := strings.TrimSpace(f.Event + " " + f.Command)
		if subject != "" {
			subject += ": "
		}
		out = append(out, Para{kind, termsafe.String(subject) + termsafe.String(f.Message)})
		if f.Fix != "" {
			out = append(out, Para{ParaFix, termsafe.String(f.Fix)})
		}
	}
	for _, s := range r.Smoke {
		if s.Answered() {
			out = append(out, Para{ParaOK, fmt.Sprintf("%s %s: smoke run answered in %d ms", termsafe.String(s.Event), termsafe.String(s.Command), s.DurationMS)})
		}
	}
	for _, s := range r.Payloads() {
		out = append(out, Para{ParaPayload, fmt.Sprintf("smoke payload %s, dialect %s (%s): %s", termsafe.String(s.Event), DialectName(termsafe.String(s.Dialect)), termsafe.String(s.DialectWhy), termsafe.String(string(s.Payload)))})
	}
	for _, wl := range r.Walls {
		out = append(out, Para{ParaWall, termsafe.String(WallLine(wl))})
	}
	return out
}

// DialectName is a dialect's name as a person reads it: hermes says what it is.
func DialectName(name string) string {
	if name == agent.Default {
		return name + ", hookctl's own protocol"
	}
	return name
}

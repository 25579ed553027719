package config

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// Severity says whether a problem dropped something (error) or only deserves attention.
type Severity string

// Severities of a Problem.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Problem is one config mistake, located in the file: the one value every check of a config
// reports.
type Problem struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	Message  string   `json:"message"`
	Severity Severity `json:"severity"`
	// Suggestion is the name the mistyped one most likely meant (a did-you-mean, which the
	// message says too), "" when none is close.
	Suggestion string `json:"suggestion,omitempty"`
	// Event and Command name the entry the problem is about, when there is one.
	Event   string `json:"event,omitempty"`
	Command string `json:"command,omitempty"`
	// Dropped lists the commands of the entries this problem dropped (every entry of an
	// unknown event), so that a person can tell which hooks will not run.
	Dropped []string `json:"dropped,omitempty"`
}

// String formats the problem as compilers do: "file:line:col: severity: message".
func (p Problem) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", p.File, p.Line, p.Col, p.Severity, p.Message)
}

// errorAt is an error at node n; a guess among the message's arguments is its Suggestion.
func errorAt(n *yaml.Node, format string, args ...any) Problem {
	return problemAt(SeverityError, n.Line, n.Column, format, args...)
}

// warningAt is a warning at node n; a guess among the message's arguments is its Suggestion.
func warningAt(n *yaml.Node, format string, args ...any) Problem {
	return problemAt(SeverityWarning, n.Line, n.Column, format, args...)
}

// errorAtPos is an error at a line and column no node holds (a YAML syntax error).
func errorAtPos(line, col int, format string, args ...any) Problem {
	return problemAt(SeverityError, line, col, format, args...)
}

func problemAt(sev Severity, line, col int, format string, args ...any) Problem {
	p := Problem{Severity: sev, Line: line, Col: col, Message: fmt.Sprintf(format, args...)}
	for _, a := range args {
		if g, ok := a.(guess); ok && g != "" {
			p.Suggestion = string(g)
		}
	}
	return p
}

// about names the entry the problem is about: its event and command.
func (p Problem) about(event, command string) Problem {
	p.Event, p.Command = event, command
	return p
}

// suggesting sets the problem's Suggestion, for a message that words its guess itself.
func (p Problem) suggesting(s string) Problem {
	p.Suggestion = s
	return p
}

// report records a problem of the file being read.
func (l *loader) report(p Problem) {
	p.File = l.cfg.Path
	l.cfg.Problems = append(l.cfg.Problems, p)
}

// Errors counts the problems that are errors: each dropped an entry.
func Errors(ps []Problem) int {
	n := 0
	for _, p := range ps {
		if p.Severity == SeverityError {
			n++
		}
	}
	return n
}

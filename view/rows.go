package view

import (
	"strconv"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// Tone is how a cell reads at a glance, which the command layer turns into a colour.
type Tone int

// Tones of a cell.
const (
	Plain Tone = iota
	Good
	Warning
	Bad
)

// Cell is one cell of a table, its text safe to show at a terminal.
type Cell struct {
	Text string
	Tone Tone
}

// HookRow is one hook of hooks list's table, every text terminal-safe.
type HookRow struct {
	Matcher, Command, Timeout, FailClosed string
	Consent                               Cell
	// Date is the approval's date, "" for none: the first thing after the script to give way.
	Date   string
	Script Cell
	// ScriptNote is what is wrong with the script ("script missing"), empty for nothing: the
	// consent column says it when the script column gave way.
	ScriptNote Cell
}

// RowOf is the row hooks list shows for h.
func RowOf(h Hook) HookRow {
	matcher := h.Matcher
	switch {
	case !config.IsToolEvent(h.Event):
		matcher = "-" // no tool name to match; a matcher there is ignored (and warned about)
	case matcher == "":
		matcher = "*"
	}
	if h.MatchedTools != nil {
		matcher += " (" + namedOrNone(*h.MatchedTools) + ")"
	}
	timeout := strconv.FormatFloat(h.TimeoutS, 'f', -1, 64) + "s"
	if h.TimeoutClamped {
		timeout += " (clamped)"
	}
	failClosed := "no"
	if h.FailClosed {
		failClosed = "yes"
	}
	command := h.Command
	if len(h.Agents) > 0 {
		command += " (agents: " + strings.Join(h.Agents, ", ") + ")"
	}
	if h.Dialect != "" {
		command += " (dialect: " + h.Dialect + ")"
	}
	r := HookRow{Matcher: termsafe.String(matcher), Command: termsafe.String(command), Timeout: timeout, FailClosed: failClosed,
		Consent: consentCell(h.Consent, h.URL != ""), Script: scriptCell(h.Script, h.URL != "")}
	if h.Consent.Status == consent.StatusApproved && h.Consent.ApprovedAt != nil {
		r.Date = strings.SplitN(*h.Consent.ApprovedAt, "T", 2)[0]
	}
	switch {
	case h.URL != "":
	case h.Script.Path == "":
		r.ScriptNote = Cell{"script not found on PATH", Bad}
	case !h.Script.Exists:
		r.ScriptNote = Cell{"script missing", Bad}
	case !h.Script.Executable:
		r.ScriptNote = Cell{"script not executable", Warning}
	}
	return r
}

// namedOrNone shows tools under hookctl's names with the agent's beside them: "terminal
// (Bash), read_file (Read)".
func namedOrNone(tools []agent.ToolNames) string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.String()
	}
	return ListOrNone(names)
}

// ListOrNone is names joined by commas, or "none".
func ListOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// consentCell shows a hook's consent; for a url hook changed since approval it says what
// differs, since no script column shows it (a changed script's path and hash are in doctor).
func consentCell(c Consent, url bool) Cell {
	switch c.Status {
	case consent.StatusApproved:
		text := "approved" // the table adds the date where it fits
		if c.ApprovedMatcher != nil {
			return Cell{text + ", matcher changed (approved " + termsafe.String(strconv.Quote(*c.ApprovedMatcher)) + ")", Warning}
		}
		return Cell{text, Good}
	case consent.StatusChanged:
		if c.Missing {
			return Cell{"script missing since approval", Bad}
		}
		if url && c.Changed != "" {
			return Cell{"changed since approval: " + termsafe.String(c.Changed), Bad}
		}
		return Cell{"changed since approval", Bad}
	}
	return Cell{"not approved", Warning}
}

func scriptCell(s Script, url bool) Cell {
	switch {
	case url:
		return Cell{Text: "- (url hook)"}
	case s.Path == "":
		return Cell{"not found on PATH", Bad}
	case !s.Exists:
		return Cell{termsafe.String(s.Path) + " (missing)", Bad}
	case !s.Executable:
		return Cell{termsafe.String(s.Path) + " (not executable)" + pinnedFiles(s), Warning}
	}
	return Cell{Text: termsafe.String(s.Path) + pinnedFiles(s)}
}

// pinnedFiles shows the files pinned beside the script, each after a "+".
func pinnedFiles(s Script) string {
	var b strings.Builder
	for _, f := range s.Files {
		b.WriteString(" + " + termsafe.String(f))
	}
	return b.String()
}

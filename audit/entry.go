// Package audit keeps the audit log: one JSON line per dispatch that ran, skipped or blocked a
// hook, appended whole, rotated at a size limit, and read back with filters.
package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
	"github.com/hookctl/hookctl/runner"
)

// Entry is one line of the log: a dispatch and what became of its hooks. Payloads are never
// logged, but for the command of a blocked call.
type Entry struct {
	Time  time.Time `json:"time"`
	Event string    `json:"event"`
	Agent string    `json:"agent"`
	Tool  string    `json:"tool"`
	// ToolCommand is the command the tool would have run, for a blocked call only, clipped to
	// MaxToolCommand characters (SPEC 23.15): what a person reading the log asks first.
	ToolCommand string `json:"tool_command,omitempty"`
	SessionID   string `json:"session_id"`
	Decision    string `json:"decision"`
	Reason      string `json:"reason"`
	// DurationMS is the dispatch's wall time.
	DurationMS int64  `json:"duration_ms"`
	Hooks      []Hook `json:"hooks"`
	// Notes are what the run ignored (SPEC 23.1: a bypass an agent's environment or config.yaml
	// asked for under run --agent).
	Notes []string `json:"notes,omitempty"`
}

// ConsentRefused is the event of an entry that records a consent command (approve, revoke, a
// guard change by install or uninstall) refused because a sign said an agent ran it (SPEC
// 18.1): no hook ran, Agent names the agent the sign belongs to and Reason says what was seen.
const ConsentRefused = "consent_refused"

// Hook is one hook's part in a logged dispatch.
type Hook struct {
	// Command names a command hook, URL a url hook: exactly one is set.
	Command string `json:"command,omitempty"`
	URL     string `json:"url,omitempty"`
	// Layer is "system" for a hook of the system level, "" for the person's.
	Layer      string `json:"layer,omitempty"`
	Status     string `json:"status"`
	ExitCode   *int   `json:"exit_code"`
	DurationMS int64  `json:"duration_ms"`
	// ScriptSHA256 is the script content verified before the hook ran, "" when none was pinned.
	ScriptSHA256 string `json:"script_sha256"`
	Message      string `json:"message"`
}

// Dispatch describes a dispatch for its log entry, beside its result.
type Dispatch struct {
	Agent string // the dialect the caller spoke: "hermes" for plain `run`
	Tool  string // the tool name, "" for none
	// ToolInput is the call's tool input in the keys of Agent's dialect (hookctl's when Agent
	// names none): FromResult keeps its command when the decision is a block.
	ToolInput []byte
	SessionID string
	Start     time.Time // when the dispatch began; the entry's time
	Notes     []string  // what the run ignored (Entry.Notes)
}

// maxText caps every field an entry takes from a payload or a hook (tool, session id, command
// or url, reason, message), so that no line can grow to the rotation size and push the log's
// history out: a hook printing a megabyte of reason, or a payload naming a 9 MiB tool, writes
// at most this much of it; the run's result keeps the whole text. Each hook's part is bounded
// the same way, and the hooks of an entry are those of the person's own config.
const maxText = 4096

// MaxToolCommand is the number of characters of a blocked call's command an entry keeps, the
// last an ellipsis when it was cut.
const MaxToolCommand = 200

// FromResult builds the entry of a dispatch. ok is false when no hook ran, was skipped or was
// blocked (no hooks, or none matched) and the run ignored nothing: such a dispatch is not logged.
func FromResult(res *runner.Result, d Dispatch) (e Entry, ok bool) {
	e = Entry{
		Time: d.Start.UTC(), Event: clip(res.Event), Agent: clip(d.Agent), Tool: clip(d.Tool), SessionID: clip(d.SessionID),
		Decision: res.Decision, Reason: clip(res.Reason), DurationMS: time.Since(d.Start).Milliseconds(),
	}
	if res.Decision == runner.DecisionBlock && d.Tool != "" {
		e.ToolCommand = ClipCommand(toolCommand(d))
	}
	for _, h := range res.Hooks {
		if h.Status == runner.StatusNoMatch {
			continue
		}
		hook := Hook{
			Command: clip(h.Command), Layer: h.Layer, Status: string(h.Status), ExitCode: h.ExitCode, DurationMS: h.DurationMS,
			ScriptSHA256: clip(h.ScriptSHA256), Message: clip(h.Message),
		}
		if h.URL != "" {
			hook.Command, hook.URL = "", clip(h.URL)
		}
		e.Hooks = append(e.Hooks, hook)
	}
	for _, n := range d.Notes {
		e.Notes = append(e.Notes, clip(n))
	}
	return e, len(e.Hooks) > 0 || len(e.Notes) > 0
}

// Record appends the entry of a dispatch to the log, unless FromResult finds nothing to log.
// tool is the call's tool name, nil for none; it is kept for tool events only.
func (l *Log) Record(res *runner.Result, d Dispatch, tool *string) error {
	if tool != nil && config.IsToolEvent(res.Event) {
		d.Tool = *tool
	}
	e, ok := FromResult(res, d)
	if !ok {
		return nil
	}
	return l.Append(e)
}

// toolCommand is the command of the dispatch's tool input, read in its agent's dialect.
func toolCommand(d Dispatch) string {
	dialect, err := agent.Lookup(d.Agent)
	if err != nil {
		dialect, _ = agent.Lookup(agent.Default) // a caller speaking hookctl's keys by another name
	}
	if dialect == nil {
		return ""
	}
	return dialect.CallCommand(d.Tool, d.ToolInput)
}

// ClipCommand cuts a command to MaxToolCommand characters, the last an ellipsis when it is cut.
func ClipCommand(s string) string {
	if utf8.RuneCountInString(s) <= MaxToolCommand {
		return s
	}
	return string([]rune(s)[:MaxToolCommand-1]) + "…"
}

// clip cuts s to maxText bytes on a character boundary, marking the cut.
func clip(s string) string {
	if len(s) <= maxText {
		return s
	}
	i := maxText
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// timeLayout is RFC 3339 in UTC with milliseconds, so lines sort as text and read at a glance.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// AppendJSON appends the entry as one line of JSON, without the newline. It is written by
// hand like runner.Result's, because encoding/json's reflection costs a cold `run` more than
// the whole append.
func (e *Entry) AppendJSON(b []byte) []byte {
	b = append(b, `{"time":"`...)
	b = e.Time.UTC().AppendFormat(b, timeLayout)
	b = append(b, `","event":`...)
	b = jsonx.AppendString(b, e.Event)
	b = append(b, `,"agent":`...)
	b = jsonx.AppendString(b, e.Agent)
	b = append(b, `,"tool":`...)
	b = jsonx.AppendString(b, e.Tool)
	if e.ToolCommand != "" {
		b = append(b, `,"tool_command":`...)
		b = jsonx.AppendString(b, e.ToolCommand)
	}
	b = append(b, `,"session_id":`...)
	b = jsonx.AppendString(b, e.SessionID)
	b = append(b, `,"decision":`...)
	b = jsonx.AppendString(b, e.Decision)
	b = append(b, `,"reason":`...)
	b = jsonx.AppendString(b, e.Reason)
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendInt(b, e.DurationMS, 10)
	b = append(b, `,"hooks":[`...)
	for i := range e.Hooks {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.Hooks[i].appendJSON(b)
	}
	b = append(b, ']')
	if len(e.Notes) > 0 {
		b = append(b, `,"notes":[`...)
		for i, n := range e.Notes {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonx.AppendString(b, n)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (h *Hook) appendJSON(b []byte) []byte {
	if h.URL != "" {
		b = append(b, `{"url":`...)
		b = jsonx.AppendString(b, h.URL)
	} else {
		b = append(b, `{"command":`...)
		b = jsonx.AppendString(b, h.Command)
	}
	if h.Layer != "" {
		b = append(b, `,"layer":`...)
		b = jsonx.AppendString(b, h.Layer)
	}
	b = append(b, `,"status":`...)
	b = jsonx.AppendString(b, h.Status)
	b = append(b, `,"exit_code":`...)
	if h.ExitCode == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*h.ExitCode), 10)
	}
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendInt(b, h.DurationMS, 10)
	b = append(b, `,"script_sha256":`...)
	b = jsonx.AppendString(b, h.ScriptSHA256)
	b = append(b, `,"message":`...)
	b = jsonx.AppendString(b, h.Message)
	return append(b, '}')
}

// ParseLine reads one line of the log (without its newline). A line that is not a JSON
// object with a time and an event, as a torn or foreign line would be, is an error.
func ParseLine(line []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(line, &e); err != nil {
		return Entry{}, fmt.Errorf("not an audit entry: %w", err)
	}
	if e.Time.IsZero() || e.Event == "" {
		return Entry{}, errors.New("not an audit entry: no time or event")
	}
	if y := e.Time.UTC().Year(); y < 1 || y > 9999 {
		return Entry{}, errors.New("not an audit entry: time out of range")
	}
	return e, nil
}

package runner

import (
	"encoding/json"
	"strconv"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// Status is what became of one hook in a dispatch.
type Status string

// Hook statuses, as `hookctl run` prints them.
const (
	StatusOK                Status = "ok"
	StatusBlocked           Status = "blocked"
	StatusModified          Status = "modified"
	StatusNoMatch           Status = "no_match"
	StatusNotRun            Status = "not_run"
	StatusTimeout           Status = "timeout"
	StatusError             Status = "error"
	StatusFailed            Status = "failed"
	StatusInvalidOutput     Status = "invalid_output"
	StatusSkippedUnapproved Status = "skipped_unapproved"
	StatusSkippedChanged    Status = "skipped_changed"
	// StatusChangedDuringRun: the hook's script was modified while it ran, so its answer,
	// which may come from other content than the one approved, is ignored.
	StatusChangedDuringRun Status = "changed_during_run"
)

// Failed reports whether the status says the hook failed (timeout, error, failed,
// invalid_output): what run --agent warns of on stderr, where the agents show it.
func (s Status) Failed() bool {
	switch s {
	case StatusTimeout, StatusError, StatusFailed, StatusInvalidOutput:
		return true
	}
	return false
}

// Decisions of a dispatch.
const (
	DecisionAllow    = "allow"
	DecisionBlock    = "block"
	DecisionAsk      = "ask"
	DecisionContinue = "continue"
)

// Result is the merged outcome of an event, the object `hookctl run` prints.
//
// It has two encoders that must write the same bytes: its struct tags, for encoding/json
// (`hooks test --json` embeds it), and AppendJSON, which `run` uses.
// TestAppendJSONMatchesEncodingJSON keeps them equal: a field added here goes in both.
type Result struct {
	Event string `json:"event"`
	// Decision is allow, block, ask or (pre_verify) continue.
	Decision string `json:"decision"`
	// Reason is the block, ask or continue message, else "".
	Reason string `json:"reason"`
	// UserMessage and AgentMessage are the two messages of the hook whose verdict won, when its
	// dialect gives them apart (Cursor's user_message and agent_message).
	UserMessage  string `json:"-"`
	AgentMessage string `json:"-"`
	// ToolInput is the merged rewrite of the tool's input, null when no hook modified it or
	// the call is blocked.
	ToolInput json.RawMessage `json:"tool_input"`
	// Context is every hook's context, in config order, joined by a blank line.
	Context string `json:"context"`
	// Result is the transformed text, null when no hook replaced it.
	Result *string      `json:"result"`
	Hooks  []HookResult `json:"hooks"`
	// Warnings are diagnostics for a person (skipped hooks, ignored directives, payload fixes).
	Warnings []string `json:"-"`
	// SessionID is the payload's session_id, as Dispatch filled it when missing (the audit
	// log's); under another agent, the agent's own, "" when it sent none.
	SessionID string `json:"-"`

	// What other agents' dialects carry besides (package agent writes them back); `run`
	// without --agent does not print them.

	// Allowed is set when a hook explicitly allowed the call.
	Allowed bool `json:"-"`
	// Halt stops the agent altogether (continue: false), with StopReason; it beats everything.
	Halt       bool   `json:"-"`
	StopReason string `json:"-"`
	// SystemMessage is every hook's message for the person, in config order, one per line.
	SystemMessage  string `json:"-"`
	SuppressOutput bool   `json:"-"`
	// RewrittenBy is the command of the hook whose rewrite of the tool input counted first.
	RewrittenBy string `json:"-"`
	// Dropped are the keys of the call's tool input that the rewrite left out.
	Dropped []string `json:"-"`
}

// HookResult is one hook's part in a dispatch. Like Result, it is encoded by its tags and by
// appendJSON, kept equal by TestAppendJSONMatchesEncodingJSON.
type HookResult struct {
	Command string `json:"command"`
	// Layer is "system" for a hook of the system level (SPEC 18.2), "project" for one of the
	// repository's (SPEC 20), "" for the person's.
	Layer  string `json:"layer,omitempty"`
	Status Status `json:"status"`
	// ExitCode is null when the process did not exit by itself (not started, killed).
	ExitCode        *int   `json:"exit_code"`
	DurationMS      int64  `json:"duration_ms"`
	Message         string `json:"message,omitempty"`
	OutputTruncated bool   `json:"output_truncated"`
	// Stdout and Stderr are the captured output, for `hooks test`.
	Stdout string `json:"-"`
	Stderr string `json:"-"`
	// Directive names what the hook asked for (block, modify, context, ...), "" for nothing.
	Directive string `json:"-"`
	// ScriptSHA256 is the sha256 of the pinned script content the hook ran, as checked just
	// before its start; "" when the hook has no pinned script or did not start. The audit log
	// records it; `run` does not print it.
	ScriptSHA256 string `json:"-"`
	// URL is set, to the same address as Command, for a url hook: the audit log names such a
	// hook by "url", not "command".
	URL string `json:"-"`
}

// AppendJSON appends the result as `hookctl run` prints it: what encoding/json writes for
// Result (with HTML escaping off), without encoding/json's reflection, which costs more at
// start-up than a run with no hooks. Keep it in step with Result's and HookResult's tags.
func (r *Result) AppendJSON(b []byte) []byte {
	b = append(b, `{"event":`...)
	b = jsonx.AppendString(b, r.Event)
	b = append(b, `,"decision":`...)
	b = jsonx.AppendString(b, r.Decision)
	b = append(b, `,"reason":`...)
	b = jsonx.AppendString(b, r.Reason)
	b = append(b, `,"tool_input":`...)
	if len(r.ToolInput) == 0 {
		b = append(b, "null"...)
	} else if c, err := appendCompact(b, r.ToolInput); err == nil {
		b = c
	} else {
		b = append(b, "null"...) // not JSON: never produced by Dispatch
	}
	b = append(b, `,"context":`...)
	b = jsonx.AppendString(b, r.Context)
	b = append(b, `,"result":`...)
	if r.Result == nil {
		b = append(b, "null"...)
	} else {
		b = jsonx.AppendString(b, *r.Result)
	}
	b = append(b, `,"hooks":[`...)
	for i := range r.Hooks {
		if i > 0 {
			b = append(b, ',')
		}
		b = r.Hooks[i].appendJSON(b)
	}
	return append(b, "]}"...)
}

func (h *HookResult) appendJSON(b []byte) []byte {
	b = append(b, `{"command":`...)
	b = jsonx.AppendString(b, h.Command)
	if h.Layer != "" {
		b = append(b, `,"layer":`...)
		b = jsonx.AppendString(b, h.Layer)
	}
	b = append(b, `,"status":`...)
	b = jsonx.AppendString(b, string(h.Status))
	b = append(b, `,"exit_code":`...)
	if h.ExitCode == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*h.ExitCode), 10)
	}
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendInt(b, h.DurationMS, 10)
	if h.Message != "" {
		b = append(b, `,"message":`...)
		b = jsonx.AppendString(b, h.Message)
	}
	b = append(b, `,"output_truncated":`...)
	b = strconv.AppendBool(b, h.OutputTruncated)
	return append(b, '}')
}

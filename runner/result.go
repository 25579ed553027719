package runner

import "encoding/json"

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
)

// Decisions of a dispatch.
const (
	DecisionAllow    = "allow"
	DecisionBlock    = "block"
	DecisionAsk      = "ask"
	DecisionContinue = "continue"
)

// Result is the merged outcome of an event, the object `hookctl run` prints.
type Result struct {
	Event string `json:"event"`
	// Decision is allow, block, ask or (pre_verify) continue.
	Decision string `json:"decision"`
	// Reason is the block, ask or continue message, else "".
	Reason string `json:"reason"`
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
}

// HookResult is one hook's part in a dispatch.
type HookResult struct {
	Command string `json:"command"`
	Status  Status `json:"status"`
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
}

package agent

import "encoding/json"

// Answer is what one hook said, read in its dialect.
type Answer struct {
	// Block is set when any verdict field says block or deny: a security tool errs toward
	// the block, also when a key is repeated.
	Block bool
	// Allow is an explicit approval; it changes nothing by itself but is reported.
	Allow bool
	// Ask asks the person to confirm the tool call.
	Ask bool
	// Continue keeps the agent working (pre_verify).
	Continue bool
	// Message is the reason given with the verdict.
	Message string
	// UserMessage and AgentMessage are a dialect's two messages as the hook gave them, read
	// apart (Cursor's user_message for the person, agent_message for the model); Message is
	// the agent's, else the user's, where one reason is needed.
	UserMessage, AgentMessage string
	// Modify is the rewrite of the tool input, nil when the hook did not modify it.
	Modify map[string]json.RawMessage
	// Replace says Modify is the whole new input (Claude Code's updatedInput), not keys to
	// merge over the old one.
	Replace bool
	// Context is added to the next LLM turn.
	Context string
	// Result replaces the text of a transform event, nil when absent.
	Result *string
	// Halt stops the agent (continue: false) with StopReason.
	Halt       bool
	StopReason string
	// SystemMessage is shown to the person.
	SystemMessage string
	// SuppressOutput hides the hook's output from the agent's transcript.
	SuppressOutput bool
	// Warning is set when the answer was found on stdout's last line only.
	Warning string
	// PlainText marks an answer read from stdout that is not JSON (Claude Code's context): it
	// counts only when the hook exited 0.
	PlainText bool

	modifyVerdict bool // action or decision said "modify"
}

// Empty reports whether the answer carries no directive at all.
func (a Answer) Empty() bool {
	return !a.Block && !a.Allow && !a.Ask && !a.Continue && a.Modify == nil && a.Context == "" &&
		a.Result == nil && !a.Halt && a.SystemMessage == "" && !a.SuppressOutput
}

// AnswerReader reads a hook's stdout (already valid UTF-8) on one agent event.
type AnswerReader func(stdout string, m Mapping) (Answer, error)

// Decision is the merged outcome of an event, for a dialect's writer.
type Decision struct {
	// Verdict is allow, block, ask or continue.
	Verdict string
	// Allowed is set when a hook explicitly allowed the call.
	Allowed bool
	// Reason is the block, ask or continue message.
	Reason string
	// UserMessage and AgentMessage are the two messages of the hook whose verdict won, when it
	// gave them apart (Cursor); both empty when it gave one reason.
	UserMessage, AgentMessage string
	// ToolInput is the rewritten tool input, nil when no hook rewrote it.
	ToolInput []byte
	// RewrittenBy names the hook whose rewrite won.
	RewrittenBy string
	// Dropped are the keys of the call's input that the rewrite leaves out (a whole new input
	// without them).
	Dropped []string
	// Context is every hook's context, joined by a blank line.
	Context string
	// Halt stops the agent with StopReason.
	Halt       bool
	StopReason string
	// SystemMessage is every hook's system message, joined by a newline.
	SystemMessage  string
	SuppressOutput bool
	// Result is the text that replaces the agent's own (Copilot's modifiedPrompt, or its
	// modifiedResult as JSON text), nil when no hook replaced it.
	Result *string
}

// DecisionWriter writes the merged decision in the agent's convention: nil when there is
// nothing to say, plus warnings for the person about what the agent could not carry.
type DecisionWriter func(m Mapping, d Decision) (out []byte, warnings []string)

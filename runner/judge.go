package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// effect is what one hook contributes to the merged result.
type effect struct {
	block, ask, cont, allow bool
	message                 string
	userMessage             string // the dialect's message for the person, given apart
	agentMessage            string // the dialect's message for the model, given apart
	modify                  map[string]json.RawMessage
	replace                 bool // modify is the whole new input
	command                 string
	context                 string
	result                  *string
	halt                    bool
	stopReason              string
	systemMessage           string
	suppress                bool
	warning                 string // for the person running hookctl, on stderr
}

// job is one event being fired: the dialect its answers are read in and the agent event's row
// of that dialect's table, which says what a hook can do there.
type job struct {
	dialect *agent.Dialect
	mapping agent.Mapping
}

// hermesJob is the job of a plain `hookctl run EVENT`: Hermes's dialect, where a custom event
// honours nothing.
func hermesJob(event string) job {
	d := agent.Own()
	m, ok := d.Mapping(event)
	if !ok {
		m = agent.Mapping{AgentEvent: event, Event: event}
	}
	return job{dialect: d, mapping: m}
}

// blocking reports whether a hook can stop the agent here (exit status 2, fail_closed).
func (j job) blocking() bool { return j.mapping.Honours.Has(agent.Block) }

// errGuardNotInForce is the detail of a project hook recorded as a guard and never approved.
var errGuardNotInForce = errors.New("recorded as a guard not in force, so it blocks what it covers")

// skipped describes a hook that consent kept from running; detail, when not nil, says what
// changed. On a blocking event a fail_closed hook blocks instead of being silently skipped.
// What it says comes from the hook's verdict (VerdictOf), which the views render too.
func skipped(j job, h config.Hook, st consent.Status, detail error) (HookResult, effect) {
	v := VerdictOf(h, st, detail, j.blocking())
	hr := HookResult{Command: h.Command}
	status := StatusSkippedUnapproved
	if st == consent.StatusChanged {
		status = StatusSkippedChanged
	}
	msg := v.Why + "; " + v.Fix
	var e effect
	if v.Fate == FateSkipped && h.Layer == config.LayerProject && st == consent.StatusNotApproved && detail == nil {
		// A fresh clone's hook: skipped, fail_closed or not (VerdictOf).
		hr.Status, hr.Message = status, msg
		e.warning = fmt.Sprintf("skipped hook %s on %s: %s", h.Command, h.Event, hr.Message)
		return hr, e
	}
	// A guard's block says why and the fix (SPEC 25.4).
	j.tighten(h, &hr, &e, anomaly{status, msg, msg})
	e.warning = fmt.Sprintf("skipped hook %s on %s: %s", h.Command, h.Event, hr.Message)
	return hr, e
}

// anomaly is something that went wrong around a hook (SPEC 14.1): its script changed or was
// touched while it ran, it could not be checked, approved or started, its answer could not be
// read, or hookctl itself hit an error.
type anomaly struct {
	status Status
	// message is the hook's result message; reason ends the block of a fail_closed hook
	// ("hook ./guard.sh failed closed: REASON").
	message, reason string
}

// tighten is the one rule every anomaly goes through: it can only make the decision stricter.
// A block the hook gave stands, and so does a stop of the agent; anything else it answered
// (allow, ask, a rewrite, context, a replaced result, keep working, a notice) is dropped; and a
// fail_closed hook on an event that can block blocks. Nothing about the anomaly (a change of
// the script's status alone, a link count) makes it looser.
func (j job) tighten(h config.Hook, hr *HookResult, e *effect, a anomaly) {
	kept := effect{command: e.command, warning: e.warning}
	if e.block {
		kept.block, kept.message = true, e.message
		kept.userMessage, kept.agentMessage = e.userMessage, e.agentMessage
	}
	if e.halt {
		kept.halt, kept.stopReason = true, e.stopReason
	}
	if !kept.block {
		failClosed(j, h, &kept, a.reason)
	}
	hr.Status, hr.Message = a.status, a.message
	switch {
	case e.block:
		hr.Message += "; the block it gave stands, the rest of its answer is ignored"
	case hr.Directive != "":
		hr.Message += "; its answer is ignored"
	}
	hr.Directive = ""
	if kept.block {
		hr.Directive = "block"
	}
	if kept.halt {
		hr.Directive = joinDirective(hr.Directive, "stop")
	}
	*e = kept
}

// failClosed makes a hook that could not answer block, when it is fail_closed on a blocking
// event: tighten's last step, and the rule for a hook that failed (see judge).
func failClosed(j job, h config.Hook, e *effect, why string) {
	if h.FailClosed && j.blocking() {
		e.block, e.userMessage, e.agentMessage = true, "", ""
		e.message = fmt.Sprintf("hook %s failed closed: %s", h.Command, why)
	}
}

// errPastDeadline is why a hook that had not answered when the dispatch's deadline came (the
// time the agent waits for hookctl, less hookctl's margin to answer) has no answer.
var errPastDeadline = errors.New("did not answer before the agent's deadline")

// judge turns a finished process into the hook's result and its effect on the merge.
func (j job) judge(h config.Hook, o Outcome) (HookResult, effect) {
	hr := newHookResult(h, o)
	e := effect{command: h.Command}
	fail := func(st Status, why string) (HookResult, effect) {
		j.tighten(h, &hr, &e, anomaly{st, why, why})
		return hr, e
	}
	switch {
	case o.StartErr != nil:
		return fail(StatusError, "could not start: "+o.StartErr.Error())
	case o.PastDeadline:
		return fail(StatusTimeout, errPastDeadline.Error())
	case o.Interrupted:
		return fail(StatusError, "interrupted")
	case o.TimedOut:
		return fail(StatusTimeout, "timed out after "+seconds(o.Timeout))
	case o.StdoutTruncated:
		return fail(StatusInvalidOutput, fmt.Sprintf("stdout passed %d bytes; the hook was stopped", MaxStdout))
	}
	if o.Signal == 0 {
		code := o.ExitCode
		hr.ExitCode = &code
	}
	ans, perr := j.dialect.Reader(hr.Stdout, j.mapping)
	if perr == nil && ans.Warning != "" {
		e.warning = fmt.Sprintf("hook %s: %s", h.Command, ans.Warning)
	}
	// Exit status 2 is the hook's own "no" on the events that can say no, whatever stdout says;
	// where the agent reads any failed exit as a no (Copilot's preToolUse), so does hookctl.
	if o.Signal == 0 && (o.ExitCode == 2 && j.mapping.Exit2 != 0 || o.ExitCode != 0 && j.mapping.FailBlocks) {
		msg := stderrMessage(hr.Stderr)
		if j.dialect.Exit2Stdout && perr == nil && ans.Message != "" {
			msg = ans.Message
		}
		j.exit2(h, msg, &hr, &e)
		return hr, e
	}
	failed := o.Signal != 0 || o.ExitCode != 0
	failure := ""
	if failed {
		failure = failureText(o, hr.Stderr)
	}
	switch {
	case perr != nil && failed:
		return fail(StatusFailed, failure+" (and stdout is not JSON)")
	case perr != nil:
		return fail(StatusInvalidOutput, perr.Error())
	case failed && ans.Empty() && strings.TrimSpace(hr.Stdout) == "":
		return fail(StatusFailed, failure)
	}
	hr.Status = StatusOK
	if failed {
		hr.Status, hr.Message = StatusFailed, failure
		ans = j.failedAnswer(ans)
	}
	j.apply(h, ans, &hr, &e)
	if failed && !e.block {
		// A failed hook is a failure in every dialect, whatever it printed: plain text, {} or
		// an allow is not an answer from a fail_closed hook.
		failClosed(j, h, &e, failure)
	}
	return hr, e
}

// failedAnswer is what counts of the answer of a hook that did not exit 0 (nor with the
// dialect's blocking status): only what tightens. Plain text is an answer only from a hook that
// exited 0; an allow is not taken from a failed hook; and no failure means "keep working" (a
// crashed Stop hook never keeps the agent going), so neither a continue nor a block that would
// mean one on this event counts.
func (j job) failedAnswer(a Answer) Answer {
	if a.PlainText {
		return Answer{}
	}
	a.Allow, a.Continue = false, false
	if !j.mapping.Honours.Has(agent.Block) {
		a.Block = false
	}
	return a
}

// newHookResult is what a hook's outcome says before its answer is read.
func newHookResult(h config.Hook, o Outcome) HookResult {
	return HookResult{
		Command:         h.Command,
		DurationMS:      o.Duration.Milliseconds(),
		OutputTruncated: o.StdoutTruncated,
		// Made valid UTF-8 once, here: the answer, the messages and `hooks test` all read these.
		Stdout: strings.ToValidUTF8(string(o.Stdout), "\uFFFD"),
		Stderr: strings.ToValidUTF8(string(o.Stderr), "\uFFFD"),
	}
}

// exit2 is a hook's exit status 2 on an event that can say no: a block, or on an event where a
// hook can only keep the agent working, a request to continue; msg is the hook's reason.
func (j job) exit2(h config.Hook, msg string, hr *HookResult, e *effect) {
	if j.mapping.Exit2 == agent.Continue {
		e.cont, e.message = true, orDefault(msg, "Continue requested by hook: "+h.Command)
		hr.Status, hr.Directive = StatusOK, "continue"
	} else {
		e.block, e.message = true, orDefault(msg, "Blocked by hook: "+h.Command)
		hr.Status, hr.Directive = StatusBlocked, "block"
	}
	hr.Message = e.message
}

// failureText says how a hook that did not exit 0 ended, with the first line of its stderr.
func failureText(o Outcome, stderr string) string {
	text := exitText(o)
	if s := stderrMessage(stderr); s != "" {
		text += ": " + firstLine(s)
	}
	return text
}

// apply honours the directives the agent event allows (its row of the dialect's table) and
// reports the others as ignored.
func (j job) apply(h config.Hook, a Answer, hr *HookResult, e *effect) {
	var ignored ignoredList
	j.applyVerdict(h, a, hr, e, &ignored)
	j.applyAdditions(h, a, hr, e, &ignored)
	if len(ignored) > 0 {
		note := fmt.Sprintf("%s ignored: not honoured on %s", strings.Join(ignored, ", "), j.mapping.AgentEvent)
		if hr.Message == "" {
			hr.Message = note
		}
		e.warning = strings.TrimPrefix(e.warning+"; ", "; ") + fmt.Sprintf("hook %s: %s", h.Command, note)
	}
}

// ignoredList names, in order, the directives of an answer that its event does not honour.
type ignoredList []string

func (l *ignoredList) add(cond bool, name string) {
	if cond {
		*l = append(*l, name)
	}
}

// applyVerdict applies what the answer says of the call: block, keep working, ask, allow, and
// a rewrite of its input.
func (j job) applyVerdict(h config.Hook, a Answer, hr *HookResult, e *effect, ignored *ignoredList) {
	honours := j.mapping.Honours
	// Where a hook can keep the agent working but not block (pre_verify, Claude Code's Stop),
	// a block means keep working, as those agents read it.
	keepWorking := a.Continue || (a.Block && !honours.Has(agent.Block))
	e.userMessage, e.agentMessage = a.UserMessage, a.AgentMessage
	switch {
	case a.Block && honours.Has(agent.Block):
		e.block, e.message = true, orDefault(a.Message, "Blocked by hook: "+h.Command)
		hr.Status, hr.Message, hr.Directive = StatusBlocked, e.message, "block"
	case keepWorking && honours.Has(agent.Continue):
		e.cont, e.message = true, orDefault(a.Message, "Continue requested by hook: "+h.Command)
		hr.Message, hr.Directive = e.message, "continue"
	case a.Ask && honours.Has(agent.Ask):
		e.ask, e.message = true, orDefault(a.Message, "Confirmation requested by hook: "+h.Command)
		hr.Directive = "ask"
	case a.Allow && honours.Has(agent.Block):
		e.allow, hr.Directive = true, "allow"
	default:
		ignored.add(a.Block, "block")
	}
	if a.Modify != nil && !a.Block && honours.Has(agent.Modify) {
		e.modify, e.replace = a.Modify, a.Replace
		hr.Status, hr.Directive = StatusModified, joinDirective(hr.Directive, "modify")
		if hr.Message == "" {
			keys := slices.Sorted(maps.Keys(a.Modify))
			hr.Message = "rewrote tool_input: " + strings.Join(keys, ", ")
		}
	} else {
		ignored.add(a.Modify != nil && !a.Block, "modify")
	}
	ignored.add(a.Ask && !honours.Has(agent.Ask), "ask")
	ignored.add(a.Continue && !honours.Has(agent.Continue), "continue")
}

// applyAdditions applies what the answer adds besides: context, a replaced result, a stop of
// the agent, and a notice for the person.
func (j job) applyAdditions(h config.Hook, a Answer, hr *HookResult, e *effect, ignored *ignoredList) {
	honours := j.mapping.Honours
	if a.Context != "" && honours.Has(agent.Context) {
		e.context, hr.Directive = a.Context, joinDirective(hr.Directive, "context")
	} else {
		ignored.add(a.Context != "", "context")
	}
	if a.Result != nil && honours.Has(agent.Result) {
		e.result, hr.Directive = a.Result, joinDirective(hr.Directive, "result")
	} else {
		ignored.add(a.Result != nil, "result")
	}
	if a.Halt && honours.Has(agent.Halt) {
		e.halt, e.stopReason = true, orDefault(a.StopReason, "Stopped by hook: "+h.Command)
		hr.Message, hr.Directive = e.stopReason, joinDirective(hr.Directive, "stop")
	} else {
		ignored.add(a.Halt, "stop")
	}
	if honours.Has(agent.Notice) {
		e.systemMessage, e.suppress = a.SystemMessage, a.SuppressOutput
	} else {
		ignored.add(a.SystemMessage != "", "systemMessage")
	}
}

// stderrMessage is the first 400 characters of the kept stderr, trimmed.
func stderrMessage(stderr string) string {
	s := strings.TrimSpace(stderr)
	n := 0
	for i := range s {
		if n == 400 {
			return s[:i]
		}
		n++
	}
	return s
}

func exitText(o Outcome) string {
	if o.Signal != 0 {
		return "killed by signal " + o.Signal.String()
	}
	return fmt.Sprintf("exited with status %d", o.ExitCode)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

func joinDirective(a, b string) string {
	if a == "" {
		return b
	}
	return a + "+" + b
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%gs", d.Seconds())
}

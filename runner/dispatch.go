package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// Consent decides whether a hook may run; consent.Gate is the implementation hookctl uses.
// Decide is asked for each hook just before it would start, with the hook's pinned script as
// the runner read it from the open file it then runs (the zero consent.Script when the hook
// has no pinned script), so that what consent judges, and a prompt shows, is what runs.
type Consent interface {
	Decide(ctx context.Context, h config.Hook, script consent.Script) consent.Status
}

// TrustAll approves every hook. It is for programs that gathered consent themselves.
type TrustAll struct{}

// Decide approves.
func (TrustAll) Decide(context.Context, config.Hook, consent.Script) consent.Status {
	return consent.StatusApproved
}

// Dispatcher fires events at the hooks of a config.
type Dispatcher struct {
	Config *config.Config
	// Consent gates every hook; nil runs nothing in Dispatch (every hook is skipped as
	// unapproved), while RunHook, for a caller that checked consent itself, then runs the hook.
	Consent Consent
	// Env is the base environment of hooks; nil means hookctl's own.
	Env []string
	// Home is passed to hooks as HOOKCTL_HOME; "" keeps the inherited value.
	Home string
	// Dir is the hooks' working directory; "" means hookctl's.
	Dir string
	// Remote calls url hooks; nil makes every url hook fail (fail-open unless fail_closed).
	Remote Remote
	// SessionPrefix, when set, names a dispatch whose payload has no session_id: the prefix and
	// 16 random hex digits. "" leaves such a session_id empty.
	SessionPrefix string
	// Guards are what the dispatch is held to (GuardsFor): a call a recorded guard covers is
	// blocked while the config does not hold it as approved.
	Guards Guards
	// RequireProject is strict mode (SPEC 27.2, 28.27): a project guard never approved there
	// blocks, as a changed one does, instead of being skipped as a fresh clone's.
	RequireProject bool
}

// ErrUnknownEvent is returned by Dispatch for an event neither built in nor custom.
var ErrUnknownEvent = errors.New("unknown event")

// CheckEvent refuses an event the config does not know, built in or custom: an error wrapping
// ErrUnknownEvent, with a did-you-mean or the list of valid events.
func CheckEvent(cfg *config.Config, event string) error {
	if cfg.KnownEvent(event) {
		return nil
	}
	return fmt.Errorf("%w %q%s", ErrUnknownEvent, event, config.UnknownEventHint(event, cfg.AllEvents()))
}

// Call is one call fired at hooks (SPEC 25.1): an event with hookctl's own payload, or an
// agent's payload bytes read in its dialect.
type Call struct {
	// Event is the hookctl event to fire.
	Event string
	// Dialect is the agent whose payload Raw is; nil for hookctl's own protocol (Payload).
	Dialect *agent.Dialect
	// Payload is the payload in hookctl's own protocol (Dialect nil); nil is {}.
	Payload *Payload
	// Agent is what hookctl read from Raw (agent.Dialect.ReadPayload); Raw goes to every hook
	// verbatim.
	Agent agent.Call
	Raw   []byte
}

// ToolName is the call's tool, nil for none.
func (c Call) ToolName() *string {
	if c.Dialect == nil {
		if c.Payload == nil {
			return nil
		}
		return c.Payload.ToolName
	}
	return c.Agent.ToolName
}

// Fire runs the call's hooks and merges their answers in config order: the one way a
// dispatcher fires (dispatch for hookctl's own payload, dispatchAgent for an agent's).
func (d *Dispatcher) Fire(ctx context.Context, c Call) (*Result, error) {
	if c.Dialect == nil {
		return d.dispatch(ctx, c.Event, c.Payload)
	}
	return d.dispatchAgent(ctx, c.Dialect, c.Agent, c.Event, c.Raw)
}

// recordedDrift says how the content of h, a recorded guard, now differs from its record, ""
// when h is no recorded guard or runs as recorded.
func (d *Dispatcher) recordedDrift(h config.Hook, seen consent.Script) string {
	for _, g := range d.Guards.Recorded {
		if g.Event == h.Event && g.Command == h.Command {
			return g.Drifted(seen)
		}
	}
	return ""
}

// dispatch runs the event's hooks on the payload and merges their answers in config order.
// The hooks read the payload as normalise fills it; the caller's payload is not changed, and a
// nil one is {}. An unknown event is an error wrapping ErrUnknownEvent; a payload that does not
// marshal or whose tool name holds a NUL, one wrapping ErrPayload.
func (d *Dispatcher) dispatch(ctx context.Context, event string, p *Payload) (*Result, error) {
	if err := CheckEvent(d.Config, event); err != nil {
		return nil, err
	}
	res := &Result{Event: event, Decision: DecisionAllow}
	p, warning, err := d.normalise(event, p)
	if err != nil {
		return nil, err
	}
	if warning != "" {
		res.Warnings = append(res.Warnings, warning)
	}
	res.SessionID = p.SessionID
	// A payload built in Go may hold raw JSON that does not marshal: refuse it rather than
	// give hooks an empty stdin. An event with no hooks, the most common call, needs none.
	var stdin []byte
	if d.Config.HasHooks(event) {
		if stdin, err = p.MarshalJSON(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrPayload, err)
		}
	}
	f := &firing{job: hermesJob(event), event: event, payload: p, stdin: stdin, tool: p.ToolName, toolInput: p.ToolInput, cwd: p.Cwd}
	d.fire(ctx, f, res)
	return res, nil
}

// normalise is the one place hookctl fills and checks the payload its own hooks read: a copy
// of p with hook_event_name set to event (a warning when the payload named another),
// session_id (under a SessionPrefix) and cwd filled when missing (cwd is the hooks' Dir, else
// hookctl's), and a null tool_name and tool_input for events that are not a tool's. Another
// agent's payload goes to the hooks verbatim and never comes here.
func (d *Dispatcher) normalise(event string, p *Payload) (*Payload, string, error) {
	if p == nil {
		p = &Payload{}
	}
	p = p.Clone()
	warning := ""
	if p.HookEventName != "" && p.HookEventName != event {
		warning = fmt.Sprintf("payload says hook_event_name %q; using %q", p.HookEventName, event)
	}
	p.HookEventName = event
	if p.SessionID == "" && d.SessionPrefix != "" {
		p.SessionID = newSessionID(d.SessionPrefix)
	}
	if p.Cwd == "" {
		p.Cwd = d.cwd()
	}
	if !config.IsToolEvent(event) {
		// Hooks of other events read a null tool_name and tool_input, whatever the caller sent.
		p.ToolName, p.ToolInput = nil, nil
	}
	if err := checkToolName(p.ToolName); err != nil {
		return nil, "", err
	}
	return p, warning, nil
}

// cwd is the folder the hooks run in: Dir, else hookctl's own.
func (d *Dispatcher) cwd() string {
	if d.Dir != "" {
		if abs, err := filepath.Abs(d.Dir); err == nil {
			return abs
		}
		return d.Dir
	}
	wd, _ := os.Getwd()
	return wd
}

// checkToolName refuses a tool name holding a NUL: it also goes into the hooks' environment,
// which cannot hold one, so every hook would fail to start and the call go ahead unguarded.
func checkToolName(tool *string) error {
	if tool != nil && strings.IndexByte(*tool, 0) >= 0 {
		return fmt.Errorf("%w: tool_name contains a NUL character", ErrPayload)
	}
	return nil
}

// newSessionID names a dispatch whose payload has none. It identifies, it does not protect, so
// math/rand's runtime-seeded generator does: crypto/rand's set-up costs a cold start more.
func newSessionID(prefix string) string {
	return fmt.Sprintf("%s%016x", prefix, rand.Uint64())
}

// firing is one event on its way to the hooks.
type firing struct {
	job
	event string
	// payload is the payload read whole, for a dialect whose hooks read it as the hooks
	// before rewrote it (ChainsPayload: hookctl's own); an agent's goes to them as stdin.
	payload *Payload
	stdin   []byte
	// tool and toolInput are the call's, for matchers, the environment and the merge.
	tool      *string
	toolInput json.RawMessage
	// cwd is the call's working folder, against which the self-guard reads relative paths.
	cwd string
	// call is what hookctl read of another agent's payload, from which a hook of another
	// dialect is fed (feed); Hermes's is read from its payload.
	call agent.Call
}

// fire runs the hooks configured for the event under the firing's dialect, gated by consent,
// and merges their answers into res in config order.
func (d *Dispatcher) fire(ctx context.Context, f *firing, res *Result) {
	// The self-guard judges first, in process; the recorded guards next. A guard not in force
	// ends the call here; a denial of the self-guard stands whatever the hooks say, and they
	// still run, so that a configured guard's own reason for the same call leads.
	selfHrs, selfEffects := d.selfGuardBlocks(ctx, f)
	if hrs, effects := d.guardBlocks(f); len(hrs) > 0 {
		hrs, effects = append(selfHrs, hrs...), append(selfEffects, effects...)
		res.Hooks = hrs
		for _, e := range effects {
			res.Warnings = append(res.Warnings, e.warning)
		}
		mergeInto(res, f.toolInput, effects, "")
		return
	}
	hooks := d.hooksFor(f.event, f.dialect.Name)
	res.Hooks = make([]HookResult, len(hooks))
	effects := make([]effect, len(hooks))
	matched := matchHooks(hooks, f.dialect, f.tool, res.Hooks)
	// The text a hook may replace; in a payload the hooks before rewrite (hookctl's own), each
	// hook reads it as they left it.
	field, chained := f.dialect.ResultField(f.mapping), ""
	if f.dialect.ChainsPayload() {
		chained = field
	}
	if chained != "" || !d.Config.Parallel {
		d.runInTurn(ctx, f, hooks, matched, chained, res.Hooks, effects)
	} else {
		d.runTogether(ctx, f, hooks, matched, f.stdin, res.Hooks, effects)
	}
	for i, h := range hooks {
		if h.Remote() {
			res.Hooks[i].URL = h.URL
		}
		res.Hooks[i].Layer = layerOf(h)
	}
	for _, e := range effects {
		if e.warning != "" {
			res.Warnings = append(res.Warnings, e.warning)
		}
	}
	if len(selfHrs) > 0 {
		res.Hooks = append(res.Hooks, selfHrs...) // after the configured ones: hooks[i] stays the i-th hook of the config
		effects = append(effects, selfEffects...)
		res.Warnings = append(res.Warnings, selfEffects[0].warning)
	}
	mergeInto(res, f.toolInput, effects, field)
}

// matchHooks returns the indexes of the hooks whose matcher matches the tool, by the agent's
// name or hookctl's, and gives each hook its result: no_match for the others.
func matchHooks(hooks []config.Hook, dialect *agent.Dialect, tool *string, hrs []HookResult) []int {
	var matched []int
	for i, h := range hooks {
		hrs[i] = HookResult{Command: h.Command}
		if !h.MatchesIn(dialect, tool) {
			name := "no tool"
			if tool != nil {
				name = "tool " + strconv.Quote(*tool)
				if own, known := dialect.HookctlTool(*tool); known && own != *tool {
					name += " (" + own + ")"
				}
			}
			hrs[i].Status = StatusNoMatch
			matcher := strconv.Quote(h.Matcher)
			if h.Matchers != nil {
				matcher = h.Matcher // a list, shown as written
			}
			hrs[i].Message = fmt.Sprintf("matcher %s does not match %s", matcher, name)
			continue
		}
		matched = append(matched, i)
	}
	return matched
}

// runInTurn runs the matched hooks one by one, each admitted just before its start, after the
// hooks before it: a transform event's hooks each read the text as the hooks before replaced
// it, and with parallel: false a block stops the hooks after it and, in Hermes's payload (the
// rewrite chain; other agents' payloads go to hooks verbatim), each hook reads tool_input as
// the hooks before rewrote it.
func (d *Dispatcher) runInTurn(ctx context.Context, f *firing, hooks []config.Hook, matched []int, field string, hrs []HookResult, effects []effect) {
	p, stdin := f.payload, f.stdin
	chain := f.dialect.ChainsPayload() && !d.Config.Parallel && f.mapping.Honours.Has(agent.Modify)
	for _, i := range matched {
		if !d.Config.Parallel && blockedBefore(effects, i) {
			hrs[i].Status = StatusNotRun
			hrs[i].Message = "not run: an earlier hook blocked the call (parallel: false)"
			continue
		}
		in, data := p, stdin
		switch {
		case field != "":
			in = withText(p, field, effects[:i])
		case chain:
			in = withRewrites(p, effects[:i])
		}
		if in != p { // a hook before replaced the text or rewrote the input
			// The text is a string and rewrites came from parsed JSON: this cannot fail.
			data, _ = in.MarshalJSON()
		}
		hrs[i], effects[i] = d.runOne(ctx, f, hooks[i], data)
	}
}

// hooksFor returns the event's hooks that run under the agent (an entry's agents list), in
// config order.
func (d *Dispatcher) hooksFor(event, agentName string) []config.Hook {
	var out []config.Hook
	for _, h := range d.Config.Hooks {
		if h.Event == event && h.RunsUnder(agentName) {
			out = append(out, h)
		}
	}
	return out
}

// blockedBefore reports whether a hook before i blocked, which stops later hooks from
// starting when hooks run one by one.
func blockedBefore(effects []effect, i int) bool {
	for _, e := range effects[:i] {
		if e.block {
			return true
		}
	}
	return false
}

// withRewrites returns the payload with tool_input as the hooks before rewrote it, folded as
// the merge folds them; p itself when none did.
func withRewrites(p *Payload, before []effect) *Payload {
	rw := rewriter{input: p.ToolInput}
	for i := range before {
		rw.add(&before[i])
	}
	in := rw.result()
	if in == nil {
		return p
	}
	c := p.Clone()
	c.ToolInput = in
	return c
}

// withText returns the payload with the transform field set to the latest replacement.
func withText(p *Payload, field string, before []effect) *Payload {
	var text *string
	for _, e := range before {
		if e.result != nil {
			text = e.result
		}
	}
	if text == nil {
		return p
	}
	c := p.Clone()
	c.Extra[field] = jsonx.AppendString(nil, *text)
	return c
}

// runTogether admits the hooks in config order, so prompts come one at a time and in order,
// then starts the admitted ones together.
func (d *Dispatcher) runTogether(ctx context.Context, f *firing, hooks []config.Hook, matched []int, stdin []byte, hrs []HookResult, effects []effect) {
	admitted := make([]*admission, 0, len(matched))
	var at []int
	for _, i := range matched {
		a, hr, e := d.admit(ctx, f, hooks[i])
		if a == nil {
			hrs[i], effects[i] = hr, e
			continue
		}
		admitted, at = append(admitted, a), append(at, i)
	}
	if len(admitted) == 1 { // one hook: no goroutine to start and wait for
		hrs[at[0]], effects[at[0]] = d.start(ctx, f, admitted[0], stdin)
		return
	}
	var wg sync.WaitGroup
	for k, a := range admitted {
		wg.Add(1)
		go func(i int, a *admission) {
			defer wg.Done()
			hrs[i], effects[i] = d.start(ctx, f, a, stdin)
		}(at[k], a)
	}
	wg.Wait()
}

// admission is a hook that consent let run, with its pinned script held open until it ran,
// and the other files its command names as consent saw them.
type admission struct {
	h      config.Hook
	script *heldScript
	// files are not held open: a command may name many, and an interpreter is large. Each is
	// pinned again just before the start and after the exit instead (SPEC 18.1), which leaves
	// the window of 14.3 (a swap and a swap back within the run) for them too.
	files []consent.FileState
	// world is the hook's PATH and programs (a guard's, a system hook's), nil for other hooks.
	world *world
}

// admit opens and reads the hook's pinned script and asks consent about that content. A hook
// consent refuses gets its result and effect, and a nil admission.
func (d *Dispatcher) admit(ctx context.Context, f *firing, h config.Hook) (*admission, HookResult, effect) {
	held, seen := holdScript(h)
	w := worldOf(h)
	if !h.Remote() {
		seen.Files = consent.ReadFiles(w.pinned(h))
	}
	st := consent.StatusNotApproved
	if d.Consent != nil {
		st = d.Consent.Decide(ctx, h, seen)
	}
	if why := d.recordedDrift(h, seen); st == consent.StatusApproved && why != "" {
		// Whatever approved it (a bypass too), a recorded guard runs only as recorded (23.1).
		held.close()
		hr, e := skipped(f.job, h, consent.StatusChanged, errors.New(why))
		return nil, hr, e
	}
	if st != consent.StatusApproved {
		held.close()
		detail := UnapprovedGuard(h, st, d.Guards.Recorded)
		if detail == nil && d.RequireProject {
			detail = RequiredProjectGuard(h, st)
		}
		hr, e := skipped(f.job, h, st, detail)
		return nil, hr, e
	}
	if w != nil && w.err != nil {
		// Approved, but what it runs is not found where a guard may look (SPEC 28.3).
		held.close()
		hr, e := skipped(f.job, h, consent.StatusChanged, w.err)
		return nil, hr, e
	}
	return &admission{h: h, script: held, files: seen.Files, world: w}, HookResult{}, effect{}
}

// runOne admits one hook and runs it.
func (d *Dispatcher) runOne(ctx context.Context, f *firing, h config.Hook, stdin []byte) (HookResult, effect) {
	a, hr, e := d.admit(ctx, f, h)
	if a == nil {
		return hr, e
	}
	return d.start(ctx, f, a, stdin)
}

// start runs an admitted hook. Its held script is checked once more just before the start (a
// prompt may have been open for a while): its path must still name it, unchanged. The script
// then runs by that path (or, with `pin: exec`, as the held file), and the held file is read
// again after the exit: a hook whose script changed while it ran is an anomaly, which can only
// tighten what it answered.
func (d *Dispatcher) start(ctx context.Context, f *firing, a *admission, stdin []byte) (HookResult, effect) {
	defer a.script.close()
	h := a.h
	in, err := f.feed(h, stdin)
	if err != nil {
		hr, e := HookResult{Command: h.Command}, effect{command: h.Command}
		msg := fmt.Sprintf("cannot be given the payload of its dialect %s: %v", h.Dialect, err)
		f.tighten(h, &hr, &e, anomaly{StatusError, msg, msg})
		e.warning = fmt.Sprintf("hook %s on %s: %s", h.Command, h.Event, hr.Message)
		return hr, e
	}
	if h.Remote() {
		hr, e := d.runRemote(ctx, in.job, h, in.stdin)
		f.rewriteBack(h, in, &hr, &e)
		return hr, e
	}
	c := Command{Argv: h.Argv, Env: d.env(h, a.world, f, in.toolName(f)), Dir: d.Dir, Stdin: in.stdin, Timeout: h.Timeout}
	if a.world != nil {
		c.Program = a.world.program
	}
	if a.script != nil {
		if err := a.script.stillPinned(); err != nil {
			return skipped(f.job, h, consent.StatusChanged, err)
		}
		if h.PinExec {
			c.Script, c.ScriptWord = a.script.f, h.ScriptWord
		}
	}
	if err := consent.SameFiles(a.files); err != nil {
		return skipped(f.job, h, consent.StatusChanged, err)
	}
	o := Exec(ctx, c)
	hr, e := in.judge(h, o)
	if a.world != nil && a.world.clean && o.Started && o.Signal == 0 && o.ExitCode == 127 {
		hint := a.world.notFoundHint()
		hr.Message = joinNonEmpty("; ", hr.Message, hint)
		if e.block {
			e.message = joinNonEmpty("; ", e.message, hint)
		}
	}
	f.rewriteBack(h, in, &hr, &e)
	if a.script != nil && o.Started {
		hr.ScriptSHA256 = a.script.pin.SHA256
		if err := a.script.unchangedSinceStart(); err != nil {
			f.tighten(h, &hr, &e, anomaly{StatusChangedDuringRun, err.Error(), "its script changed while it ran"})
			e.warning = fmt.Sprintf("hook %s on %s: %s", h.Command, h.Event, hr.Message)
		}
	}
	if o.Started {
		if err := consent.SameFiles(a.files); err != nil {
			f.tighten(h, &hr, &e, anomaly{StatusChangedDuringRun, err.Error() + " while the hook ran", "a file it names changed while it ran"})
			e.warning = fmt.Sprintf("hook %s on %s: %s", h.Command, h.Event, hr.Message)
		}
	}
	return hr, e
}

// env is the hook's environment; tool is the tool's name as the hook's dialect names it (nil
// for no tool).
func (d *Dispatcher) env(h config.Hook, w *world, f *firing, tool *string) []string {
	base := d.Env
	if base == nil {
		base = os.Environ()
	}
	words := h.Env
	if w != nil && w.clean {
		base, words = w.guardEnv(base, words)
	}
	own := func(kv string) bool { // the variables hookctl sets itself
		return strings.HasPrefix(kv, "HOOKCTL_HOOK=") || strings.HasPrefix(kv, "HOOKCTL_EVENT=") || strings.HasPrefix(kv, "HOOKCTL_TOOL_NAME=") ||
			strings.HasPrefix(kv, "HOOKCTL_AGENT=") || d.Home != "" && strings.HasPrefix(kv, "HOOKCTL_HOME=")
	}
	env := make([]string, 0, len(base)+len(words)+4)
	for _, kv := range base {
		if !own(kv) && !setsName(words, kv) {
			env = append(env, kv)
		}
	}
	// The command's NAME=value words replace the base's, as env(1) does, but not hookctl's own.
	for _, kv := range words {
		if !own(kv) {
			env = append(env, kv)
		}
	}
	// HOOKCTL_HOOK marks every process a hook starts as run by hookctl: hookctl's consent
	// commands refuse to run under it (SPEC 18.1, internal/agentenv).
	env = append(env, "HOOKCTL_HOOK=1", "HOOKCTL_EVENT="+h.Event)
	if name := f.dialect.CallerName(); name != "" {
		env = append(env, "HOOKCTL_AGENT="+name)
	}
	if tool != nil {
		env = append(env, "HOOKCTL_TOOL_NAME="+*tool)
	}
	if d.Home != "" {
		env = append(env, "HOOKCTL_HOME="+d.Home)
	}
	return env
}

// setsName reports whether one of the NAME=value assignments sets the name of kv.
func setsName(assignments []string, kv string) bool {
	name, _, _ := strings.Cut(kv, "=")
	for _, a := range assignments {
		if len(a) > len(name) && a[len(name)] == '=' && a[:len(name)] == name {
			return true
		}
	}
	return false
}

// RunHook runs one hook on raw, an agent's payload in its dialect (hookctl's own when the
// dialect ChainsPayload), with no merge: given to the hook verbatim, and its answer read in the
// dialect on the agent event raw names. Consent gates it as in Fire; with a nil Consent it runs
// without a consent check, so the caller must have made sure the hook is approved. Its pinned
// script is still run from the file whose content was read.
func (d *Dispatcher) RunHook(ctx context.Context, dialect *agent.Dialect, h config.Hook, raw []byte) HookResult {
	gated := *d
	if gated.Consent == nil {
		gated.Consent = TrustAll{}
	}
	if dialect.ChainsPayload() {
		p, err := ParsePayload(raw)
		if err == nil {
			raw, err = p.MarshalJSON()
		}
		if err != nil {
			return HookResult{Command: h.Command, Status: StatusError, Message: fmt.Sprintf("invalid payload: %v", err)}
		}
		f := &firing{job: hermesJob(h.Event), event: h.Event, payload: p, stdin: raw, tool: p.ToolName, toolInput: p.ToolInput}
		hr, _ := gated.runOne(ctx, f, h, raw)
		return hr
	}
	named := ""
	if dialect.EventFromArgs { // the payload does not say: the agent event that fires h.Event
		named, _ = dialect.InstallEvent(h.Event)
	}
	call, err := dialect.ReadPayloadAs(raw, named)
	if err != nil {
		return HookResult{Command: h.Command, Status: StatusError, Message: fmt.Sprintf("invalid payload: %v", err)}
	}
	f := &firing{job: job{dialect: dialect, mapping: dialect.MappingFor(call, h.Event)}, event: h.Event, stdin: raw,
		tool: call.ToolName, toolInput: call.ToolInput, call: call}
	hr, _ := gated.runOne(ctx, f, h, raw)
	return hr
}

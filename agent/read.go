package agent

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// ErrNotJSON is returned for stdout that is neither empty nor a JSON object.
const ErrNotJSON Error = "stdout is not a JSON object"

// shape is what a dialect reads in a hook's answer, beyond the forms every dialect accepts
// (Hermes's and Claude Code's of the contract's section 5.3, stratus's deny and modify, and
// Hermes's approve).
type shape struct {
	// plainText says what stdout that is not a JSON object is.
	plainText plainText
	// strict makes an answer the agent would reject (a field of the wrong type) invalid.
	strict bool
	// control reads continue/stopReason, systemMessage and suppressOutput.
	control bool
	// replace reads hookSpecificOutput.updatedInput as the whole new input (Claude Code).
	replace bool
	// verdicts and followup are the dialect's own keys (Cursor's permission and
	// followup_message).
	verdicts []string
	followup string
	// userMessage and agentMessage are the keys of the dialect's two messages, read apart
	// (Cursor's user_message, shown to the person, and agent_message, told to the model).
	userMessage, agentMessage []string
	// messages are more keys of a verdict's message, read after message and reason (Cline's
	// errorMessage).
	messages []string
	// cancel is a boolean key whose true blocks (Cline's cancel).
	cancel string
	// contexts are more keys of context at the top level (Copilot's additionalContext, Cline's
	// contextModification), read after context.
	contexts []string
	// rewrite is a top-level key whose object replaces the whole tool input (Copilot's
	// modifiedArgs, Cline's overrideInput).
	rewrite string
	// results are top-level keys whose value replaces the event's text or object (Copilot's
	// modifiedPrompt and modifiedResult); a value that is not a string is kept as JSON text.
	results []string
}

type plainText int

const (
	// plainInvalid: not JSON is invalid output, unless the last line is a JSON object.
	plainInvalid plainText = iota
	// plainStrict: not JSON is invalid output (Gemini: "silence is mandatory").
	plainStrict
	// plainContext: not JSON is context where the event takes plain text, else ignored
	// (Claude Code, Codex).
	plainContext
)

// read is the reader of one dialect: stdout, already valid UTF-8, on one agent event.
func (sh shape) read(stdout string, m Mapping) (Answer, error) {
	s := strings.TrimSpace(strings.TrimPrefix(stdout, "\uFEFF"))
	if s == "" {
		return Answer{}, nil
	}
	if sh.plainText == plainContext && !(strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}")) {
		if m.PlainContext {
			return Answer{Context: s, PlainText: true}, nil
		}
		return Answer{PlainText: true}, nil
	}
	members, err := object(s)
	warning := ""
	if err != nil {
		last := s
		if i := strings.LastIndexByte(s, '\n'); i >= 0 {
			last = strings.TrimSpace(s[i+1:])
		}
		if sh.plainText != plainInvalid || last == s {
			return Answer{}, fmt.Errorf("%w: %s", ErrNotJSON, excerpt(s, 80))
		}
		if members, err = object(last); err != nil {
			return Answer{}, fmt.Errorf("%w: %s", ErrNotJSON, excerpt(s, 80))
		}
		warning = "stdout had text before its JSON answer; used the last line"
	}
	a, err := sh.interpret(members, m)
	if err != nil {
		return Answer{}, err
	}
	a.Warning = warning
	return a, nil
}

func object(s string) ([]jsonx.Member, error) {
	if !strings.HasPrefix(s, "{") {
		return nil, ErrNotJSON
	}
	return jsonx.Object([]byte(s))
}

// fields gathers an object's members by key, every occurrence of a repeated key kept in order.
type fields map[string][][]byte

func gather(members []jsonx.Member) fields {
	f := make(fields, len(members))
	for _, mb := range members {
		f[mb.Key] = append(f[mb.Key], mb.Value)
	}
	return f
}

// strs returns the string values of key, lower-cased when lower; a value of another type is
// an error when strict, else skipped.
// Every string value is returned even beside the error, so that a deny in one copy of a
// repeated key is still seen when another copy has the wrong type.
func (f fields) strs(key string, strict, lower bool) ([]string, error) {
	var out []string
	var err error
	for _, raw := range f[key] {
		switch {
		case isNull(raw):
		case raw[0] == '"':
			s, _ := jsonx.Unquote(raw)
			if lower {
				s = strings.ToLower(s)
			}
			out = append(out, s)
		case strict && err == nil:
			err = fmt.Errorf("%s must be a string, got %s", key, excerpt(string(raw), 40))
		}
	}
	return out, err
}

// first returns the first non-empty string of the keys, in order.
func (f fields) first(strict bool, keys ...string) (string, error) {
	for _, k := range keys {
		ss, err := f.strs(k, strict, false)
		if err != nil {
			return "", err
		}
		for _, s := range ss {
			if strings.TrimSpace(s) != "" {
				return s, nil
			}
		}
	}
	return "", nil
}

// obj returns the first object value of key; another type is an error when strict.
func (f fields) obj(key string, strict bool) ([]jsonx.Member, bool, error) {
	for _, raw := range f[key] {
		if isNull(raw) {
			continue
		}
		if raw[0] != '{' {
			if strict {
				return nil, false, fmt.Errorf("%s must be an object, got %s", key, excerpt(string(raw), 40))
			}
			continue
		}
		members, err := jsonx.Object(raw)
		return members, err == nil, nil
	}
	return nil, false, nil
}

// objs returns the members of every object value of key (a repeated hookSpecificOutput is read
// whole, so a deny in any copy counts, even beside a copy of the wrong type, which is the error).
func (f fields) objs(key string, strict bool) (fields, error) {
	out := fields{}
	var err error
	for _, raw := range f[key] {
		if isNull(raw) {
			continue
		}
		if raw[0] != '{' {
			if strict && err == nil {
				err = fmt.Errorf("%s must be an object, got %s", key, excerpt(string(raw), 40))
			}
			continue
		}
		members, err := jsonx.Object(raw)
		if err != nil {
			continue
		}
		for _, mb := range members {
			out[mb.Key] = append(out[mb.Key], mb.Value)
		}
	}
	return out, err
}

// bools returns the boolean values of key; another type is an error when strict.
func (f fields) bools(key string, strict bool) ([]bool, error) {
	var out []bool
	for _, raw := range f[key] {
		switch string(raw) {
		case "true":
			out = append(out, true)
		case "false":
			out = append(out, false)
		case "null":
		default:
			if strict {
				return nil, fmt.Errorf("%s must be a boolean, got %s", key, excerpt(string(raw), 40))
			}
		}
	}
	return out, nil
}

func (sh shape) interpret(members []jsonx.Member, m Mapping) (Answer, error) {
	r := reader{f: gather(members), strict: sh.strict}
	hso := r.sub("hookSpecificOutput")
	var a Answer
	// Every verdict key counts, every occurrence of it: a block or deny anywhere wins.
	r.verdicts(&a, "action", r.f, true)
	r.verdicts(&a, "decision", r.f, false)
	r.verdicts(&a, "permissionDecision", hso, false)
	r.verdicts(&a, "permissionDecision", r.f, false)
	for _, k := range sh.verdicts {
		r.verdicts(&a, k, r.f, false)
	}
	if len(sh.userMessage) > 0 || len(sh.agentMessage) > 0 {
		a.UserMessage = r.first(r.f, sh.userMessage...)
		a.AgentMessage = r.first(r.f, sh.agentMessage...)
	}
	a.Message = r.first(r.f, append([]string{"message", "reason"}, sh.messages...)...)
	if a.Message == "" {
		a.Message = orFirst(a.AgentMessage, a.UserMessage)
	}
	if a.Message == "" {
		a.Message = r.first(hso, "permissionDecisionReason")
	}
	if a.Message == "" {
		a.Message = r.first(r.f, "permissionDecisionReason")
	}
	if sh.cancel != "" {
		for _, v := range r.bools(sh.cancel) {
			a.Block = a.Block || v
		}
	}
	r.modify(&a, hso, sh.replace)
	if a.Modify == nil && sh.rewrite != "" {
		members, ok, err := r.f.obj(sh.rewrite, r.strict)
		r.keep(err)
		if ok {
			a.Modify, a.Replace = members2map(members), true
		}
	}
	a.Context = r.first(r.f, append([]string{"context"}, sh.contexts...)...)
	if a.Context == "" {
		a.Context = r.first(hso, "additionalContext")
	}
	if ss := r.strs(r.f, "result"); len(ss) > 0 {
		a.Result = &ss[0]
	}
	for _, k := range sh.results {
		if a.Result != nil {
			break
		}
		if raw := last(r.f[k]); !isNull(raw) {
			text := string(raw)
			if raw[0] == '"' {
				text, _ = jsonx.Unquote(raw)
			}
			a.Result = &text
		}
	}
	if sh.followup != "" {
		if msg := r.first(r.f, sh.followup); msg != "" {
			a.Continue, a.Message = true, orFirst(a.Message, msg)
		}
	}
	if sh.control {
		for _, v := range r.bools("continue") {
			a.Halt = a.Halt || !v
		}
		if a.Halt {
			a.StopReason = r.first(r.f, "stopReason")
			if a.StopReason == "" {
				a.StopReason = a.Message
			}
		}
		a.SystemMessage = r.first(r.f, "systemMessage")
		for _, v := range r.bools("suppressOutput") {
			a.SuppressOutput = a.SuppressOutput || v
		}
	}
	if r.err != nil && a.Block {
		// A deny read anywhere wins over a field of the wrong type (a copy of a repeated key,
		// say), which alone would make the answer invalid output, and so fail open.
		return a, nil
	}
	return a, r.err
}

// reader reads fields, keeping the first type error.
type reader struct {
	f      fields
	strict bool
	err    error
}

func (r *reader) keep(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) sub(key string) fields {
	f, err := r.f.objs(key, r.strict)
	r.keep(err)
	return f
}

func (r *reader) strs(f fields, key string) []string {
	ss, err := f.strs(key, r.strict, false)
	r.keep(err)
	return ss
}

func (r *reader) first(f fields, keys ...string) string {
	s, err := f.first(r.strict, keys...)
	r.keep(err)
	return s
}

func (r *reader) bools(key string) []bool {
	bs, err := r.f.bools(key, r.strict)
	r.keep(err)
	return bs
}

// verdicts reads every value of a verdict key. Hermes's action "approve" escalates to the
// person (ask); elsewhere approve is Claude Code's allow.
func (r *reader) verdicts(a *Answer, key string, f fields, action bool) {
	vals, err := f.strs(key, r.strict, true)
	r.keep(err)
	for _, v := range vals {
		switch v {
		case "block", "deny":
			a.Block = true
		case "approve":
			if action {
				a.Ask = true
			} else {
				a.Allow = true
			}
		case "allow":
			a.Allow = true
		case "ask":
			a.Ask = true
		case "continue":
			a.Continue = a.Continue || action
		case "modify":
			a.modifyVerdict = true
		}
	}
}

// modify reads a rewrite of the tool input, in the first form present: Hermes's action
// modify + args, Claude Code's decision modify + tool_input, stratus's decision modify +
// modifiedParams, hookSpecificOutput.updatedInput (the whole input when replace), Gemini's
// hookSpecificOutput.tool_input (merged).
func (r *reader) modify(a *Answer, hso fields, replace bool) {
	try := func(f fields, key string) bool {
		members, ok, err := f.obj(key, r.strict)
		r.keep(err)
		if ok {
			a.Modify = members2map(members)
		}
		return ok
	}
	if a.modifyVerdict && (try(r.f, "args") || try(r.f, "tool_input") || try(r.f, "modifiedParams")) {
		return
	}
	if try(hso, "updatedInput") {
		a.Replace = replace
		return
	}
	try(hso, "tool_input")
}

func members2map(members []jsonx.Member) map[string]json.RawMessage {
	m := make(map[string]json.RawMessage, len(members))
	for _, mb := range members {
		m[mb.Key] = mb.Value
	}
	return m
}

func isNull(raw []byte) bool { return len(raw) == 0 || string(raw) == "null" }

func orFirst(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// excerpt cuts s to at most n characters, marking the cut.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "..."
}

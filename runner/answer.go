package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// Answer is what a hook said on stdout, in either dialect (Hermes or Claude Code).
type Answer struct {
	// Block is set when action, decision or permissionDecision says block or deny: a
	// security tool errs toward the block.
	Block bool
	// Allow is an explicit approval; it changes nothing but is reported.
	Allow bool
	// Ask asks the person to confirm the tool call.
	Ask bool
	// Continue keeps the agent working (pre_verify).
	Continue bool
	// Message is the first non-empty of message, reason and permissionDecisionReason.
	Message string
	// Modify is the rewrite of tool_input, nil when the hook did not modify it.
	Modify map[string]json.RawMessage
	// Context is added to the next LLM turn.
	Context string
	// Result replaces the text of a transform event, nil when absent.
	Result *string
	// Warning is set when the answer was found on stdout's last line only.
	Warning string
}

// Empty reports whether the answer carries no directive at all.
func (a Answer) Empty() bool {
	return !a.Block && !a.Allow && !a.Ask && !a.Continue && a.Modify == nil && a.Context == "" && a.Result == nil
}

// ErrNotJSON is returned for stdout that is neither empty nor a JSON object.
var ErrNotJSON = errors.New("stdout is not a JSON object")

// ParseAnswer reads a hook's stdout. Empty output and {} are no directive. Otherwise the
// trimmed output must be one JSON object; failing that, its last non-empty line is used when
// it is one (with a warning). A leading byte-order mark is ignored and invalid UTF-8 replaced.
func ParseAnswer(stdout []byte) (Answer, error) {
	return parseAnswer(strings.ToValidUTF8(string(stdout), "\uFFFD"))
}

// parseAnswer is ParseAnswer on output already made valid UTF-8.
func parseAnswer(s string) (Answer, error) {
	s = strings.TrimPrefix(s, "\uFEFF")
	s = strings.TrimSpace(s)
	if s == "" {
		return Answer{}, nil
	}
	obj, err := decodeObject(s)
	warning := ""
	if err != nil {
		last := s
		if i := strings.LastIndexByte(s, '\n'); i >= 0 {
			last = strings.TrimSpace(s[i+1:])
		}
		if last == s {
			return Answer{}, fmt.Errorf("%w: %s", ErrNotJSON, excerpt(s, 80))
		}
		if obj, err = decodeObject(last); err != nil {
			return Answer{}, fmt.Errorf("%w: %s", ErrNotJSON, excerpt(s, 80))
		}
		warning = "stdout had text before its JSON answer; used the last line"
	}
	a := interpret(obj)
	a.Warning = warning
	return a, nil
}

func decodeObject(s string) (map[string]json.RawMessage, error) {
	if !strings.HasPrefix(s, "{") {
		return nil, ErrNotJSON
	}
	m, err := jsonx.Map([]byte(s))
	if err != nil {
		return nil, err
	}
	return rawMap(m), nil
}

func rawMap(m map[string][]byte) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func interpret(obj map[string]json.RawMessage) Answer {
	var a Answer
	hso := object(obj["hookSpecificOutput"])
	action := strings.ToLower(str(obj["action"]))
	decision := strings.ToLower(str(obj["decision"]))
	// permissionDecision belongs in hookSpecificOutput; a top-level one is read too, and
	// both count, so that a deny in either place blocks.
	perm := strings.ToLower(str(hso["permissionDecision"]))
	topPerm := strings.ToLower(str(obj["permissionDecision"]))
	for _, v := range []string{action, decision, perm, topPerm} {
		switch v {
		case "block", "deny":
			a.Block = true
		case "allow", "approve":
			a.Allow = true
		case "ask":
			a.Ask = true
		}
	}
	a.Continue = action == "continue"
	a.Message = firstNonEmpty(str(obj["message"]), str(obj["reason"]),
		str(hso["permissionDecisionReason"]), str(obj["permissionDecisionReason"]))
	switch {
	case action == "modify" && isObject(obj["args"]):
		a.Modify = object(obj["args"])
	case decision == "modify" && isObject(obj["tool_input"]):
		a.Modify = object(obj["tool_input"])
	case isObject(hso["updatedInput"]):
		a.Modify = object(hso["updatedInput"])
	}
	a.Context = firstNonEmpty(str(obj["context"]), str(hso["additionalContext"]))
	if r, ok := obj["result"]; ok && isString(r) {
		s := str(r)
		a.Result = &s
	}
	return a
}

func isString(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '"'
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}

// str returns a JSON string's value, "" for anything else.
func str(raw json.RawMessage) string {
	if !isString(raw) {
		return ""
	}
	s, _ := jsonx.Unquote(raw)
	return s
}

// object returns a JSON object's members, nil for anything else.
func object(raw json.RawMessage) map[string]json.RawMessage {
	if !isObject(raw) {
		return nil
	}
	m, err := jsonx.Map(raw)
	if err != nil {
		return nil
	}
	return rawMap(m)
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// excerpt cuts s to at most n characters, marking the cut.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "..."
}

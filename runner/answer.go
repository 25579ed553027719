package runner

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// Answer is what a hook said on stdout, read in the agent's dialect (package agent); a plain
// `hookctl run` reads Hermes's.
type Answer = agent.Answer

// ErrNotJSON is returned for stdout that is neither empty nor a JSON object.
const ErrNotJSON = agent.ErrNotJSON

// ParseAnswer reads a hook's stdout in the Hermes dialect. Empty output and {} are no
// directive. Otherwise the trimmed output must be one JSON object; failing that, its last
// non-empty line is used when it is one (with a warning). A leading byte-order mark is ignored
// and invalid UTF-8 replaced. A key given twice counts whichever way errs toward the block.
func ParseAnswer(stdout []byte) (Answer, error) {
	return parseAnswer(strings.ToValidUTF8(string(stdout), "\uFFFD"))
}

// parseAnswer is ParseAnswer on output already made valid UTF-8.
func parseAnswer(s string) (Answer, error) {
	j := hermesJob("pre_tool_call")
	return j.dialect.Reader(s, j.mapping)
}

func rawMap(m map[string][]byte) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
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

package runner

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// FuzzParseAnswer checks that any stdout parses or fails cleanly, and that a parsed answer is
// coherent: Empty agrees with its fields, and a rewrite is a JSON object.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{
		"",
		"{}",
		`{"action":"block","message":"no"}`,
		`{"action":"allow"}`,
		`{"action":"modify","args":{"command":"ls"}}`,
		`{"action":"modify","args":{}}`,
		`{"action":"continue","message":"go on"}`,
		`{"decision":"block","reason":"r"}`,
		`{"decision":"approve"}`,
		`{"decision":"modify","tool_input":{"a":[1,{"b":null}]}}`,
		`{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"p"}}`,
		`{"hookSpecificOutput":{"permissionDecision":"ask","updatedInput":{"x":1},"additionalContext":"c"}}`,
		`{"context":"c"}`,
		`{"result":"text"}`,
		`{"result":null,"context":5,"action":["block"]}`,
		"log\nmore log\n{\"action\":\"block\"}\n",
		"\uFEFF{\"action\":\"block\"}",
		"{\"message\":\"\xff\"}",
		"[1,2]",
		"null",
		"42",
		"plain text",
		`{"action":"block"`,
		"{\"a\":1}\n{\"b\":2}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, stdout []byte) {
		a, err := ParseAnswer(stdout)
		if err != nil {
			if !a.Empty() || a.Message != "" || a.Warning != "" {
				t.Fatalf("ParseAnswer(%q) failed with %v but returned %+v", stdout, err, a)
			}
			return
		}
		none := !a.Block && !a.Allow && !a.Ask && !a.Continue && a.Modify == nil && a.Context == "" && a.Result == nil
		if a.Empty() != none {
			t.Fatalf("ParseAnswer(%q): Empty() = %v for %+v", stdout, a.Empty(), a)
		}
		if len(stdout) == 0 && !a.Empty() {
			t.Fatalf("empty stdout gave %+v", a)
		}
		if a.Modify != nil {
			b, err := json.Marshal(a.Modify)
			if err != nil {
				t.Fatalf("ParseAnswer(%q): Modify does not marshal: %v", stdout, err)
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(b, &obj); err != nil || obj == nil {
				t.Fatalf("ParseAnswer(%q): Modify marshals to %s, not a JSON object", stdout, b)
			}
		}
		for _, s := range []string{a.Message, a.Context} {
			if !utf8.ValidString(s) {
				t.Fatalf("ParseAnswer(%q): invalid UTF-8 in %q", stdout, s)
			}
		}
		if a.Result != nil && !utf8.ValidString(*a.Result) {
			t.Fatalf("ParseAnswer(%q): invalid UTF-8 in result %q", stdout, *a.Result)
		}
	})
}

// FuzzParsePayload checks that any input parses or fails cleanly, and that a parsed payload
// goes on the wire as a UTF-8 JSON object with exactly the six keys hooks expect.
func FuzzParsePayload(f *testing.F) {
	for _, s := range []string{
		"",
		"{}",
		`{"hook_event_name":"pre_tool_call","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s","cwd":"/","extra":{"task_id":"t"}}`,
		`{"tool_name":null,"tool_input":null,"extra":null}`,
		`{"args":{"command":"ls"},"task_id":"t"}`,
		`{"args":{"a":1},"tool_input":{"b":2}}`,
		`{"task_id":"loose","extra":{"task_id":"caller"}}`,
		`{"extra":"x"}`,
		`{"tool_name":5}`,
		`{"tool_input":"not an object","result":"{\"output\": \"hello\"}"}`,
		"\uFEFF{\"a\":1}",
		"{\"a\":\"\xff\"}",
		"[]",
		"null",
		`{"a":1} {}`,
	} {
		f.Add([]byte(s))
	}
	wireKeys := []string{"hook_event_name", "tool_name", "tool_input", "session_id", "cwd", "extra"}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePayload(data)
		if err != nil {
			if p != nil {
				t.Fatalf("ParsePayload(%q) failed with %v but returned %+v", data, err, p)
			}
			return
		}
		b, err := p.MarshalJSON()
		if err != nil {
			t.Fatalf("ParsePayload(%q) gave a payload that does not marshal: %v", data, err)
		}
		if !utf8.Valid(b) {
			t.Fatalf("ParsePayload(%q) marshals to invalid UTF-8: %q", data, b)
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(b, &obj); err != nil {
			t.Fatalf("ParsePayload(%q) marshals to %s, not a JSON object: %v", data, b, err)
		}
		if len(obj) != len(wireKeys) {
			t.Fatalf("ParsePayload(%q) marshals to %s, want exactly the keys %v", data, b, wireKeys)
		}
		for _, k := range wireKeys {
			if _, ok := obj[k]; !ok {
				t.Fatalf("ParsePayload(%q) marshals to %s, without %q", data, b, k)
			}
		}
		var extra map[string]json.RawMessage
		if err := json.Unmarshal(obj["extra"], &extra); err != nil || extra == nil {
			t.Fatalf("ParsePayload(%q): extra is %s, not an object", data, obj["extra"])
		}
		if _, err := ParsePayload(b); err != nil {
			t.Fatalf("ParsePayload(%q) marshals to %s, which does not parse again: %v", data, b, err)
		}
	})
}

// FuzzRPCResult checks that any response body of a url hook is judged without a panic, and
// strictly: a block in any "result" it carries stands, whatever else the body holds (a repeated
// result, an error, a wrong id); anything but a block and a stop is taken only from a response
// that is one clean answer; and a fail_closed hook whose response is not one blocks.
func FuzzRPCResult(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","result":null,"id":1}`,
		`{"jsonrpc":"2.0","result":{"action":"block","message":"no"},"id":1}`,
		`{"jsonrpc":"2.0","result":{"action":"modify","args":{"command":"ls"}},"id":"1"}`,
		`{"jsonrpc":"2.0","error":{"code":-32000,"message":"boom"},"id":1}`,
		`{"jsonrpc":"2.0","id":1,"result":{"decision":"block","reason":"x"},"result":null}`,
		`{"jsonrpc":"2.0","id":1,"result":null,"result":{"decision":"block","reason":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"context":"a"},"result":{"context":"b"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"context":"a"},"result":{"context":"a"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"},"result":{"action":"block"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"a"},"error":{"code":2,"message":"b"}}`,
		`{"jsonrpc":"2.0","id":1,"id":2,"result":{"action":"allow"}}`,
		`{"jsonrpc":"2.0","jsonrpc":"1.0","id":1,"result":null}`,
		`{"jsonrpc":"2.0","result":{"hookSpecificOutput":{"permissionDecision":"deny"},"hookSpecificOutput":{"permissionDecision":"allow"}},"id":1}`,
		`{"jsonrpc":"2.0","result":"block","id":1}`,
		`<html>hi</html>`,
		``,
	} {
		f.Add([]byte(s))
	}
	j := hermesJob("pre_tool_call")
	open := config.Hook{Event: "pre_tool_call", URL: "http://127.0.0.1:1/hooks", Command: "http://127.0.0.1:1/hooks"}
	closed := open
	closed.FailClosed = true
	f.Fuzz(func(t *testing.T, body []byte) {
		_, clean := rpcResult(body)
		anyBlock := false
		if members, err := jsonx.Object(bytes.TrimSpace(body)); err == nil {
			for _, m := range members {
				if m.Key != "result" || len(m.Value) == 0 || m.Value[0] != '{' {
					continue
				}
				a, err := j.dialect.Reader(strings.ToValidUTF8(string(m.Value), "\uFFFD"), j.mapping)
				anyBlock = anyBlock || err == nil && a.Block
			}
		}
		hr, e := j.judgeReply(open, Reply{Body: body}, 0)
		if anyBlock && !e.block {
			t.Fatalf("body %q: a result blocks, but the hook did not (%s: %s)", body, hr.Status, hr.Message)
		}
		if clean != nil && (e.allow || e.ask || e.cont || e.modify != nil || e.context != "" || e.result != nil || hr.Status == StatusOK) {
			t.Fatalf("body %q is not one answer (%v), yet the hook's answer counted: %s %+v", body, clean, hr.Status, e)
		}
		hr, e = j.judgeReply(closed, Reply{Body: body}, 0)
		if clean != nil && !e.block {
			t.Fatalf("body %q: a fail_closed hook that got no answer (%s: %s) did not block", body, hr.Status, hr.Message)
		}
	})
}

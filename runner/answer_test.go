package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// want is the part of an Answer a table row checks; Modify is compared as JSON.
type answerWant struct {
	block, allow, ask, cont bool
	message                 string
	modify                  string // "" for nil
	context                 string
	result                  *string
	warning                 bool
}

func ptrTo[T any](v T) *T { return &v }

func TestParseAnswer(t *testing.T) {
	tenLines := strings.Repeat("checking the command...\n", 10)
	tests := []struct {
		name   string
		stdout string
		want   answerWant
		empty  bool
	}{
		// No directive.
		{name: "empty stdout", stdout: "", empty: true},
		{name: "blank stdout", stdout: " \n\t\n", empty: true},
		{name: "empty object", stdout: "{}", empty: true},
		{name: "empty object with newline", stdout: "{}\n", empty: true},
		{name: "unknown keys only", stdout: `{"foo":1,"bar":[true]}`, empty: true},
		{name: "message alone is no directive", stdout: `{"message":"hello"}`, want: answerWant{message: "hello"}, empty: true},

		// block
		{name: "hermes block", stdout: `{"action":"block","message":"no rm"}`, want: answerWant{block: true, message: "no rm"}},
		{name: "hermes block without message", stdout: `{"action":"block"}`, want: answerWant{block: true}},
		{name: "claude decision block", stdout: `{"decision":"block","reason":"no rm"}`, want: answerWant{block: true, message: "no rm"}},
		{name: "claude permissionDecision deny", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}`, want: answerWant{block: true, message: "no rm"}},
		{name: "claude decision deny", stdout: `{"decision":"deny","reason":"r"}`, want: answerWant{block: true, message: "r"}},
		{name: "directive case is ignored", stdout: `{"action":"BLOCK","message":"m"}`, want: answerWant{block: true, message: "m"}},
		{name: "top-level permissionDecision deny", stdout: `{"permissionDecision":"deny","permissionDecisionReason":"r"}`, want: answerWant{block: true, message: "r"}},

		// allow
		{name: "hermes allow", stdout: `{"action":"allow"}`, want: answerWant{allow: true}},
		{name: "claude decision approve", stdout: `{"decision":"approve"}`, want: answerWant{allow: true}},
		{name: "claude permissionDecision allow", stdout: `{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"fine"}}`, want: answerWant{allow: true, message: "fine"}},

		// ask
		{name: "claude permissionDecision ask", stdout: `{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?"}}`, want: answerWant{ask: true, message: "sure?"}},
		{name: "claude permissionDecision ask without reason", stdout: `{"hookSpecificOutput":{"permissionDecision":"ask"}}`, want: answerWant{ask: true}},

		// block wins over anything else said in the same answer
		{name: "action allow, decision block", stdout: `{"action":"allow","decision":"block","reason":"r"}`, want: answerWant{block: true, allow: true, message: "r"}},
		{name: "decision approve, permissionDecision deny", stdout: `{"decision":"approve","hookSpecificOutput":{"permissionDecision":"deny"}}`, want: answerWant{block: true, allow: true}},
		{name: "action block, permissionDecision allow", stdout: `{"action":"block","hookSpecificOutput":{"permissionDecision":"allow"}}`, want: answerWant{block: true, allow: true}},
		{name: "permissionDecision ask, action block", stdout: `{"action":"block","hookSpecificOutput":{"permissionDecision":"ask"}}`, want: answerWant{block: true, ask: true}},
		{name: "nested allow, top-level deny", stdout: `{"permissionDecision":"deny","hookSpecificOutput":{"permissionDecision":"allow"}}`, want: answerWant{block: true, allow: true}},

		// message precedence: message > reason > permissionDecisionReason
		{name: "message beats reason", stdout: `{"decision":"block","message":"M","reason":"R","hookSpecificOutput":{"permissionDecisionReason":"P"}}`, want: answerWant{block: true, message: "M"}},
		{name: "reason beats permissionDecisionReason", stdout: `{"decision":"block","reason":"R","hookSpecificOutput":{"permissionDecisionReason":"P"}}`, want: answerWant{block: true, message: "R"}},
		{name: "blank message falls through", stdout: `{"action":"block","message":"  ","reason":"","hookSpecificOutput":{"permissionDecisionReason":"P"}}`, want: answerWant{block: true, message: "P"}},
		{name: "non-string message is ignored", stdout: `{"action":"block","message":42,"reason":"R"}`, want: answerWant{block: true, message: "R"}},

		// modify
		{name: "hermes modify", stdout: `{"action":"modify","args":{"command":"ls"}}`, want: answerWant{modify: `{"command":"ls"}`}},
		{name: "hermes modify empty args", stdout: `{"action":"modify","args":{}}`, want: answerWant{modify: `{}`}},
		{name: "hermes modify without object", stdout: `{"action":"modify","args":"ls"}`, empty: true},
		{name: "claude decision modify", stdout: `{"decision":"modify","tool_input":{"command":"ls","n":2}}`, want: answerWant{modify: `{"command":"ls","n":2}`}},
		{name: "claude decision modify empty", stdout: `{"decision":"modify","tool_input":{}}`, want: answerWant{modify: `{}`}},
		{name: "claude updatedInput", stdout: `{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls"}}}`, want: answerWant{allow: true, modify: `{"command":"ls"}`}},
		{name: "args without modify is no rewrite", stdout: `{"args":{"command":"ls"}}`, empty: true},
		{name: "tool_input without modify is no rewrite", stdout: `{"tool_input":{"command":"ls"}}`, empty: true},

		// context
		{name: "hermes context", stdout: `{"context":"branch main"}`, want: answerWant{context: "branch main"}},
		{name: "claude additionalContext", stdout: `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"branch main"}}`, want: answerWant{context: "branch main"}},
		{name: "empty context", stdout: `{"context":""}`, empty: true},

		// continue (pre_verify)
		{name: "hermes continue", stdout: `{"action":"continue","message":"tests fail"}`, want: answerWant{cont: true, message: "tests fail"}},
		{name: "claude block reads as continue on pre_verify", stdout: `{"decision":"block","reason":"tests fail"}`, want: answerWant{block: true, message: "tests fail"}},

		// replace text (transform_*)
		{name: "result", stdout: `{"result":"new text"}`, want: answerWant{result: ptrTo("new text")}},
		{name: "empty result still replaces", stdout: `{"result":""}`, want: answerWant{result: ptrTo("")}},
		{name: "non-string result is ignored", stdout: `{"result":{"a":1}}`, empty: true},

		// Tolerated input.
		{name: "surrounding whitespace", stdout: "\n  {\"action\":\"block\"}  \n\n", want: answerWant{block: true}},
		{name: "pretty-printed object", stdout: "{\n  \"action\": \"block\",\n  \"message\": \"m\"\n}\n", want: answerWant{block: true, message: "m"}},
		{name: "leading byte-order mark", stdout: "\uFEFF{\"action\":\"block\",\"message\":\"m\"}", want: answerWant{block: true, message: "m"}},
		{name: "byte-order mark before {}", stdout: "\uFEFF{}", empty: true},
		{name: "invalid UTF-8 is replaced", stdout: "{\"action\":\"block\",\"message\":\"bad \xff\xfe byte\"}", want: answerWant{block: true, message: "bad \uFFFD byte"}},
		{name: "invalid UTF-8 outside strings is replaced", stdout: "\xff\n{\"context\":\"c\"}", want: answerWant{context: "c", warning: true}},
		{name: "last line after ten lines of log", stdout: tenLines + `{"action":"block","message":"m"}` + "\n", want: answerWant{block: true, message: "m", warning: true}},
		{name: "last line after CRLF log", stdout: "log\r\nmore log\r\n{\"context\":\"c\"}\r\n", want: answerWant{context: "c", warning: true}},
		{name: "last of two objects", stdout: "{\"context\":\"a\"}\n{\"context\":\"b\"}", want: answerWant{context: "b", warning: true}},
		{name: "last line after blank lines", stdout: "log\n{\"context\":\"c\"}\n\n\n", want: answerWant{context: "c", warning: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := ParseAnswer([]byte(tt.stdout))
			if err != nil {
				t.Fatalf("ParseAnswer(%q): %v", tt.stdout, err)
			}
			got := answerWant{
				block: a.Block, allow: a.Allow, ask: a.Ask, cont: a.Continue,
				message: a.Message, context: a.Context, result: a.Result, warning: a.Warning != "",
			}
			if a.Modify != nil {
				b, err := json.Marshal(a.Modify)
				if err != nil {
					t.Fatalf("marshalling Modify: %v", err)
				}
				got.modify = string(b)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseAnswer(%q)\n got %+v\nwant %+v", tt.stdout, showWant(got), showWant(tt.want))
			}
			if a.Empty() != tt.empty {
				t.Errorf("ParseAnswer(%q).Empty() = %v, want %v", tt.stdout, a.Empty(), tt.empty)
			}
		})
	}
}

// showWant makes a want printable, with the result's text rather than its address.
func showWant(w answerWant) string {
	r := "<nil>"
	if w.result != nil {
		r = strconv.Quote(*w.result)
	}
	w.result = nil
	return fmt.Sprintf("%+v result:%s", w, r)
}

func TestParseAnswerLastLineWarning(t *testing.T) {
	stdout := strings.Repeat("log line\n", 10) + `{"action":"block"}`
	a, err := ParseAnswer([]byte(stdout))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.Warning, "last line") {
		t.Errorf("Warning = %q, want it to say the last line was used", a.Warning)
	}
	if a, _ := ParseAnswer([]byte(`{"action":"block"}`)); a.Warning != "" {
		t.Errorf("a whole-stdout answer has Warning %q, want none", a.Warning)
	}
}

func TestParseAnswerErrors(t *testing.T) {
	tests := []struct {
		name   string
		stdout string
	}{
		{"array", `[{"action":"block"}]`},
		{"empty array", `[]`},
		{"number", `42`},
		{"null", `null`},
		{"string", `"block"`},
		{"boolean", `true`},
		{"plain text", `all good`},
		{"plain text lines", "all good\nreally"},
		{"log then array", "log\n[1,2]"},
		{"log then null", "log\nnull"},
		{"truncated object", `{"action":"block"`},
		{"object then text", `{"action":"block"} trailing`},
		{"object then text line", "{\"action\":\"block\"}\ndone"},
		{"byte-order mark then text", "\uFEFFhello"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := ParseAnswer([]byte(tt.stdout))
			if err == nil {
				t.Fatalf("ParseAnswer(%q) = %+v, want an error", tt.stdout, a)
			}
			if !errors.Is(err, ErrNotJSON) {
				t.Errorf("ParseAnswer(%q) error %v does not wrap ErrNotJSON", tt.stdout, err)
			}
		})
	}
}

func TestParseAnswerErrorIsShort(t *testing.T) {
	_, err := ParseAnswer([]byte(strings.Repeat("x", 10000)))
	if err == nil {
		t.Fatal("want an error")
	}
	if n := len(err.Error()); n > 200 {
		t.Errorf("error is %d bytes long; it should quote an excerpt of stdout only", n)
	}
}

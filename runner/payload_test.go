package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/hookctl/hookctl/config"
)

// wireOf parses a payload and returns what a hook would read on stdin, as generic JSON.
func wireOf(t *testing.T, in string) map[string]any {
	t.Helper()
	p, err := ParsePayload([]byte(in))
	if err != nil {
		t.Fatalf("ParsePayload(%s): %v", in, err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatalf("marshalling payload: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("payload %s is not a JSON object: %v", b, err)
	}
	return m
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

func TestParsePayload(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the wire object
	}{
		{
			name: "empty input is {}",
			in:   "",
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "blank input is {}",
			in:   " \n\t",
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "byte-order mark only",
			in:   "\uFEFF",
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "empty object",
			in:   "{}",
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "the six wire keys",
			in:   `{"hook_event_name":"pre_tool_call","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s1","cwd":"/tmp","extra":{"task_id":"t1"}}`,
			want: `{"hook_event_name":"pre_tool_call","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s1","cwd":"/tmp","extra":{"task_id":"t1"}}`,
		},
		{
			name: "loose top-level keys go into extra",
			in:   `{"tool_name":"terminal","task_id":"t1","tool_call_id":"c1","duration_ms":12,"child_role":null}`,
			want: `{"hook_event_name":"","tool_name":"terminal","tool_input":null,"session_id":"","cwd":"","extra":{"task_id":"t1","tool_call_id":"c1","duration_ms":12,"child_role":null}}`,
		},
		{
			name: "caller's extra is kept as is",
			in:   `{"extra":{"result":"{\"output\": \"hello\"}","nested":{"a":[1,2,{"b":null}]},"n":1.50}}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{"result":"{\"output\": \"hello\"}","nested":{"a":[1,2,{"b":null}]},"n":1.50}}`,
		},
		{
			name: "caller's extra wins a clash with a loose key",
			in:   `{"task_id":"loose","extra":{"task_id":"caller"},"other":1}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{"task_id":"caller","other":1}}`,
		},
		{
			name: "caller's extra wins whatever the key order",
			in:   `{"extra":{"task_id":"caller"},"task_id":"loose"}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{"task_id":"caller"}}`,
		},
		{
			name: "null extra is no extra",
			in:   `{"extra":null,"a":1}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{"a":1}}`,
		},
		{
			name: "args stands for an absent tool_input",
			in:   `{"tool_name":"terminal","args":{"command":"ls"}}`,
			want: `{"hook_event_name":"","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "args stands for a null tool_input",
			in:   `{"tool_input":null,"args":{"command":"ls"}}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":{"command":"ls"},"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "tool_input wins over args, which stays in extra",
			in:   `{"args":{"command":"rm"},"tool_input":{"command":"ls"}}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":{"command":"ls"},"session_id":"","cwd":"","extra":{"args":{"command":"rm"}}}`,
		},
		{
			name: "args inside the caller's extra is not tool_input",
			in:   `{"extra":{"args":{"command":"ls"}}}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{"args":{"command":"ls"}}}`,
		},
		{
			name: "null tool_name",
			in:   `{"tool_name":null,"session_id":null,"cwd":null}`,
			want: `{"hook_event_name":"","tool_name":null,"tool_input":null,"session_id":"","cwd":"","extra":{}}`,
		},
		{
			name: "leading byte-order mark",
			in:   "\uFEFF{\"tool_name\":\"terminal\"}",
			want: `{"hook_event_name":"","tool_name":"terminal","tool_input":null,"session_id":"","cwd":"","extra":{}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wireOf(t, tt.in)
			if want := decodeJSON(t, tt.want); !reflect.DeepEqual(got, want) {
				t.Errorf("ParsePayload(%s) on the wire\n got %v\nwant %v", tt.in, got, want)
			}
		})
	}
}

func TestParsePayloadKeepsExtraBytes(t *testing.T) {
	// A hook sees the caller's values exactly: numbers are not rounded through float64.
	p, err := ParsePayload([]byte(`{"extra":{"big":12345678901234567890123},"loose":1.000}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(p.Extra["big"]); got != "12345678901234567890123" {
		t.Errorf("extra.big = %s", got)
	}
	if got := string(p.Extra["loose"]); got != "1.000" {
		t.Errorf("extra.loose = %s", got)
	}
}

func TestParsePayloadErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"array", `[]`},
		{"array of objects", `[{"tool_name":"terminal"}]`},
		{"null", `null`},
		{"number", `42`},
		{"string", `"payload"`},
		{"plain text", `tool_name=terminal`},
		{"truncated object", `{"tool_name":"terminal"`},
		{"two objects", `{} {}`},
		{"object then text", `{"a":1} trailing`},
		{"tool_name not a string", `{"tool_name":5}`},
		{"hook_event_name not a string", `{"hook_event_name":["pre_tool_call"]}`},
		{"session_id not a string", `{"session_id":1}`},
		{"cwd not a string", `{"cwd":{}}`},
		{"extra not an object", `{"extra":"x"}`},
		{"extra a list", `{"extra":[1]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePayload([]byte(tt.in))
			if err == nil {
				t.Fatalf("ParsePayload(%s) = %+v, want an error", tt.in, p)
			}
			if !errors.Is(err, ErrPayload) {
				t.Errorf("ParsePayload(%s) error %v does not wrap ErrPayload", tt.in, err)
			}
		})
	}
}

func TestParsePayloadReplacesInvalidUTF8(t *testing.T) {
	// Hooks written in Python or Node refuse a payload that is not UTF-8: what they read must be.
	p, err := ParsePayload([]byte("{\"tool_input\":{\"command\":\"ls \xff\"},\"loose\":\"a\xfeb\",\"extra\":{\"k\":\"\xc3\"}}"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(b) {
		t.Errorf("payload on the wire is not valid UTF-8: %q", b)
	}
	if !bytes.Contains(b, []byte("ls \uFFFD")) {
		t.Errorf("payload on the wire %s lost the replaced text", b)
	}
}

func TestPayloadMarshalKeys(t *testing.T) {
	tool := "terminal"
	for _, p := range []*Payload{
		{},
		{HookEventName: "pre_tool_call", ToolName: &tool, ToolInput: json.RawMessage(`{"a":1}`), SessionID: "s", Cwd: "/", Extra: map[string]json.RawMessage{"x": json.RawMessage(`true`)}},
	} {
		b, err := p.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("MarshalJSON gave %s: %v", b, err)
		}
		assertWireKeys(t, m)
	}
}

// assertWireKeys checks a payload object has the six wire keys and nothing else.
func assertWireKeys(t *testing.T, m map[string]json.RawMessage) {
	t.Helper()
	want := []string{"hook_event_name", "tool_name", "tool_input", "session_id", "cwd", "extra"}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("payload lacks %q: %v", k, m)
		}
	}
	if len(m) != len(want) {
		t.Errorf("payload has %d keys, want exactly %v: %v", len(m), want, m)
	}
}

func TestPayloadRoundTrip(t *testing.T) {
	in := `{"hook_event_name":"post_tool_call","tool_name":"terminal","tool_input":{"command":"ls"},"session_id":"s","cwd":"/w","extra":{"result":"ok","task_id":"t"}}`
	p, err := ParsePayload([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParsePayload(b)
	if err != nil {
		t.Fatalf("re-parsing %s: %v", b, err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Errorf("round trip changed the payload:\n got %+v\nwant %+v", q, p)
	}
}

func TestPayloadClone(t *testing.T) {
	p, err := ParsePayload([]byte(`{"a":1}`))
	if err != nil {
		t.Fatal(err)
	}
	c := p.Clone()
	c.Extra["b"] = json.RawMessage(`2`)
	if _, ok := p.Extra["b"]; ok {
		t.Error("changing a clone's Extra changed the original")
	}
	if c := (&Payload{}).Clone(); c.Extra == nil {
		t.Error("Clone of a payload with no Extra has a nil Extra")
	}
}

func TestPayloadMatcherNeverMatchesNullToolName(t *testing.T) {
	terminal := "terminal"
	tests := []struct {
		matcher  string // "-" for no matcher key at all
		terminal bool   // matches tool_name "terminal"
		null     bool   // matches a null tool_name
	}{
		{"-", true, true},
		{"", true, true},
		{"*", true, true},
		{"terminal", true, false},
		{".*", true, false},
		{"term", false, false},
		{"write_file|terminal", true, false},
		{"(?:)", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.matcher, func(t *testing.T) {
			entry := "  pre_tool_call:\n    - command: ./hook.sh\n"
			if tt.matcher != "-" {
				entry += "      matcher: " + quoteYAML(tt.matcher) + "\n"
			}
			cfg := config.Parse(filepath.Join(t.TempDir(), "config.yaml"), []byte("hooks:\n"+entry), config.Options{})
			hooks := cfg.HooksFor("pre_tool_call")
			if len(hooks) != 1 {
				t.Fatalf("config gave %d hooks, problems %v", len(hooks), cfg.Problems)
			}
			if got := hooks[0].Matches(&terminal); got != tt.terminal {
				t.Errorf("matcher %q on terminal = %v, want %v", tt.matcher, got, tt.terminal)
			}
			if got := hooks[0].Matches(nil); got != tt.null {
				t.Errorf("matcher %q on a null tool name = %v, want %v", tt.matcher, got, tt.null)
			}
		})
	}
}

// TestPayloadWhiteSpace: only JSON's white space surrounds a payload; a form feed does not.
func TestPayloadWhiteSpace(t *testing.T) {
	if _, err := ParsePayload([]byte(" \t\r\n{}\n")); err != nil {
		t.Errorf("JSON white space refused: %v", err)
	}
	for _, bad := range []string{"\f{}", "{}\v", "\u00a0{}"} {
		if _, err := ParsePayload([]byte(bad)); !errors.Is(err, ErrPayload) {
			t.Errorf("ParsePayload(%q) = %v, want ErrPayload", bad, err)
		}
	}
}

// TestDispatchRefusesNULToolName: a NUL cannot go into the hooks' environment; refusing the
// payload beats running no hook and letting the call through.
func TestDispatchRefusesNULToolName(t *testing.T) {
	cfg := config.Parse("config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: /bin/true\n"), config.Options{})
	tool := "terminal\x00x"
	_, err := (&Dispatcher{Config: cfg, Consent: TrustAll{}}).dispatch(context.Background(), "pre_tool_call", &Payload{ToolName: &tool})
	if !errors.Is(err, ErrPayload) {
		t.Errorf("Dispatch = %v, want ErrPayload", err)
	}
}

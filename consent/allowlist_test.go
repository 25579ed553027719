package consent

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

const sumA = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"

func TestEncodeFormat(t *testing.T) {
	a := &Allowlist{Approvals: []Approval{
		{
			Event: "pre_tool_call", Command: "~/.agent-hooks/guard.sh", Matcher: "terminal|shell",
			ApprovedAt: time.Date(2025, 3, 4, 5, 6, 7, 0, time.FixedZone("CET", 3600)),
			Script: &ScriptPin{
				Path: "/home/u/.agent-hooks/guard.sh", SHA256: sumA, Size: 5,
				Mtime: time.Date(2025, 3, 1, 0, 0, 0, 500, time.UTC),
			},
		},
		{Event: "on_session_start", Command: "notify && log", ApprovedAt: time.Date(2025, 3, 4, 4, 6, 7, 0, time.UTC)},
	}}
	want := `{
  "version": 1,
  "approvals": [
    {
      "event": "on_session_start",
      "command": "notify && log",
      "matcher": "",
      "approved_at": "2025-03-04T04:06:07Z",
      "script": null
    },
    {
      "event": "pre_tool_call",
      "command": "~/.agent-hooks/guard.sh",
      "matcher": "terminal|shell",
      "approved_at": "2025-03-04T04:06:07Z",
      "script": {
        "path": "/home/u/.agent-hooks/guard.sh",
        "sha256": "` + sumA + `",
        "size": 5,
        "mtime": "2025-03-01T00:00:00.0000005Z"
      }
    }
  ]
}
`
	if got := string(a.Encode()); got != want {
		t.Errorf("Encode:\n%s\nwant:\n%s", got, want)
	}
	if a.Approvals[0].Event != "pre_tool_call" {
		t.Errorf("Encode reordered the caller's approvals")
	}
	if got, want := string((&Allowlist{}).Encode()), "{\n  \"version\": 1,\n  \"approvals\": []\n}\n"; got != want {
		t.Errorf("empty Encode = %q, want %q", got, want)
	}
}

func TestDecode(t *testing.T) {
	at := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	tests := []struct {
		name string
		in   string
		want []Approval
	}{
		{"empty approvals", `{"version":1,"approvals":[]}`, nil},
		{"no approvals key", `{"version":1}`, nil},
		{"null approvals", `{"version":1,"approvals":null}`, nil},
		{"z time", `{"version":1,"approvals":[{"event":"e","command":"c","matcher":"","approved_at":"2025-03-04T05:06:07Z","script":null}]}`,
			[]Approval{{Event: "e", Command: "c", ApprovedAt: at}}},
		{"+00:00 time", `{"version":1,"approvals":[{"event":"e","command":"c","approved_at":"2025-03-04T05:06:07+00:00"}]}`,
			[]Approval{{Event: "e", Command: "c", ApprovedAt: at}}},
		{"other offset read as utc", `{"version":1,"approvals":[{"event":"e","command":"c","approved_at":"2025-03-04T07:06:07+02:00"}]}`,
			[]Approval{{Event: "e", Command: "c", ApprovedAt: at}}},
		{"sorted by event then command", `{"version":1,"approvals":[
			{"event":"b","command":"a","approved_at":"2025-03-04T05:06:07Z"},
			{"event":"a","command":"z","approved_at":"2025-03-04T05:06:07Z"},
			{"event":"a","command":"b","approved_at":"2025-03-04T05:06:07Z"}]}`,
			[]Approval{
				{Event: "a", Command: "b", ApprovedAt: at},
				{Event: "a", Command: "z", ApprovedAt: at},
				{Event: "b", Command: "a", ApprovedAt: at},
			}},
		{"pinned", `{"version":1,"approvals":[{"event":"e","command":"./x.sh","matcher":"m","approved_at":"2025-03-04T05:06:07Z",
			"script":{"path":"/x.sh","sha256":"` + sumA + `","size":5,"mtime":"2025-03-04T05:06:07.25+00:00"}}]}`,
			[]Approval{{Event: "e", Command: "./x.sh", Matcher: "m", ApprovedAt: at,
				Script: &ScriptPin{Path: "/x.sh", SHA256: sumA, Size: 5, Mtime: at.Add(250 * time.Millisecond)}}}},
		{"trailing whitespace", "{\"version\":1}\n\n\t ", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Decode([]byte(tt.in))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !reflect.DeepEqual(a.Approvals, tt.want) {
				t.Errorf("Decode = %+v, want %+v", a.Approvals, tt.want)
			}
			b, err := Decode(a.Encode())
			if err != nil {
				t.Fatalf("Decode(Encode()): %v", err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("round trip = %+v, want %+v", b, a)
			}
		})
	}
}

func TestDecodeCorrupt(t *testing.T) {
	tests := []struct{ name, in, msg string }{
		{"empty file", ``, "empty file"},
		{"whitespace only", " \n", "empty file"},
		{"garbage", `not json at all`, "offset 0: want '{'"},
		{"truncated", `{"version":1,"approvals":[{"event":"e"`, "unexpected end of the file"},
		{"json array", `[{"version":1}]`, "want '{'"},
		{"json null", `null`, "want '{'"},
		{"json string", `"hello"`, "want '{'"},
		{"no version", `{"approvals":[]}`, "no version"},
		{"unknown version", `{"version":2,"approvals":[]}`, "version 2 is not supported"},
		{"version zero", `{"version":0,"approvals":[]}`, "version 0 is not supported"},
		{"version as string", `{"version":"1","approvals":[]}`, "want an integer"},
		{"version fractional", `{"version":1.5,"approvals":[]}`, "not a fraction"},
		{"approvals object", `{"version":1,"approvals":{}}`, "want '['"},
		{"command number", `{"version":1,"approvals":[{"event":"e","command":3}]}`, "want '\"'"},
		{"size string", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/x","sha256":"` + sumA + `","size":"5"}}]}`, "want an integer"},
		{"trailing garbage", `{"version":1,"approvals":[]} x`, "unexpected data after"},
		{"two objects", `{"version":1}{"version":1}`, "unexpected data after"},
		{"unknown field", `{"version":1,"approvals":[],"extra":true}`, "unknown key \"extra\""},
		{"missing event", `{"version":1,"approvals":[{"command":"c"}]}`, "no event"},
		{"missing command", `{"version":1,"approvals":[{"event":"e"}]}`, "no command"},
		{"null approval", `{"version":1,"approvals":[null]}`, "want '{'"},
		{"bad time", `{"version":1,"approvals":[{"event":"e","command":"c","approved_at":"yesterday"}]}`, "approved_at"},
		{"year out of range", `{"version":1,"approvals":[{"event":"e","command":"c","approved_at":"0000-01-01T00:00:00+01:00"}]}`, "out of range"},
		{"uppercase sha", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/x","sha256":"` + strings.ToUpper(sumA) + `"}}]}`, "lowercase hex"},
		{"short sha", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/x","sha256":"abc"}}]}`, "lowercase hex"},
		{"pin without path", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"sha256":"` + sumA + `"}}]}`, "no path"},
		{"negative size", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/x","sha256":"` + sumA + `","size":-1}}]}`, "negative size"},
		{"duplicate pair", `{"version":1,"approvals":[{"event":"e","command":"c"},{"event":"e","command":"c"}]}`, "duplicate approval"},
		{"duplicate pair unsorted", `{"version":1,"approvals":[{"event":"e","command":"c"},{"event":"a","command":"c"},{"event":"e","command":"c"}]}`, "duplicate approval"},
		{"repeated key", `{"version":1,"version":1,"approvals":[]}`, "key \"version\" repeated"},
		{"canonical then an extra key", `{"version":1,"approvals":[{"event":"e","command":"c","matcher":"","approved_at":"","script":null,"x":1}]}`, "unknown key \"x\""},
		{"canonical with a repeated key", `{"version":1,"approvals":[{"event":"e","command":"c","matcher":"","approved_at":"","script":null,"event":"f"}]}`, "key \"event\" repeated"},
		{"canonical pin with a fraction", `{"version":1,"approvals":[{"event":"e","command":"c","matcher":"","approved_at":"","script":{"path":"/x","sha256":"` + sumA + `","size":1.5,"mtime":""}}]}`, "not a fraction"},
		{"mixed-case key", `{"Version":1,"approvals":[]}`, "unknown key \"Version\""},
		{"exponent size", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/x","sha256":"` + sumA + `","size":1e3}}]}`, "not a fraction"},
		{"leading zero", `{"version":01,"approvals":[]}`, "want an integer"},
		{"control character", "{\"version\":1,\"approvals\":[{\"event\":\"a\tb\",\"command\":\"c\"}]}", "control character"},
		{"bad escape", `{"version":1,"approvals":[{"event":"\q","command":"c"}]}`, "invalid escape"},
		{"pin other than exec", `{"version":1,"approvals":[{"event":"e","command":"c","script":{"path":"/x","sha256":"` + sumA + `"},"pin":"path"}]}`, `pin "path" is not "exec"`},
		{"pin without script", `{"version":1,"approvals":[{"event":"e","command":"c","pin":"exec"}]}`, "pin: no script"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Decode([]byte(tt.in))
			if err == nil {
				t.Fatalf("Decode = %+v, want an error", a)
			}
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("error %v does not wrap ErrCorrupt", err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not contain %q", err, tt.msg)
			}
		})
	}
}

// TestDecodeLayouts: the layout Encode writes and any other order of the same keys decode to
// the same allowlist (the first is read by a fast path, the others by the general reader).
func TestDecodeLayouts(t *testing.T) {
	canonical := `{"version":1,"approvals":[{"event":"e","command":"c","matcher":"m","approved_at":"2025-01-02T03:04:05Z",` +
		`"script":{"path":"/x","sha256":"` + sumA + `","size":5,"mtime":"2025-01-02T03:04:05Z"}}]}`
	reordered := `{"approvals":[{"script":{"mtime":"2025-01-02T03:04:05+00:00","size":5,"sha256":"` + sumA + `","path":"/x"},` +
		`"approved_at":"2025-01-02T03:04:05Z","matcher":"m","command":"c","event":"e"}],"version":1}`
	a, err := Decode([]byte(canonical))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode([]byte(reordered))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("layouts disagree:\n%+v\n%+v", a, b)
	}
	if c, err := Decode(a.Encode()); err != nil || !reflect.DeepEqual(a, c) {
		t.Errorf("Encode's own layout: %+v, %v", c, err)
	}
}

// TestSuggest: a revoke of a command with no approval names the approved command meant: one
// that starts with what was typed, else the closest; nothing for an exact name or none close.
func TestSuggest(t *testing.T) {
	a := &Allowlist{Approvals: []Approval{
		{Event: "pre_tool_call", Command: "./guard.sh --strict"},
		{Event: "post_tool_call", Command: "./guard.sh --strict"},
		{Event: "pre_llm_call", Command: "./context.sh"},
	}}
	tests := []struct{ typed, want string }{
		{"./guard.sh", "./guard.sh --strict"},
		{"./contxt.sh", "./context.sh"},
		{"./context.sh", ""},
		{"something-else-entirely", ""},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			if got := a.Suggest(tt.typed); got != tt.want {
				t.Errorf("Suggest(%q) = %q, want %q", tt.typed, got, tt.want)
			}
		})
	}
	if got := (*Allowlist)(nil).Suggest("./guard.sh"); got != "" {
		t.Errorf("a nil allowlist suggests %q", got)
	}
}

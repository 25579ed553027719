package field

import (
	"strings"
	"testing"
)

func TestPrint(t *testing.T) {
	const payload = `{"tool_name":"Bash","tool_input":{"command":"echo 'hi'","edits":[{"path":"a.go"},{"path":"b.go"}],"n":1.50,"ok":true,"nothing":null}}`
	tests := []struct {
		name    string
		words   []string
		asShell bool
		want    string
		wantErr string
	}{
		{"a string as it is", []string{"tool_input.command"}, false, "echo 'hi'\n", ""},
		{"an array's element", []string{"tool_input.edits.1.path"}, false, "b.go\n", ""},
		{"a number as written", []string{"tool_input.n"}, false, "1.50\n", ""},
		{"true as JSON", []string{"tool_input.ok"}, false, "true\n", ""},
		{"an object as compact JSON", []string{"tool_input.edits.0"}, false, `{"path":"a.go"}` + "\n", ""},
		{"null is empty", []string{"tool_input.nothing"}, false, "\n", ""},
		{"missing is empty", []string{"tool_input.none.deeper"}, false, "\n", ""},
		{"an index past the end is empty", []string{"tool_input.edits.9.path"}, false, "\n", ""},
		{"a negative index is empty", []string{"tool_input.edits.-1"}, false, "\n", ""},
		{"--sh quotes each", []string{"tool=tool_name", "command=tool_input.command"}, true, `tool='Bash' command='echo '\''hi'\'''` + "\n", ""},
		{"--sh needs NAME=PATH", []string{"tool_name"}, true, "", "--sh takes NAME=PATH words"},
		{"--sh needs a variable name", []string{"1x=tool_name"}, true, "", `not "1x=tool_name"`},
		{"--sh refuses a name with a dash", []string{"a-b=tool_name"}, true, "", "shell variable name"},
	}
	doc, err := Read(strings.NewReader(payload), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wants, err := Wants(tt.words, tt.asShell)
			var got string
			if err == nil {
				got, err = Print(doc, wants, tt.asShell)
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestRead: what is not one JSON object within the limit is refused, as a guard must not
// allow a call it cannot read; so is a field holding a NUL.
func TestRead(t *testing.T) {
	tests := []struct {
		name, payload, wantErr string
	}{
		{"an object", `{"a":"b"}`, ""},
		{"an array", `[1]`, "not a JSON object"},
		{"two values", `{"a":1} {"b":2}`, "more follows it"},
		{"cut short", `{"a":`, "not JSON"},
		{"over the limit", `{"a":"` + strings.Repeat("x", 64) + `"}`, "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.payload), 64)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("Read error %v, want %q", err, tt.wantErr)
			}
		})
	}
	doc, err := Read(strings.NewReader(`{"a":"x\u0000y"}`), 64)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Text(doc, "a"); err == nil || !strings.Contains(err.Error(), "NUL") {
		t.Errorf("a NUL: %v", err)
	}
}

package field

import (
	"bytes"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// FuzzField reads arbitrary payloads as hookctl field does: nothing panics, and a field's text
// printed by --sh, read back as sh reads it, is one assignment whose value is exactly the
// text, so a payload cannot put a command into the guard that evals it.
func FuzzField(f *testing.F) {
	for _, seed := range []string{
		`{"tool_input":{"command":"rm -rf /"}}`,
		`{"tool_input":{"command":"a'b\"c$(id)` + "`x`" + `\n"}}`,
		`{"tool_input":{"command":["x",1,null]}}`,
		`{"tool_input":{"command":"\u0000"}}`,
		`[1]`, `{`, `{"a":1} {"b":2}`,
	} {
		f.Add([]byte(seed), "tool_input.command")
	}
	f.Fuzz(func(t *testing.T, payload []byte, path string) {
		doc, err := Read(bytes.NewReader(payload), 64<<20)
		if err != nil {
			return
		}
		text, err := Text(doc, path)
		if err != nil {
			return
		}
		line := Assign("v", text)
		file, err := syntax.NewParser().Parse(strings.NewReader(line), "")
		if err != nil {
			t.Fatalf("%q does not parse as sh: %v", line, err)
		}
		if len(file.Stmts) != 1 {
			t.Fatalf("%q is %d statements", line, len(file.Stmts))
		}
		call, ok := file.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) != 0 || len(call.Assigns) != 1 {
			t.Fatalf("%q is not one assignment", line)
		}
		// Fields removes quotes as sh does; a quoted word is one field, even when empty.
		got, err := expand.Fields(nil, call.Assigns[0].Value)
		if err != nil || len(got) != 1 || got[0] != text {
			t.Fatalf("%q reads back as %q (%v), want %q", line, got, err, text)
		}
	})
}

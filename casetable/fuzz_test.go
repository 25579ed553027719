package casetable

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// FuzzParse: any bytes give cases or an error naming the file, never a panic; every case read
// has a call, a known verdict and an input that is a JSON object.
func FuzzParse(f *testing.F) {
	f.Add([]byte("- command: rm -rf ../x\n  expect: block\n"))
	f.Add([]byte("- agent: claude-code\n  tool: Read\n  input: {file_path: .env}\n  expect: block\n"))
	f.Add([]byte("- comand: ls\n  expect: allow\n"))
	f.Add([]byte("- input: {a: [1, {b: .inf}]}\n  tool: x\n  expect: ask\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := Parse("t.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "t.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, c := range cases {
			if c.Command == "" && c.Tool == "" || !slices.Contains(Expectations, c.Expect) || c.Line < 1 {
				t.Fatalf("case read with no call or verdict: %+v", c)
			}
			var m map[string]any
			if c.Input != nil && json.Unmarshal(c.Input, &m) != nil {
				t.Fatalf("input is not a JSON object: %s", c.Input)
			}
		}
	})
}

package main

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// hookctl field prints a payload's field: strings as they are, anything else as compact JSON,
// a missing field or null as "", and fails (exit 1) on anything that is not one JSON object.
func TestField(t *testing.T) {
	payload := `{"tool_name":"terminal","tool_input":{"command":"rm -rf 'x'\nls","n":3.50,"ok":true,"o":{"a":[1,"two"]},"nul":null},"cwd":"/w"}`
	for _, tc := range []struct {
		name, stdin string
		args        []string
		code        int
		out, err    string
	}{
		{"string", payload, []string{"tool_input.command"}, 0, "rm -rf 'x'\nls\n", ""},
		{"top level", payload, []string{"cwd"}, 0, "/w\n", ""},
		{"number as written", payload, []string{"tool_input.n"}, 0, "3.50\n", ""},
		{"boolean", payload, []string{"tool_input.ok"}, 0, "true\n", ""},
		{"object", payload, []string{"tool_input.o"}, 0, `{"a":[1,"two"]}` + "\n", ""},
		{"array element", payload, []string{"tool_input.o.a.1"}, 0, "two\n", ""},
		{"array out of range", payload, []string{"tool_input.o.a.9"}, 0, "\n", ""},
		{"missing", payload, []string{"tool_input.path"}, 0, "\n", ""},
		{"below a string", payload, []string{"cwd.x"}, 0, "\n", ""},
		{"null", payload, []string{"tool_input.nul"}, 0, "\n", ""},
		{"sh", payload, []string{"--sh", "tool=tool_name", "path=tool_input.path", "n=tool_input.n"}, 0, "tool='terminal' path='' n='3.50'\n", ""},
		{"bad json", `{"tool_name":`, []string{"tool_name"}, 1, "", "not JSON"},
		{"empty stdin", "", []string{"tool_name"}, 1, "", "not JSON"},
		{"two values", `{} {}`, []string{"tool_name"}, 1, "", "more follows"},
		{"not an object", `["terminal"]`, []string{"0"}, 1, "", "not a JSON object"},
		{"NUL in a field", `{"c":"rm -rf /\u0000 harmless"}`, []string{"c"}, 1, "", "NUL"},
		{"no path", payload, nil, 2, "", "give one PATH"},
		{"two paths without --sh", payload, []string{"a", "b"}, 2, "", "give one PATH"},
		{"bad shell name", payload, []string{"--sh", "1x=tool_name"}, 2, "", "shell variable name"},
		{"sh word without =", payload, []string{"--sh", "tool_name"}, 2, "", "NAME=PATH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := hookctl(t.TempDir(), tc.stdin, append([]string{"field"}, tc.args...)...)
			if code != tc.code || out != tc.out || !strings.Contains(errOut, tc.err) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr with %q", code, out, errOut, tc.code, tc.out, tc.err)
			}
		})
	}
}

// A payload past the 64 MiB limit is refused without being read further.
func TestFieldHugePayload(t *testing.T) {
	huge := io.MultiReader(strings.NewReader(`{"c":"`), &repeatReader{b: 'a', n: maxPayload}, strings.NewReader(`"}`))
	var out, errOut strings.Builder
	a := newApp(huge, &out, &errOut, func(string) (string, bool) { return "", false })
	if code := a.execute([]string{"field", "c"}); code != 1 || out.Len() != 0 || !strings.Contains(errOut.String(), "larger than 64 MiB") {
		t.Errorf("exit %d, stdout %d bytes, stderr %q", code, out.Len(), errOut.String())
	}
}

type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	n := min(len(p), r.n)
	for i := range p[:n] {
		p[i] = r.b
	}
	r.n -= n
	return n, nil
}

// What --sh prints, eval-ed by a real sh, gives back every value byte for byte, whatever
// quotes, $(...), backquotes or newlines it holds: nothing in it runs.
func TestFieldShRoundTripsThroughSh(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh here")
	}
	nasty := "a'b\"c $(touch /tmp/hookctl-field-pwned) `id` \\ \n;|&*? ~ {x} !x end"
	stdin := `{"tool_input":{"command":` + jsonString(nasty) + `}}`
	_, out, errOut := hookctl(t.TempDir(), stdin, "field", "--sh", "c=tool_input.command")
	got, err := exec.Command(sh, "-c", `eval "$1"; printf '%s' "$c"`, "sh", out).CombinedOutput()
	if err != nil || string(got) != nasty {
		t.Errorf("sh read back %q (%v; %s), want %q", got, err, errOut, nasty)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

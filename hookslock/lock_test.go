package hookslock

import (
	"strings"
	"testing"
)

func TestReadRejects(t *testing.T) {
	sum := strings.Repeat("a", 64)
	for _, tc := range []struct{ name, text, want string }{
		{"version", "version: 2\nhooks: []\n", "version 2"},
		{"no version", "hooks: []\n", "version 0"},
		{"unknown key", "version: 1\nhooks: []\nauto_accept: true\n", "auto_accept"},
		{"absolute path", "version: 1\nhooks:\n  - event: e\n    command: ./g.sh\n    files:\n      - path: /etc/passwd\n        sha256: " + sum + "\n", "absolute"},
		{"dot dot", "version: 1\nhooks:\n  - event: e\n    command: ./g.sh\n    files:\n      - path: a/../../x\n        sha256: " + sum + "\n", "not clean"},
		{"bad sum", "version: 1\nhooks:\n  - event: e\n    command: ./g.sh\n    files:\n      - path: g.sh\n        sha256: ABC\n", "lowercase hex"},
		{"twice", "version: 1\nhooks:\n  - event: e\n    command: ./g.sh\n    files: []\n  - event: e\n    command: ./g.sh\n    files: []\n", "locked twice"},
		{"no command", "version: 1\nhooks:\n  - event: e\n    files: []\n", "no command"},
		{"two documents", "version: 1\nhooks: []\n---\nversion: 1\n", "more than one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read([]byte(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Read: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// The lock is written in one order whatever order its hooks come in, and reads back as written.
func TestMarshalStable(t *testing.T) {
	sum := strings.Repeat("0", 64)
	a := Hook{Event: "pre_tool_call", Command: "./b.sh", Guard: true, Files: []File{{".agent-hooks/b.sh", sum}}}
	b := Hook{Event: "pre_tool_call", Command: "./a.sh", Matcher: "Bash", Files: []File{{".agent-hooks/a.sh", sum}}}
	c := Hook{Event: "post_tool_call", Command: "python3 ./c.py", Dialect: "claude-code", Files: []File{{".agent-hooks/c.py", sum}}}
	one := Lock{Hooks: []Hook{a, b, c}}.Marshal()
	two := Lock{Hooks: []Hook{c, a, b}}.Marshal()
	if string(one) != string(two) {
		t.Fatalf("two orders, two locks:\n%s\n%s", one, two)
	}
	if !strings.HasPrefix(string(one), Header) {
		t.Errorf("no header:\n%s", one)
	}
	l, err := Read(one)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Marshal(); string(got) != string(one) {
		t.Errorf("read back and written again:\n%s\nwant\n%s", got, one)
	}
	want := []string{"post_tool_call python3 ./c.py", "pre_tool_call ./a.sh", "pre_tool_call ./b.sh"}
	for i, h := range l.Hooks {
		if h.Event+" "+h.Command != want[i] {
			t.Errorf("hooks[%d] = %s %s, want %s", i, h.Event, h.Command, want[i])
		}
	}
	if !l.Hooks[2].Guard || l.Hooks[1].Matcher != "Bash" || l.Hooks[0].Dialect != "claude-code" {
		t.Errorf("fields lost: %+v", l.Hooks)
	}
}

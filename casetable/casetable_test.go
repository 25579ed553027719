package casetable

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/runner"
)

func TestParse(t *testing.T) {
	table := `# a comment
- name: a shell inside a shell
  agent: claude-code
  cwd: /home/me/project
  command: bash -c 'rm -rf ../x'
  expect: block
- tool: Read
  input: {file_path: .env, limit: 3}
  expect: allow
`
	cases, err := Parse("t.yaml", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	want := []Case{
		{Line: 2, Name: "a shell inside a shell", Agent: "claude-code", Cwd: "/home/me/project", Command: "bash -c 'rm -rf ../x'", Expect: "block"},
		{Line: 7, Tool: "Read", Input: json.RawMessage(`{"file_path":".env","limit":3}`), Expect: "allow"},
	}
	if len(cases) != len(want) {
		t.Fatalf("got %d cases, want %d", len(cases), len(want))
	}
	for i := range want {
		got, w := cases[i], want[i]
		if got.Line != w.Line || got.Name != w.Name || got.Agent != w.Agent || got.Cwd != w.Cwd ||
			got.Command != w.Command || got.Tool != w.Tool || string(got.Input) != string(w.Input) || got.Expect != w.Expect {
			t.Errorf("case %d = %+v, want %+v", i, got, w)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, table, want string
	}{
		{"empty", "", "t.yaml: the table has no cases"},
		{"not a list", "command: ls\n", "t.yaml:1:1: the table must be a YAML list"},
		{"empty list", "[]\n", "t.yaml:1:1: the table has no cases"},
		{"syntax", "- command: [\n", "t.yaml: line 1"},
		{"case not a map", "- ls\n", "t.yaml:1:3: a case is a map"},
		{"typo in a field", "- command: ls\n  expect: allow\n- comand: ls\n", `t.yaml:3:3: unknown field "comand" (did you mean command?)`},
		{"unknown field", "- command: ls\n  zzzzzzzz: 1\n", `t.yaml:2:3: unknown field "zzzzzzzz" (a case has`},
		{"typo in expect", "- command: ls\n  expect: blok\n", `t.yaml:2:11: expect: "blok" is not one of allow, block, ask, modify (did you mean block?)`},
		{"no expect", "- command: ls\n", "t.yaml:1:3: expect: missing"},
		{"no call", "- expect: allow\n", "t.yaml:1:3: command: missing"},
		{"both", "- command: ls\n  tool: Read\n  expect: allow\n", "t.yaml:2:9: command: a case is a shell command or a tool call, not both"},
		{"input without tool", "- input: {a: 1}\n  expect: allow\n", "t.yaml:1:10: tool: missing"},
		{"input not a map", "- tool: Read\n  input: x\n  expect: allow\n", "t.yaml:2:10: input: want a map"},
		{"not a string", "- command: [ls]\n  expect: allow\n", "t.yaml:1:12: command: want a string"},
		{"null", "- command:\n  expect: allow\n", "t.yaml:1:11: command: want a string"},
		{"unknown agent", "- agent: claude\n  command: ls\n  expect: allow\n", `t.yaml:1:10: agent: unknown agent "claude"`},
		{"twice", "- command: ls\n  command: rm\n", "t.yaml:2:3: command: given twice"},
		{"NUL", "- command: \"a\\0b\"\n  expect: allow\n", "t.yaml:1:12: command: contains a NUL byte"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(tt.table))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestJudge(t *testing.T) {
	exit2 := 2
	tests := []struct {
		name   string
		expect string
		res    runner.Result
		want   string // "" passes
	}{
		{"allowed", "allow", runner.Result{Decision: "allow"}, ""},
		{"blocked", "block", runner.Result{Decision: "block", Reason: "no"}, ""},
		{"halted is a block", "block", runner.Result{Decision: "allow", Halt: true}, ""},
		{"ask", "ask", runner.Result{Decision: "ask"}, ""},
		{"modified", "modify", runner.Result{Decision: "allow", ToolInput: json.RawMessage(`{}`)}, ""},
		{"allowed, want block", "block", runner.Result{Decision: "allow"}, "got allow, want block"},
		{"blocked, want allow", "allow", runner.Result{Decision: "block", Reason: "guard: no"}, "got block, want allow (guard: no)"},
		{"a skipped hook fails the case", "block", runner.Result{Decision: "block", Hooks: []runner.HookResult{
			{Command: "./g.sh", Status: runner.StatusSkippedUnapproved, Message: "run: hookctl hooks approve ./g.sh"}}},
			"hook ./g.sh was skipped (skipped_unapproved): run: hookctl hooks approve ./g.sh"},
		{"a hook that ran", "block", runner.Result{Decision: "block", Hooks: []runner.HookResult{
			{Command: "./g.sh", Status: runner.StatusBlocked, ExitCode: &exit2}}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Judge(Case{Expect: tt.expect}, &tt.res); got != tt.want {
				t.Errorf("Judge = %q, want %q", got, tt.want)
			}
		})
	}
}

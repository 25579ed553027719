package consent

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// FuzzDecodeGuards checks that a guard record either fails to decode or survives encoding and
// decoding unchanged, and that decoding never panics.
func FuzzDecodeGuards(f *testing.F) {
	for _, seed := range []string{
		`{"version":1,"guards":[]}`,
		`{"version":1,"guards":[{"event":"pre_tool_call","command":"./g.sh","matcher":["Bash"],"agents":[],"fail_closed":true}]}`,
		`{"version":1,"guards":[{"event":"pre_llm_call","command":"./p.sh","matcher":null,"agents":["claude-code"],"fail_closed":true},{"event":"a","command":"b"}]}`,
		`{"version":1,"guards":[{"event":"e","command":"c"},{"event":"e","command":"c"}]}`,
		`{"version":2,"guards":[]}`,
		`{"version":1,"guards":[{"event":"e"`,
		`{"version":1,"guards":[],"x":1}`,
		`{"version":1} {}`,
		`{"version":1,"guards":[{"event":"e","command":"./w ./g.sh","fail_closed":true,"pin":"exec","files":[{"path":"/g.sh","sha256":"` + sumA + `","size":1,"mtime":"2025-03-04T05:06:07Z"},{"path":"/usr/bin/env","dev":2049,"ino":7,"size":9,"mtime":""}]}]}`,
		`{"version":1,"guards":[{"event":"e","command":"c","files":[]},{"event":"e","command":"d","files":null}]}`,
		`{"version":1,"guards":[{"event":"e","command":"c","pin":"path"}]}`,
		`{"version":1,"guards":[{"event":"e","command":"c","dialect":"claude-code","files":[]},{"event":"e","command":"d","dialect":"hermes"}]}`,
		`{"version":1,"guards":[{"event":"e","command":"c","files":[{"path":"/g"},{"path":"/g","ino":1}]}]}`,
		`null`,
		``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		guards, err := decodeGuards(data)
		if err != nil {
			return
		}
		m := map[[2]string]Guard{}
		for _, g := range guards {
			m[g.key()] = g
		}
		again, err := decodeGuards(encodeGuards(m))
		if err != nil {
			t.Fatalf("the encoded record does not decode: %v", err)
		}
		slices.SortFunc(guards, func(a, b Guard) int {
			return strings.Compare(a.Event+"\x00"+a.Command, b.Event+"\x00"+b.Command)
		})
		same := func(x, y Guard) bool {
			return x.Same(y) && x.Pin == y.Pin && x.Dialect == y.Dialect && (x.Files == nil) == (y.Files == nil) && slices.EqualFunc(x.Files, y.Files, FilePin.Same)
		}
		if !slices.EqualFunc(guards, again, same) {
			t.Fatalf("round trip changed the record:\n%v\n%v", guards, again)
		}
	})
}

func hook(t *testing.T, event, command, matcher string, failClosed bool, agents ...string) config.Hook {
	t.Helper()
	h := config.Hook{Event: event, Command: command, FailClosed: failClosed, Agents: agents}
	if err := h.SetMatcher(matcher); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestGaps: a recorded guard is in force only while the config holds its entry as approved;
// every other state is a gap that says why.
func TestGaps(t *testing.T) {
	g := GuardOf(hook(t, "pre_tool_call", "./g.sh", "Bash", true))
	tests := []struct {
		name  string
		hooks []config.Hook
		why   string // "" for in force
	}{
		{"as approved", []config.Hook{hook(t, "pre_tool_call", "./g.sh", "Bash", true)}, ""},
		{"deleted", nil, "its entry is gone"},
		{"moved", []config.Hook{hook(t, "post_tool_call", "./g.sh", "Bash", true)}, "its entry is gone"},
		{"fail_closed off", []config.Hook{hook(t, "pre_tool_call", "./g.sh", "Bash", false)}, "no longer fail_closed"},
		{"matcher narrowed", []config.Hook{hook(t, "pre_tool_call", "./g.sh", "Write", true)}, `its matcher changed from ["Bash"] to ["Write"]`},
		{"agents narrowed", []config.Hook{hook(t, "pre_tool_call", "./g.sh", "Bash", true, "codex")}, "its agents changed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gaps := Gaps([]Guard{g}, &config.Config{Path: "/h/config.yaml", Hooks: tt.hooks}, "")
			switch {
			case tt.why == "" && len(gaps) != 0:
				t.Errorf("gaps = %v, want none", gaps)
			case tt.why != "" && (len(gaps) != 1 || !strings.Contains(gaps[0].Why, tt.why)):
				t.Errorf("gaps = %v, want one saying %q", gaps, tt.why)
			}
		})
	}
	if gaps := Gaps([]Guard{g}, &config.Config{Path: "/h/config.yaml", Unreadable: true}, ""); len(gaps) != 1 {
		t.Errorf("an unreadable config holds the guard: %v", gaps)
	}
	if gaps := Gaps([]Guard{g}, &config.Config{Path: "/h/config.yaml"}, "pre_llm_call"); len(gaps) != 0 {
		t.Errorf("a gap of another event than the fired one: %v", gaps)
	}
}

// TestCovers: a guard covers the calls of its event and agents that its matcher matches; a
// tool that is not known is covered, and so is every tool when a matcher no longer compiles.
func TestCovers(t *testing.T) {
	bash, write := "Bash", "Write"
	g := Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"Bash|Shell"}, Agents: []string{"claude-code"}}
	tests := []struct {
		event, agent string
		tool         *string
		known, want  bool
	}{
		{"pre_tool_call", "claude-code", &bash, true, true},
		{"pre_tool_call", "claude-code", &write, true, false},
		{"pre_tool_call", "claude-code", nil, true, false},
		{"pre_tool_call", "claude-code", nil, false, true},
		{"pre_tool_call", "codex", &bash, true, false},
		{"pre_llm_call", "claude-code", &bash, true, false},
	}
	for _, tt := range tests {
		if got := g.Covers(tt.event, tt.agent, tt.tool, tt.known); got != tt.want {
			t.Errorf("Covers(%s, %s, %v, %v) = %v, want %v", tt.event, tt.agent, tt.tool, tt.known, got, tt.want)
		}
	}
	broken := Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"[Bash"}}
	if !broken.Covers("pre_tool_call", "hermes", &write, true) {
		t.Error("a matcher that does not compile narrows the guard")
	}
}

// TestCoversByHookctlName is the hole of SPEC 19: a guard written with hookctl's name of the
// shell covers every agent's shell tool, and a mistyped one covers none.
func TestCoversByHookctlName(t *testing.T) {
	g := Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"terminal"}}
	for _, tc := range []struct {
		agent, tool string
		want        bool
	}{
		{"claude-code", "Bash", true}, {"codex", "Bash", true}, {"gemini", "run_shell_command", true},
		{"cursor", "Shell", true}, {"copilot", "bash", true}, {"windsurf", "run_command", true},
		{"cline", "run_commands", true}, {"hermes", "terminal", true},
		{"claude-code", "Read", false}, {"copilot", "view", false}, {"not-an-agent", "Bash", false},
	} {
		tool := tc.tool
		if got := g.Covers("pre_tool_call", tc.agent, &tool, true); got != tc.want {
			t.Errorf("guard %q under %s on %s: covers %v, want %v", g.Matcher, tc.agent, tc.tool, got, tc.want)
		}
	}
	typo := Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"termnal"}}
	bash := "Bash"
	if typo.Covers("pre_tool_call", "claude-code", &bash, true) {
		t.Error("a mistyped matcher covers Bash")
	}
}

// TestDropped: approving a state that drops or changes a recorded guard is reported, so that
// the command asks the person; adding a guard or approving it unchanged is not.
func TestDropped(t *testing.T) {
	guard := hook(t, "pre_tool_call", "./g.sh", "Bash", true)
	open := hook(t, "pre_tool_call", "./g.sh", "Bash", false)
	other := hook(t, "post_tool_call", "./n.sh", "", false)
	recorded := []Guard{guardOfApproval(guard, Approval{})}
	if d := Dropped(recorded, prep(t, guard, other), true, nil); len(d) != 0 {
		t.Errorf("approving the guard unchanged drops %v", d)
	}
	if d := Dropped(recorded, prep(t, open), false, nil); len(d) != 1 {
		t.Errorf("approving the entry without fail_closed drops %v, want the guard", d)
	}
	if d := Dropped(recorded, prep(t, other), false, nil); len(d) != 0 {
		t.Errorf("approving another hook drops %v", d)
	}
	if d := Dropped(recorded, prep(t, other), true, nil); len(d) != 1 {
		t.Errorf("approve --all without the guard drops %v, want the guard", d)
	}
	if d := Revoked(recorded, "./g.sh", "post_tool_call"); len(d) != 0 {
		t.Errorf("revoking on another event drops %v", d)
	}
}

// prep is what approving the hooks would record, read now.
func prep(t *testing.T, hooks ...config.Hook) Prepared {
	t.Helper()
	p, errs := NewStore(t.TempDir() + "/allowlist.json").Prepare(hooks)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return p
}

// TestDialectIsPartOfTheApproval (SPEC 23.4): the protocol a hook's script is fed is in its
// approval and in the guard record; changing it makes the hook changed, and a guard change.
func TestDialectIsPartOfTheApproval(t *testing.T) {
	dir := t.TempDir()
	s := NewStore(dir + "/allowlist.json")
	plain := hook(t, "pre_tool_call", "./g.sh", "Bash", true)
	plain.Script = writeScript(t, dir, "g.sh", "#!/bin/sh\n")
	own, cc := plain, plain
	own.Dialect, cc.Dialect = "hookctl", "claude-code"
	for _, tt := range []struct {
		approved, now config.Hook
		reason        string
	}{
		{plain, own, "dialect differs (approved none, now hookctl)"},
		{own, cc, "dialect differs (approved hookctl, now claude-code)"},
		{cc, plain, "dialect differs (approved claude-code, now none)"},
		{cc, cc, ""},
	} {
		if _, err := s.Approve(tt.approved); err != nil {
			t.Fatal(err)
		}
		list, err := s.Load()
		if err != nil {
			t.Fatal(err)
		}
		c := list.Check(tt.now)
		switch {
		case tt.reason == "" && c.Status != StatusApproved:
			t.Errorf("same dialect: status %s (%s)", c.Status, c.Reason)
		case tt.reason != "" && (c.Status != StatusChanged || !strings.Contains(c.Reason, tt.reason)):
			t.Errorf("status %s (%s), want changed: %s", c.Status, c.Reason, tt.reason)
		}
		guards, err := s.Guards()
		if err != nil || len(guards) != 1 || guards[0].Dialect != tt.approved.Dialect {
			t.Fatalf("guard record %+v (%v), want dialect %q", guards, err, tt.approved.Dialect)
		}
		// Approving the other dialect over the recorded guard is a guard change.
		d := Dropped(guards, prep(t, tt.now), false, nil)
		if tt.reason == "" && len(d) != 0 || tt.reason != "" && (len(d) != 1 || !strings.Contains(d[0].Why, tt.reason)) {
			t.Errorf("approving %q over %q: changes %+v, want %q", tt.now.Dialect, tt.approved.Dialect, d, tt.reason)
		}
	}
}

// TestCoversByDialectName (SPEC 23.4): a guard whose script speaks Claude Code's protocol
// covers, with its matcher Bash, every agent's shell tool, and nothing else.
func TestCoversByDialectName(t *testing.T) {
	g := Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"Bash"}, Dialect: "claude-code"}
	plain := g
	plain.Dialect = ""
	for _, tc := range []struct {
		agent, tool string
		want, plain bool
	}{
		{"claude-code", "Bash", true, true}, {"copilot", "bash", true, false}, {"gemini", "run_shell_command", true, false},
		{"cline", "run_commands", true, false}, {"windsurf", "run_command", true, false}, {"hermes", "terminal", true, false},
		{"copilot", "view", false, false}, {"gemini", "read_file", false, false},
	} {
		tool := tc.tool
		if got := g.Covers("pre_tool_call", tc.agent, &tool, true); got != tc.want {
			t.Errorf("claude-code guard Bash under %s on %s: covers %v, want %v", tc.agent, tc.tool, got, tc.want)
		}
		if got := plain.Covers("pre_tool_call", tc.agent, &tool, true); got != tc.plain {
			t.Errorf("guard Bash with no dialect under %s on %s: covers %v, want %v", tc.agent, tc.tool, got, tc.plain)
		}
	}
}

// TestWidens (SPEC 23.10): a matcher change is a widening, asked nothing, only when every tool
// the old matcher covered in each wired agent's tool table is covered by the new one.
func TestWidens(t *testing.T) {
	g := GuardOf(hook(t, "pre_tool_call", "./g.sh", "Bash", true))
	mcp := GuardOf(hook(t, "pre_tool_call", "./g.sh", "Bash|mcp__.*", true))
	for _, tt := range []struct {
		name   string
		now    config.Hook
		agents []string
		want   bool
	}{
		{"Bash to Bash|Write", hook(t, "pre_tool_call", "./g.sh", "Bash|Write", true), []string{"claude-code"}, true},
		{"Bash to every tool", hook(t, "pre_tool_call", "./g.sh", "", true), []string{"claude-code"}, true},
		{"Bash to terminal, hookctl's name of every shell tool", hook(t, "pre_tool_call", "./g.sh", "terminal", true), nil, true},
		{"Bash to Write: narrowed", hook(t, "pre_tool_call", "./g.sh", "Write", true), []string{"claude-code"}, false},
		{"Bash to Bas.: narrowed to nothing", hook(t, "pre_tool_call", "./g.sh", "Bas", true), []string{"claude-code"}, false},
		{"widened but no longer fail_closed", hook(t, "pre_tool_call", "./g.sh", "Bash|Write", false), []string{"claude-code"}, false},
		{"widened but kept to one agent", hook(t, "pre_tool_call", "./g.sh", "Bash|Write", true, "codex"), []string{"claude-code"}, false},
		{"MCP tools dropped: narrowed", hook(t, "pre_tool_call", "./g.sh", "Bash|Write", true), []string{"claude-code"}, false},
		{"an agent hookctl does not know proves nothing", hook(t, "pre_tool_call", "./g.sh", "Bash|Write", true), []string{"no-such-agent"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old := g
			if strings.HasPrefix(tt.name, "MCP") {
				old = mcp
			}
			if got := Widens(old, tt.now, tt.agents); got != tt.want {
				t.Errorf("Widens = %v, want %v", got, tt.want)
			}
		})
	}
	all := GuardOf(hook(t, "pre_tool_call", "./g.sh", "", true))
	if Widens(all, hook(t, "pre_tool_call", "./g.sh", "Bash", true), nil) {
		t.Error("every tool to Bash is a widening")
	}
}

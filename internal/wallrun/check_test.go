package wallrun

import (
	"errors"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
)

func dialect(t *testing.T, name string) *agent.Dialect {
	t.Helper()
	d, err := agent.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDown(t *testing.T) {
	unreadable := errors.New("wiring.json: bad JSON")
	byStart := install.WallWired{Agent: "codex", Mode: install.WallByStart}
	byPrefix := install.WallWired{Agent: "codex", Mode: install.WallByPrefix}
	for _, tc := range []struct {
		name           string
		event          string
		held           bool
		probe          Probe
		block, warning string // what each starts with, "" for none
		probed         bool
	}{
		{name: "not a tool call: nothing probed", event: "on_session_start", probe: Probe{Wired: true, Wall: byStart}},
		{name: "no wall wired", event: "pre_tool_call", probe: Probe{}, probed: true},
		{name: "behind the wall", event: "pre_tool_call", probe: Probe{Wired: true, Wall: byStart, Inside: true}, probed: true},
		{name: "started outside the wall", event: "pre_tool_call", probe: Probe{Wired: true, Wall: byStart}, probed: true,
			block: "hookctl: Codex was wired to run behind the wall, and this call comes from outside it: start it as `hookctl wall -- codex --sandbox danger-full-access`"},
		{name: "the prefix gone", event: "post_tool_call", probe: Probe{Wired: true, Wall: byPrefix}, probed: true,
			block: "hookctl: Codex was wired to run its commands behind the wall, and this call's hooks run outside it (env." + install.ShellPrefixVar},
		{name: "cannot tell whether behind it", event: "pre_tool_call", probe: Probe{Wired: true, Wall: byStart, Inside: true, InsideErr: errors.New("no file to probe")}, probed: true,
			block: "hookctl: Codex was wired to run behind the wall, and whether this call is behind it cannot be told (no file to probe)"},
		{name: "memory unreadable, guards held: blocks", event: "pre_tool_call", held: true, probe: Probe{MemoryErr: unreadable}, probed: true,
			block: "hookctl: cannot tell whether Codex was wired to run behind the wall (wiring.json: bad JSON)"},
		{name: "memory unreadable, no guard: a warning", event: "pre_tool_call", probe: Probe{MemoryErr: unreadable}, probed: true,
			warning: "hookctl: cannot tell whether the wall is wired: wiring.json: bad JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			probed := false
			block, warning := Down(tc.event, dialect(t, "codex"), tc.held, func() Probe { probed = true; return tc.probe })
			if probed != tc.probed {
				t.Errorf("probed = %v, want %v", probed, tc.probed)
			}
			if !strings.HasPrefix(block, tc.block) || (tc.block == "") != (block == "") {
				t.Errorf("block = %q, want %q...", block, tc.block)
			}
			if !strings.HasPrefix(warning, tc.warning) || (tc.warning == "") != (warning == "") {
				t.Errorf("warning = %q, want %q...", warning, tc.warning)
			}
		})
	}
}

func TestNotice(t *testing.T) {
	byStart := install.WallWired{Agent: "claude-code", Mode: install.WallByStart}
	byPrefix := install.WallWired{Agent: "claude-code", Mode: install.WallByPrefix}
	for _, tc := range []struct {
		name  string
		probe Probe
		want  string // the start of the line, "" for none
	}{
		{name: "no wall wired", probe: Probe{}},
		{name: "memory unreadable", probe: Probe{MemoryErr: errors.New("x")}},
		{name: "up, by its start", probe: Probe{Wired: true, Wall: byStart, Inside: true}, want: "hookctl: the wall is up: Claude Code and everything it starts"},
		{name: "up for its commands", probe: Probe{Wired: true, Wall: byPrefix, Inside: true}, want: "hookctl: the wall is up for Claude Code's commands"},
		{name: "started outside it", probe: Probe{Wired: true, Wall: byStart}, want: "hookctl: the wall is not up: Claude Code was wired to run behind it and was started outside it"},
		{name: "its hooks outside it", probe: Probe{Wired: true, Wall: byPrefix}, want: "hookctl: the wall is not up: Claude Code was wired to run its commands behind it"},
		{name: "cannot tell counts as outside", probe: Probe{Wired: true, Wall: byPrefix, Inside: true, InsideErr: errors.New("x")}, want: "hookctl: the wall is not up"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Notice(dialect(t, "claude-code"), tc.probe)
			if !strings.HasPrefix(got, tc.want) || (tc.want == "") != (got == "") {
				t.Fatalf("Notice = %q, want %q...", got, tc.want)
			}
		})
	}
}

func TestWiredFor(t *testing.T) {
	m := install.Memory{Walls: []install.WallWired{{Agent: "codex", Mode: install.WallByStart}, {Agent: "claude-code"}}}
	for _, tc := range []struct {
		agent string
		want  bool
	}{{"codex", true}, {"claude-code", true}, {"gemini", false}} {
		t.Run(tc.agent, func(t *testing.T) {
			w, ok := WiredFor(m, tc.agent)
			if ok != tc.want || ok && w.Agent != tc.agent {
				t.Fatalf("WiredFor(%s) = %+v, %v", tc.agent, w, ok)
			}
		})
	}
}

package install

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
)

func TestAgentsOf(t *testing.T) {
	for _, tc := range []struct {
		name  string
		wired []Wiring
		want  string
	}{
		{name: "none"},
		{name: "each once, sorted", wired: []Wiring{{Agent: "codex"}, {Agent: "claude-code"}, {Agent: "codex"}}, want: "claude-code,codex"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(AgentsOf(tc.wired), ","); got != tc.want {
				t.Fatalf("AgentsOf = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestUnwireStore: the guards a change answers to are those of the home the agent's entries
// run against (SPEC 24.6), which an environment pointing elsewhere cannot hide.
func TestUnwireStore(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, ".claude", "settings.json")
	current := consent.NewStore(filepath.Join(dir, "env-home", "allowlist.json"))
	other := filepath.Join(dir, "real-home")
	for _, tc := range []struct {
		name      string
		wired     []Wiring
		system    bool
		wantStore string
		moved     bool
	}{
		{name: "entries naming no home", wired: []Wiring{{Agent: "claude-code", File: settings}}, wantStore: current.Path},
		{name: "entries naming the same home", wired: []Wiring{{Agent: "claude-code", File: settings, Home: filepath.Dir(current.Path)}}, wantStore: current.Path},
		{name: "entries naming another home", wired: []Wiring{{Agent: "claude-code", File: settings, Home: other}},
			wantStore: filepath.Join(other, "allowlist.json"), moved: true},
		{name: "the system level's entries: another store, not moved", system: true, wired: []Wiring{{Agent: "claude-code", File: settings, Home: other}},
			wantStore: filepath.Join(other, "allowlist.json")},
		{name: "another agent's entries", wired: []Wiring{{Agent: "codex", File: settings, Home: other}}, wantStore: current.Path},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store, moved := UnwireStore(tc.wired, "claude-code", Target{Path: settings, System: tc.system}, current)
			if store.Path != tc.wantStore || moved != tc.moved {
				t.Fatalf("UnwireStore = %s, %v; want %s, %v", store.Path, moved, tc.wantStore, tc.moved)
			}
		})
	}
}

func TestUnwireWhat(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moved bool
		want  string
	}{
		{name: "the same home", want: "changing /p/.claude/settings.json"},
		{name: "another home", moved: true, want: "changing /p/.claude/settings.json (its entries run against /real/allowlist.json, not /env/allowlist.json)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := UnwireWhat(Target{Path: "/p/.claude/settings.json"}, "/real/allowlist.json", "/env/allowlist.json", tc.moved); got != tc.want {
				t.Fatalf("UnwireWhat = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestUnwireChanges: each guard the change drops is asked about as dropped (no Why, no Now).
func TestUnwireChanges(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	target := Target{Agent: d.Name, Path: "/p/.claude/settings.json"}
	pre := consent.Guard{Event: "pre_tool_call", Command: "./guard.sh", FailClosed: true}
	wired := []Wiring{{Agent: d.Name, Scope: "project", File: target.Path, AgentEvent: "PreToolUse", Event: "pre_tool_call"}}
	for _, tc := range []struct {
		name string
		r    Report
		want int
	}{
		{name: "its event removed", r: Report{Removed: []Change{{Event: "PreToolUse"}}}, want: 1},
		{name: "nothing removed", want: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := UnwireChanges([]consent.Guard{pre}, wired, d, target, tc.r, false)
			if len(got) != tc.want {
				t.Fatalf("UnwireChanges = %+v, want %d", got, tc.want)
			}
			for _, c := range got {
				if c.Guard.String() != pre.String() || c.Why != "" || c.Now != nil {
					t.Fatalf("change %+v, want the guard dropped", c)
				}
			}
		})
	}
}

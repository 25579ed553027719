package view

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// TestUnwiredFindings: a guard's event remembered as wired and gone from the agent's settings
// is an error; an event no guard covers, one still wired, or another agent's (with only) is
// not; an unreadable memory is an error, and an unreadable guard record covers every event.
func TestUnwiredFindings(t *testing.T) {
	dir := t.TempDir()
	memory := filepath.Join(dir, "wiring.json")
	if err := os.WriteFile(memory, []byte(`{"version": 1, "wired": [
		{"agent": "claude-code", "file": "/h/settings.json", "agent_event": "PreToolUse", "event": "pre_tool_call"},
		{"agent": "claude-code", "file": "/h/settings.json", "agent_event": "Stop", "event": "stop"},
		{"agent": "codex", "file": "/h/hooks.json", "agent_event": "PreToolUse", "event": "pre_tool_call"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(dir, "corrupt.json")
	if err := os.WriteFile(corrupt, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	guard := runner.Guards{Recorded: []consent.Guard{{Event: "pre_tool_call"}}}
	claudeOnly := runner.Guards{Recorded: []consent.Guard{{Event: "pre_tool_call", Agents: []string{"claude-code"}}}}
	unreadable := runner.Guards{Err: errors.New("record unreadable")}
	stillClaude := []install.Wiring{{Agent: "claude-code", File: "/h/settings.json", AgentEvent: "PreToolUse"}}
	claude, _ := agent.Lookup("claude-code")
	tests := []struct {
		name   string
		memory string
		wired  []install.Wiring
		only   *agent.Dialect
		held   runner.Guards
		want   []string // the agents named, in order; "memory" for the memory's own error
	}{
		{"no memory", filepath.Join(dir, "none.json"), nil, nil, guard, nil},
		{"corrupt memory", corrupt, nil, nil, guard, []string{"memory"}},
		{"both gone", memory, nil, nil, guard, []string{"Claude Code", "Codex"}},
		{"one still wired", memory, stillClaude, nil, guard, []string{"Codex"}},
		{"only one agent", memory, nil, claude, guard, []string{"Claude Code"}},
		{"a guard of one agent", memory, nil, nil, claudeOnly, []string{"Claude Code"}},
		{"no guard", memory, nil, nil, runner.Guards{}, nil},
		{"record unreadable", memory, stillClaude, nil, unreadable, []string{"Claude Code", "Codex"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := UnwiredFindings(tt.memory, tt.wired, tt.only, func() runner.Guards { return tt.held })
			if len(fs) != len(tt.want) {
				t.Fatalf("findings %+v, want %d", fs, len(tt.want))
			}
			for i, f := range fs {
				if tt.want[i] == "memory" {
					if !strings.Contains(f.Fix, "hookctl install for each agent") {
						t.Errorf("finding %+v, want the memory's fix", f)
					}
					continue
				}
				if !strings.HasPrefix(f.Message, tt.want[i]+" is no longer wired") {
					t.Errorf("finding %q, want it of %s", f.Message, tt.want[i])
				}
			}
		})
	}
}

// TestUnwiredFindingsReadsGuardsLazily: with nothing remembered, the guard record is not read.
func TestUnwiredFindingsReadsGuardsLazily(t *testing.T) {
	fs := UnwiredFindings(filepath.Join(t.TempDir(), "none.json"), nil, nil, func() runner.Guards {
		t.Fatal("the guard record was read")
		return runner.Guards{}
	})
	if len(fs) != 0 {
		t.Fatalf("findings %+v, want none", fs)
	}
}

// TestDialectFindings: each agent wired is judged once, in the order first wired, and the agent
// being added is judged against the others whether or not it is wired already.
func TestDialectFindings(t *testing.T) {
	guards := []consent.Guard{{Event: "pre_tool_call", Command: "guard.sh"}}
	wiring := func(names ...string) []install.Wiring {
		var out []install.Wiring
		for _, n := range names {
			out = append(out, install.Wiring{Agent: n})
		}
		return out
	}
	tests := []struct {
		name   string
		wired  []install.Wiring
		adding string
		names  []string // what doctor.DialectFindings is to judge
	}{
		{"none", nil, "", nil},
		{"each once", wiring("claude-code", "gemini", "claude-code", "gemini"), "", []string{"claude-code", "gemini"}},
		{"adding one wired", wiring("gemini", "cursor"), "gemini", []string{"gemini", "cursor"}},
		{"adding a new one", wiring("gemini", "gemini"), "cursor", []string{"gemini", "cursor"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DialectFindings(guards, tt.wired, tt.adding)
			want := doctor.DialectFindings(guards, tt.names, tt.adding)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("DialectFindings = %+v, want %+v", got, want)
			}
		})
	}
}

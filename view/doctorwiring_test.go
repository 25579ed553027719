package view

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// TestAgentFindings: settings that could not be read come first, then a guard's event edited
// out of an agent's settings; with one agent asked for, only its findings, and the wiring
// given is left as it was.
func TestAgentFindings(t *testing.T) {
	dir := t.TempDir()
	memory := filepath.Join(dir, "wiring.json")
	if err := os.WriteFile(memory, []byte(`{"version": 1, "wired": [
		{"agent": "claude-code", "file": "/h/settings.json", "agent_event": "PreToolUse", "event": "pre_tool_call"},
		{"agent": "codex", "file": "/h/hooks.json", "agent_event": "PreToolUse", "event": "pre_tool_call"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	noEnv := func(string) (string, bool) { return "", false }
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks: {}\n"), config.Options{LookupEnv: noEnv})
	held := func() runner.Guards { return runner.Guards{Recorded: []consent.Guard{{Event: "pre_tool_call"}}} }
	wired := []install.Wiring{
		{Agent: "gemini", Scope: "user", File: "/h/gemini.json"},
		{Agent: "codex", Scope: "user", File: "/h/other.json"},
	}
	codex, _ := agent.Lookup("codex")
	tests := []struct {
		name string
		only *agent.Dialect
		errs []error
		want []string // the findings' messages begin so, in order (of the scan and the memory)
	}{
		{"every agent", nil, []error{errors.New("bad json")}, []string{
			"cannot check an agent's settings: bad json", "Claude Code is no longer wired", "Codex is no longer wired"}},
		{"one agent", codex, nil, []string{"Codex is no longer wired"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(wired)
			home := t.TempDir()
			fs := AgentFindings(AgentExam{Config: cfg, Home: home, Memory: memory, Wired: wired, ScanErrs: tt.errs,
				Only: tt.only, Held: held, Projects: []string{dir}, LookupEnv: noEnv})
			var got []string
			for _, f := range fs {
				for _, w := range tt.want {
					if strings.HasPrefix(f.Message, w) {
						got = append(got, w)
					}
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				var all []string
				for _, f := range fs {
					all = append(all, f.Message)
				}
				t.Fatalf("findings\n%s\nwant, in order, %q", strings.Join(all, "\n"), tt.want)
			}
			if !reflect.DeepEqual(wired, before) {
				t.Fatalf("the wiring given was changed: %+v", wired)
			}
		})
	}
}

// TestWiredFor: one agent's wirings when asked, every one otherwise, the list given untouched.
func TestWiredFor(t *testing.T) {
	wired := []install.Wiring{{Agent: "codex", File: "a"}, {Agent: "gemini"}, {Agent: "codex", File: "b"}}
	codex, _ := agent.Lookup("codex")
	cursor, _ := agent.Lookup("cursor")
	tests := []struct {
		name string
		only *agent.Dialect
		want []install.Wiring
	}{
		{"every agent", nil, wired},
		{"one agent", codex, []install.Wiring{{Agent: "codex", File: "a"}, {Agent: "codex", File: "b"}}},
		{"an agent not wired", cursor, []install.Wiring{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(wired)
			if got := WiredFor(wired, tt.only); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("WiredFor = %+v, want %+v", got, tt.want)
			}
			if !reflect.DeepEqual(wired, before) {
				t.Fatalf("the list given was changed: %+v", wired)
			}
		})
	}
}

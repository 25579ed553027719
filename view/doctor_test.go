package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
)

func TestDoctorBypass(t *testing.T) {
	codex, err := agent.Lookup("codex")
	if err != nil {
		t.Fatal(err)
	}
	bypassed := []install.Wiring{{Agent: "codex", Event: "pre_tool_call", File: "/h/.codex/hooks.json", AcceptHooks: true}}
	plain := []install.Wiring{{Agent: "codex", Event: "pre_tool_call", File: "/h/.codex/hooks.json"}}
	other := []install.Wiring{{Agent: "gemini", Event: "pre_tool_call", File: "/h/.gemini/settings.json", AcceptHooks: true}}
	tests := []struct {
		name      string
		flag, env bool
		only      *agent.Dialect
		wired     []install.Wiring
		want      string
		finding   string // a part of the warning's message, "" for none
	}{
		{"nothing", false, false, nil, plain, "", ""},
		{"the flag, plain runs", true, false, nil, plain, "--accept-hooks", ""},
		{"the variable, plain runs", false, true, nil, plain, "HOOKCTL_ACCEPT_HOOKS", ""},
		{"the flag wins over the variable", true, true, nil, plain, "--accept-hooks", ""},
		{"an agent's wiring bypasses", false, false, codex, bypassed, "the --accept-hooks of Codex's wiring (/h/.codex/hooks.json)", ""},
		{"another agent's wiring does not", false, false, codex, other, "", ""},
		{"the variable does not reach an agent's runs", false, true, codex, plain, "", "HOOKCTL_ACCEPT_HOOKS does not reach Codex's runs"},
		{"nor does the flag", true, false, codex, plain, "", "--accept-hooks does not reach Codex's runs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, f := DoctorBypass(tt.flag, tt.env, tt.only, tt.wired)
			if got != tt.want {
				t.Errorf("bypass = %q, want %q", got, tt.want)
			}
			switch {
			case tt.finding == "" && f != nil:
				t.Errorf("finding %+v, want none", *f)
			case tt.finding != "" && (f == nil || !strings.Contains(f.Message, tt.finding) || !strings.Contains(f.Fix, "hookctl install codex --accept-hooks")):
				t.Errorf("finding %+v, want one saying %q with the fix", f, tt.finding)
			}
		})
	}
}

func TestSwitchFindings(t *testing.T) {
	noEnv := func(string) (string, bool) { return "", false }
	claude, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	codex, err := agent.Lookup("codex")
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	file := claude.SwitchPaths(home, nil, noEnv)[0]
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(`{"disableAllHooks": true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	wired := []install.Wiring{{Agent: "claude-code", Event: "pre_tool_call"}, {Agent: "claude-code", Event: "post_tool_call"},
		{Agent: "codex", Event: "pre_tool_call"}, {Agent: "no-such-agent", Event: "pre_tool_call"}}
	tests := []struct {
		name  string
		wired []install.Wiring
		only  *agent.Dialect
		want  int
	}{
		{"each agent once", wired, nil, 1},
		{"only the agent switched off", wired, claude, 1},
		{"only another agent", wired, codex, 0},
		{"the agent not wired", wired[2:], nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SwitchFindings(tt.wired, tt.only, home, nil, noEnv)
			if len(got) != tt.want {
				t.Fatalf("SwitchFindings = %+v, want %d", got, tt.want)
			}
			for _, f := range got {
				if f.Check != "agent_switch" || !strings.Contains(f.Message, "disableAllHooks") || f.Fix == "" {
					t.Errorf("finding %+v: want agent_switch naming disableAllHooks, with a fix", f)
				}
			}
		})
	}
}

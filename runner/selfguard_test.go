package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/selfguard"
)

// TestSelfGuardOnWithProjectApprovalsOnly is the attack of SPEC 24.8 on a machine whose only
// consent state is a project's approvals (a CI job after `hooks approve --from-lock`): the
// self-guard is on, and `rm -r -f ~/.agent-hooks/projects` is denied.
func TestSelfGuardOnWithProjectApprovalsOnly(t *testing.T) {
	home := t.TempDir()
	hh := filepath.Join(home, ".agent-hooks")
	src := GuardSource{Allowlist: filepath.Join(hh, "allowlist.json"), Home: hh, PersonHome: home}

	_, g, err := GuardsFor(src, "pre_tool_call", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Self != nil {
		t.Fatalf("self-guard on with no consent state at all: %+v", g.Self.Protected)
	}

	if err := os.MkdirAll(consent.ProjectsDir(hh), 0o700); err != nil {
		t.Fatal(err)
	}
	_, g, _ = GuardsFor(src, "pre_tool_call", nil, nil)
	if g.Self != nil {
		t.Fatal("self-guard on for an empty projects folder")
	}
	key := filepath.Join(consent.ProjectsDir(hh), "ab.json")
	if err := os.WriteFile(key, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, g, _ = GuardsFor(src, "pre_tool_call", nil, nil)
	if g.Self == nil {
		t.Fatal("self-guard off with a project's approvals recorded")
	}
	for command, deny := range map[string]bool{
		"rm -r -f ~/.agent-hooks/projects":     true,
		"mv ~/.agent-hooks/projects /tmp/p":    true,
		"cp /tmp/x ~/.agent-hooks/new.sh":      true,
		"echo a >> ~/.agent-hooks/config.yaml": false,
		"ls ~/.agent-hooks/projects":           false,
	} {
		in, _ := json.Marshal(map[string]string{"command": command})
		reason, got := selfguard.Judge(g.Self.Protected, selfguard.Call{Tool: "Bash", Input: in, Cwd: home, Home: home})
		if got != deny {
			t.Errorf("%s: deny = %v, want %v (%s)", command, got, deny, reason)
		}
	}
}

// TestSelfGuardOnWhenGuarded: a wiring installed while guards were recorded (--guarded) is
// consent state, even when the home was emptied.
func TestSelfGuardOnWhenGuarded(t *testing.T) {
	hh := filepath.Join(t.TempDir(), ".agent-hooks")
	_, g, _ := GuardsFor(GuardSource{Allowlist: filepath.Join(hh, "allowlist.json"), Home: hh, Guarded: true}, "pre_tool_call", nil, nil)
	if g.Self == nil {
		t.Fatal("self-guard off under a --guarded wiring")
	}
}

// TestSelfGuardDeniesNestedAgentEscapes is SPEC 28.7's attack through the registrations
// themselves: the guarded agent starts another agent with a flag or variable its registration
// lists, and the self-guard of a real run denies it; every registered escape is reached.
func TestSelfGuardDeniesNestedAgentEscapes(t *testing.T) {
	hh := filepath.Join(t.TempDir(), ".agent-hooks")
	_, g, _ := GuardsFor(GuardSource{Allowlist: filepath.Join(hh, "allowlist.json"), Home: hh, Guarded: true}, "pre_tool_call", nil, nil)
	if g.Self == nil {
		t.Fatal("self-guard off under a --guarded wiring")
	}
	judge := func(command string) bool {
		in, _ := json.Marshal(map[string]string{"command": command})
		_, deny := selfguard.Judge(g.Self.Protected, selfguard.Call{Tool: "Bash", Input: in, Cwd: filepath.Dir(hh), Home: filepath.Dir(hh)})
		return deny
	}
	for command, deny := range map[string]bool{
		"claude --settings /tmp/x.json -p hi":             true,
		"CLAUDE_CONFIG_DIR=/tmp/c claude -p hi":           true,
		"CODEX_HOME=/tmp/c codex exec hi":                 true,
		"codex -c features.hooks=false exec hi":           true,
		"env CODEX_HOME=/tmp/c codex exec hi":             true,
		"npx -y @anthropic-ai/claude-code --bare -p hi":   true,
		"GEMINI_CLI_HOME=/tmp/g gemini -p hi":             true,
		"COPILOT_HOME=/tmp/c copilot -p hi":               true,
		"claude -p hi":                                    false,
		"codex exec 'fix the failing test'":               false,
		"npx -y @google/gemini-cli -p 'summarise README'": false,
	} {
		if got := judge(command); got != deny {
			t.Errorf("%s: deny = %v, want %v", command, got, deny)
		}
	}
	seen := 0
	for _, d := range agent.Dialects() {
		sw := d.Switches()
		for _, e := range sw.Escapes {
			var command string
			prog := nestedProgram(t, g.Self.Protected.Agents, d.Title)
			if e.Flag != "" {
				command = prog + " " + e.Flag + " x -p hi"
			} else {
				command = e.Env + "=/tmp/x " + prog + " -p hi"
			}
			if !judge(command) {
				t.Errorf("%s (%s): %s is not denied", d.Name, e.What, command)
			}
			seen++
		}
	}
	if seen == 0 {
		t.Fatal("no agent lists an escape")
	}
}

// nestedProgram is the first program the self-guard knows the agent by.
func nestedProgram(t *testing.T, agents []selfguard.Nested, title string) string {
	t.Helper()
	for _, a := range agents {
		if a.Agent == title && len(a.Programs) > 0 {
			return a.Programs[0]
		}
	}
	t.Fatalf("the self-guard does not know how %s is started", title)
	return ""
}

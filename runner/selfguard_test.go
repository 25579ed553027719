package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

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

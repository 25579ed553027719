package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

const guardConfig = `hooks:
  pre_tool_call:
    - command: DIR/guard.sh
      fail_closed: true
  post_tool_call:
    - command: DIR/after.sh
      fail_closed: true
`

func TestGuardsNotInForce(t *testing.T) {
	tests := []struct {
		name string
		// setup changes the world after guard.sh and after.sh were written.
		setup      func(*testing.T, personWorld)
		notInForce string // the start of GuardsNotInForce's one message, "" for none
		// unapproved is the start of UnapprovedGuards' one message, "" for none: after.sh, not
		// on a guard event, is never named.
		unapproved string
	}{
		{"nothing approved", func(*testing.T, personWorld) {}, "",
			"warning: fail_closed hook " + "DIR/guard.sh on pre_tool_call is not approved, so run blocks what it covers"},
		{"approved", func(t *testing.T, w personWorld) { w.approve(t, w.config(t), "guard.sh") }, "", ""},
		{"script changed", func(t *testing.T, w personWorld) {
			w.approve(t, w.config(t), "guard.sh")
			w.script(t, "guard.sh", "#!/bin/sh\nexit 0\n")
		}, "guard DIR/guard.sh on pre_tool_call is not in force, so it blocks what it covers: changed since approval", ""},
		{"no longer fail_closed", func(t *testing.T, w personWorld) {
			w.approve(t, w.config(t), "guard.sh")
			w.rewrite(t, strings.Replace(guardConfig, "      fail_closed: true\n", "", 1))
		}, "blocked by guard DIR/guard.sh on pre_tool_call: its entry is no longer fail_closed", ""},
		{"guard record unreadable", func(t *testing.T, w personWorld) {
			w.approve(t, w.config(t), "guard.sh")
			if err := os.WriteFile(consent.NewStore(w.loc.Allowlist).GuardPath(), []byte("{not json"), 0o600); err != nil {
				t.Fatal(err)
			}
		}, "blocked by guard record: ", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newPersonWorld(t, guardConfig, map[string]os.FileMode{"guard.sh": 0o755, "after.sh": 0o755})
			tt.setup(t, w)
			store := consent.NewStore(w.loc.Allowlist)
			check := func(what string, got []string, want string) {
				t.Helper()
				want = strings.ReplaceAll(want, "DIR", filepath.ToSlash(w.dir))
				switch {
				case want == "" && len(got) != 0:
					t.Errorf("%s: %q, want none", what, got)
				case want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], want)):
					t.Errorf("%s: %q, want one starting %q", what, got, want)
				}
			}
			check("GuardsNotInForce", GuardsNotInForce(w.config(t), store), tt.notInForce)
			check("UnapprovedGuards", UnapprovedGuards(w.config(t), store), tt.unapproved)
		})
	}
}

// TestProjectGuardsNotInForce: the project's recorded guards not in force name the project,
// and the fix approves with --project.
func TestProjectGuardsNotInForce(t *testing.T) {
	w := newProjectWorld(t)
	w.approve(t)
	if got := ProjectOf(w.layer(t), false, nil, false).GuardsNotInForce(); len(got) != 0 {
		t.Fatalf("approved: %q", got)
	}
	w.write(t, ".agent-hooks/guard.sh", "#!/bin/sh\nexit 0\n", 0o755)
	got := ProjectOf(w.layer(t), false, nil, false).GuardsNotInForce()
	want := "project " + w.repo + ": guard .agent-hooks/guard.sh on pre_tool_call is not in force, so it blocks what it covers: changed since approval"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) || !strings.Contains(got[0], "hookctl hooks approve --project .agent-hooks/guard.sh --event pre_tool_call") {
		t.Errorf("guard changed: %q, want one starting %q", got, want)
	}
}

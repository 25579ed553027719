package consent

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// projectHook is the hook of command as config loads it with $CLAUDE_PROJECT_DIR set to dir.
func projectHook(t *testing.T, dir, command string) config.Hook {
	t.Helper()
	c := config.Parse("/cfg/config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: "+command+"\n"),
		config.Options{LookupEnv: func(name string) (string, bool) {
			if name == config.ProjectDirVar {
				return dir, true
			}
			return "", false
		}})
	if len(c.Hooks) != 1 {
		t.Fatalf("config: %v", c.Problems)
	}
	return c.Hooks[0]
}

// TestProjectPins: a command whose script is named under $CLAUDE_PROJECT_DIR is approved once,
// and each project's script is pinned on its own (SPEC 17.12): approved in project a, it is not
// approved in project b, whatever b's script holds; approving it in b (by approve or by the
// prompt) keeps a's pin; an edit in one project changes only that project's.
func TestProjectPins(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	for _, dir := range []string{a, b} {
		if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
			t.Fatal(err)
		}
		writeScript(t, filepath.Join(dir, ".claude"), "guard.sh", "#!/bin/sh\nexit 2\n")
	}
	const command = "$CLAUDE_PROJECT_DIR/.claude/guard.sh"
	ha, hb := projectHook(t, a, command), projectHook(t, b, command)
	if !ha.ProjectScript || ha.ProjectDir != a || ha.Script != filepath.Join(a, ".claude/guard.sh") {
		t.Fatalf("hook of project a: %+v", ha)
	}
	// Claude Code's documented form quotes the variable; the script is the same.
	if h := projectHook(t, a, `'"$CLAUDE_PROJECT_DIR"/.claude/guard.sh'`); !h.ProjectScript || h.Script != ha.Script {
		t.Errorf("quoted form: %+v", h)
	}
	if h := projectHook(t, a, "$HOME/guard.sh"); h.ProjectScript {
		t.Errorf("a script under another variable is per project: %+v", h)
	}

	s := newTestStore(t)
	mustApprove(t, s, ha)
	list, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c := list.Check(ha); c.Status != StatusApproved {
		t.Fatalf("project a after approving there: %+v", c)
	}
	c := list.Check(hb)
	if c.Status != StatusNotApproved || c.Approval != nil || c.Current == nil {
		t.Fatalf("project b, approved only in a: %+v", c)
	}
	want := "not approved in this project (CLAUDE_PROJECT_DIR=" + b + "): its script " + hb.Script + " is not pinned"
	if c.Reason != want {
		t.Errorf("reason %q, want %q", c.Reason, want)
	}

	// The prompt in b records b's script, with a's kept.
	if _, err := s.ApproveSeen(hb, Script{Pin: c.Current}); err != nil {
		t.Fatal(err)
	}
	if list, err = s.Load(); err != nil {
		t.Fatal(err)
	}
	if len(list.Approvals) != 1 || len(list.Approvals[0].Scripts) != 2 || list.Approvals[0].Script != nil {
		t.Fatalf("one approval with two pins expected: %+v", list.Approvals)
	}
	for _, h := range []config.Hook{ha, hb} {
		if c := list.Check(h); c.Status != StatusApproved {
			t.Errorf("%s: %+v", h.ProjectDir, c)
		}
	}

	// An edit in a changes a, not b.
	if err := os.WriteFile(ha.Script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if c := list.Check(ha); c.Status != StatusChanged {
		t.Errorf("edited in a: %+v", c)
	}
	if c := list.Check(hb); c.Status != StatusApproved {
		t.Errorf("b after a's edit: %+v", c)
	}

	// Approving a again replaces a's pin only; the round trip through the file keeps both.
	mustApprove(t, s, ha)
	if list, err = s.Load(); err != nil {
		t.Fatal(err)
	}
	if got := list.Approvals[0].Scripts; len(got) != 2 || list.Check(ha).Status != StatusApproved || list.Check(hb).Status != StatusApproved {
		t.Errorf("after approving a again: %+v", got)
	}

	// A change of how the scripts run (pin: exec) is approved for the project it was given in.
	hx := projectHook(t, b, command+"\n      pin: exec")
	mustApprove(t, s, hx)
	if list, err = s.Load(); err != nil {
		t.Fatal(err)
	}
	if c := list.Check(projectHook(t, a, command+"\n      pin: exec")); c.Status != StatusNotApproved {
		t.Errorf("pin exec approved in b covers a: %+v", c)
	}
}

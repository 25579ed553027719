package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRemovableHome(t *testing.T) {
	root := filepath.VolumeName(t.TempDir()) + string(filepath.Separator)
	me := filepath.Join(root, "home", "me")
	tests := []struct {
		name, home string
		ok         bool
	}{
		{"hookctl's own folder", filepath.Join(me, ".agent-hooks"), true},
		{"the person's home", me, false},
		{"above the person's home", filepath.Join(root, "home"), false},
		{"the root", root, false},
		{"a sibling", filepath.Join(root, "home", "me2"), true},
		{"a folder named like ..", filepath.Join(me, "..x"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := RemovableHome(tt.home, me, ""); (err == nil) != tt.ok {
				t.Errorf("RemovableHome(%s) = %v, want ok %v", tt.home, err, tt.ok)
			}
		})
	}
}

func TestRewires(t *testing.T) {
	wired := []Wiring{
		{Agent: "codex", Scope: "user"},
		{Agent: "claude-code", Scope: "project", RequireProject: true},
		{Agent: "claude-code", Scope: "user"},
		{Agent: "codex", Scope: "user", AcceptHooks: true, RequireProject: true},
	}
	want := []Rewire{{Agent: "codex", AcceptHooks: true, RequireProject: true}, {Agent: "claude-code"}}
	if got := Rewires(wired); !slices.Equal(got, want) {
		t.Errorf("Rewires = %+v, want %+v", got, want)
	}
}

func TestLeaveQuestionEscapes(t *testing.T) {
	q := LeaveQuestion([]string{"./g.sh\x1b[2K on pre_tool_call"}, []Target{{Path: "/h/.claude/settings.json"}}, "/h/.agent-hooks")
	if strings.ContainsRune(q, '\x1b') || !strings.Contains(q, `drops the guard ./g.sh\x1b[2K on pre_tool_call`) ||
		!strings.Contains(q, "unwires /h/.claude/settings.json") || !strings.HasSuffix(q, "[y/N] ") {
		t.Errorf("question:\n%q", q)
	}
}

func TestLeaveRemovesTheHome(t *testing.T) {
	home := filepath.Join(t.TempDir(), ".agent-hooks")
	if err := os.MkdirAll(filepath.Join(home, "projects"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := Leave(nil, home); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(home); !os.IsNotExist(err) {
		t.Errorf("the home is still there: %v", err)
	}
}

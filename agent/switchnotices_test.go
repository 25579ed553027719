package agent

import (
	"errors"
	"slices"
	"testing"
)

func TestSwitchNotices(t *testing.T) {
	claude, err := Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		found []SwitchFinding
		want  []string
	}{
		{"none", nil, nil},
		{"switched off", []SwitchFinding{{Agent: claude, Shown: "~/.claude/settings.json", Setting: "disableAllHooks"}},
			[]string{"hookctl: Claude Code's hooks are switched off in ~/.claude/settings.json (disableAllHooks): no guard of yours runs; remove the setting from ~/.claude/settings.json at your own terminal"}},
		{"unreadable", []SwitchFinding{{Agent: claude, Shown: "s.json", Err: errors.New("not JSON")}},
			[]string{"hookctl: Claude Code's hook switch file s.json cannot be read (not JSON): its hooks may be switched off, and no guard of yours would run; make s.json a readable settings file, or remove it, at your own terminal"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := SwitchNotices(tt.found); !slices.Equal(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

package install

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

func TestStrictTarget(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	base := TargetFor(d, "/h/.claude/settings.json", "/bin/hookctl", RunFlags{})
	for _, tc := range []struct {
		name             string
		require, project bool
		strict           bool
	}{
		{name: "asked for: the person's wiring carries it", require: true, strict: true},
		{name: "not asked for", require: false},
		{name: "a project's committed wiring never carries it", require: true, project: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := StrictTarget(d, base, "/bin/hookctl", RunFlags{}, tc.require, tc.project)
			if got.Path != base.Path {
				t.Errorf("path %s, want %s", got.Path, base.Path)
			}
			cmd := got.Command
			if has := strings.Contains(cmd, "--require-project"); has != tc.strict {
				t.Errorf("command %q carries --require-project %v, want %v", cmd, has, tc.strict)
			}
		})
	}
}

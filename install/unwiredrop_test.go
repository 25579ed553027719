package install

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func TestUnwireDrop(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	target := Target{Agent: d.Name, Path: "/p/.claude/settings.json"}
	wired := []Wiring{{Agent: d.Name, Scope: "project", File: target.Path, AgentEvent: "PreToolUse", Event: "pre_tool_call"}}
	guard := config.Hook{Event: "pre_tool_call", Command: "./guard.sh", FailClosed: true}
	removedPre := Report{Removed: []Change{{Event: "PreToolUse"}}}
	tests := []struct {
		name       string
		record     bool
		r          Report
		previewErr error
		previewed  bool
		want       int
	}{
		{name: "no guard recorded: no preview", r: removedPre},
		{name: "a recorded guard unwired", record: true, r: removedPre, previewed: true, want: 1},
		{name: "a recorded guard still wired", record: true, previewed: true},
		{name: "a preview that fails drops nothing", record: true, previewErr: errors.New("bad settings"), previewed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := consent.NewStore(filepath.Join(t.TempDir(), "allowlist.json"))
			if tt.record {
				if err := store.RecordNotInForce([]config.Hook{guard}); err != nil {
					t.Fatal(err)
				}
			}
			previewed := false
			what, changes := UnwireDrop(wired, d, target, store, func() (Report, error) {
				previewed = true
				return tt.r, tt.previewErr
			})
			if previewed != tt.previewed || len(changes) != tt.want {
				t.Fatalf("previewed %v, %d changes; want %v, %d", previewed, len(changes), tt.previewed, tt.want)
			}
			if tt.want > 0 && (!strings.Contains(what, target.Path) || changes[0].Guard.Command != guard.Command) {
				t.Errorf("UnwireDrop = %q, %+v", what, changes)
			}
		})
	}
}

package install

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// A project's wiring gives way only to the person's own wiring of the same agent event, and
// only while the hookctl that wiring runs exists: otherwise the project's run goes on.
func TestPersonWired(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "hookctl")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		agent      string
		flags      RunFlags
		bin        string
		wired      string // the agent event the person's settings wire
		event      string // the agent event asked about
		want       bool
		noSettings bool
	}{
		{name: "same event", agent: "claude-code", bin: bin, wired: "PreToolUse", event: "PreToolUse", want: true},
		{name: "another event", agent: "claude-code", bin: bin, wired: "Stop", event: "PreToolUse"},
		{name: "hookctl gone", agent: "claude-code", bin: "/no/such/hookctl", wired: "PreToolUse", event: "PreToolUse"},
		{name: "a project wiring in the user file", agent: "claude-code", bin: bin, flags: RunFlags{ProjectWiring: true}, wired: "PreToolUse", event: "PreToolUse"},
		{name: "no settings", agent: "claude-code", event: "PreToolUse", noSettings: true},
		{name: "cursor", agent: "cursor", bin: bin, wired: "preToolUse", event: "preToolUse", want: true},
		{name: "copilot", agent: "copilot", bin: bin, wired: "preToolUse", event: "preToolUse", want: true},
		{name: "cline hook file", agent: "cline", bin: bin, wired: "PreToolUse", event: "PreToolUse", want: true},
		{name: "cline other file", agent: "cline", bin: bin, wired: "PostToolUse", event: "PreToolUse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			d, err := agent.Lookup(tc.agent)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.noSettings {
				tg := TargetFor(d, d.UserSettings(home, nil), tc.bin, tc.flags)
				if _, err := Install(tg, []Want{{Event: tc.wired, Timeout: 10, Deadline: 10}}, false); err != nil {
					t.Fatal(err)
				}
			}
			if got := PersonWired(d, home, tc.event, "hookctl", nil); got != tc.want {
				t.Errorf("PersonWired = %v, want %v", got, tc.want)
			}
		})
	}
}

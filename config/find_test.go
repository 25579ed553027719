package config

import (
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	cfg := &Config{Path: "/h/config.yaml", Hooks: []Hook{
		{Event: "pre_tool_call", Command: "./guard.sh --strict"},
		{Event: "pre_tool_call", Command: "./lint.sh"},
		{Event: "post_tool_call", Command: "./lint.sh"},
	}}
	tests := []struct {
		name, command, event string
		found                int
		wantErr              string
	}{
		{"every event", "./lint.sh", "", 2, ""},
		{"one event", "./lint.sh", "post_tool_call", 1, ""},
		{"the command on another event", "./lint.sh", "on_session_start", 0, `no configured hook runs "./lint.sh" on on_session_start; it runs on pre_tool_call, post_tool_call`},
		{"the command without its arguments", "./guard.sh", "", 0, `no configured hook runs "./guard.sh": did you mean "./guard.sh --strict"?`},
		{"a misspelt command", "./lnt.sh", "", 0, `did you mean "./lint.sh"?`},
		{"nothing like it", "/usr/local/bin/something-else-entirely", "", 0, `; configured commands: ./guard.sh --strict, ./lint.sh`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hooks, err := cfg.Find(tt.command, tt.event)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Find error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(hooks) != tt.found {
				t.Errorf("Find = %d hooks, %v; want %d", len(hooks), err, tt.found)
			}
		})
	}
	empty := &Config{Path: "/h/config.yaml"}
	if _, err := empty.Find("./x.sh", ""); err == nil || !strings.HasSuffix(err.Error(), "no hooks are configured in /h/config.yaml") {
		t.Errorf("no hooks: %v", err)
	}
}

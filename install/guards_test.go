package install

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/consent"
)

func TestTargetHolds(t *testing.T) {
	dir := filepath.Join("home", ".clinerules", "hooks")
	tests := []struct {
		name, path, file string
		want             bool
	}{
		{"the file", "settings.json", "settings.json", true},
		{"another file", "settings.json", "other.json", false},
		{"a file in the folder", dir, filepath.Join(dir, "PreToolUse"), true},
		{"a folder of a longer name", dir, dir + "-old" + string(filepath.Separator) + "PreToolUse", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Target{Path: tt.path}).Holds(Wiring{File: tt.file}); got != tt.want {
				t.Errorf("Holds(%s in %s) = %v, want %v", tt.file, tt.path, got, tt.want)
			}
		})
	}
}

func TestWiredAllowlistIn(t *testing.T) {
	target := Target{Agent: "claude-code", Path: "/p/settings.json"}
	tests := []struct {
		name  string
		wired []Wiring
		want  string
	}{
		{name: "nothing wired"},
		{name: "entry names no home", wired: []Wiring{{Agent: "claude-code", File: target.Path}}},
		{name: "entry's --allowlist", wired: []Wiring{{Agent: "claude-code", File: target.Path, Home: "/h", Allowlist: "/a/allowlist.json"}},
			want: "/a/allowlist.json"},
		{name: "entry's --home", wired: []Wiring{{Agent: "claude-code", File: target.Path, Home: "/h"}},
			want: filepath.Join("/h", "allowlist.json")},
		{name: "another agent's entry", wired: []Wiring{{Agent: "gemini", File: target.Path, Home: "/h"}}},
		{name: "another file's entry", wired: []Wiring{{Agent: "claude-code", File: "/q/settings.json", Home: "/h"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WiredAllowlistIn(tt.wired, "claude-code", target); got != tt.want {
				t.Errorf("WiredAllowlistIn() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestUnwiredGuards(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	target := Target{Agent: d.Name, Path: "/p/.claude/settings.json"}
	pre := consent.Guard{Event: "pre_tool_call", Command: "./guard.sh", FailClosed: true}
	post := consent.Guard{Event: "post_tool_call", Command: "./audit.sh", FailClosed: true}
	geminiOnly := consent.Guard{Event: "pre_tool_call", Command: "./g.sh", FailClosed: true, Agents: []string{"gemini"}}
	here := func(agentEvent, event string) Wiring {
		return Wiring{Agent: d.Name, Scope: "project", File: target.Path, AgentEvent: agentEvent, Event: event}
	}
	user := Wiring{Agent: d.Name, Scope: "user", File: "/home/.claude/settings.json", AgentEvent: "PreToolUse", Event: "pre_tool_call"}
	otherProject := Wiring{Agent: d.Name, Scope: "project", File: "/q/.claude/settings.json", AgentEvent: "PreToolUse", Event: "pre_tool_call"}
	removedPre := Report{Removed: []Change{{Event: "PreToolUse"}}}
	tests := []struct {
		name     string
		recorded []consent.Guard
		wired    []Wiring
		r        Report
		moved    bool
		want     []string
	}{
		{name: "its event removed", recorded: []consent.Guard{pre, post}, wired: []Wiring{here("PreToolUse", "pre_tool_call")}, r: removedPre,
			want: []string{pre.String()}},
		{name: "nothing removed", recorded: []consent.Guard{pre, post}, wired: []Wiring{here("PreToolUse", "pre_tool_call")}},
		{name: "the person's settings still wire it", recorded: []consent.Guard{pre}, wired: []Wiring{here("PreToolUse", "pre_tool_call"), user}, r: removedPre},
		{name: "another project's settings do not", recorded: []consent.Guard{pre}, wired: []Wiring{here("PreToolUse", "pre_tool_call"), otherProject}, r: removedPre,
			want: []string{pre.String()}},
		{name: "a guard of another agent", recorded: []consent.Guard{geminiOnly}, wired: []Wiring{here("PreToolUse", "pre_tool_call")}, r: removedPre},
		{name: "moved: every event wired here", recorded: []consent.Guard{pre, post},
			wired: []Wiring{here("PreToolUse", "pre_tool_call"), here("PostToolUse", "post_tool_call")}, moved: true,
			want: []string{pre.String(), post.String()}},
		{name: "moved: an event not wired here", recorded: []consent.Guard{pre, post}, wired: []Wiring{here("PostToolUse", "post_tool_call")}, moved: true,
			want: []string{post.String()}},
		{name: "no guards recorded", wired: []Wiring{here("PreToolUse", "pre_tool_call")}, r: removedPre},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, g := range UnwiredGuards(tt.recorded, tt.wired, d, target, tt.r, tt.moved) {
				got = append(got, g.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("UnwiredGuards() = %q, want %q", got, tt.want)
			}
		})
	}
}

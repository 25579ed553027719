package config

import (
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	tests := []struct {
		name       string
		candidates []string
		want       string
	}{
		{"comand", entryKeys, "command"},
		{"timout", entryKeys, "timeout"},
		{"failclosed", entryKeys, "fail_closed"},
		{"pre_tool_cal", Events(), "pre_tool_call"},
		{"PreToolCall", Events(), ""}, // 5 edits away: not a plausible typo
		{"on_session_stop", Events(), "on_session_start"},
		{"paralel", topKeys, "parallel"},
		{"colour", entryKeys, ""},
		{"zzzzzzzzzzzz", Events(), ""},
		{"x", nil, ""},
		// Ties go to the alphabetically first candidate, whatever the order given.
		{"at", []string{"cat", "bat"}, "bat"},
		{"at", []string{"bat", "cat"}, "bat"},
		{"post_tool", []string{"post_tool_b", "post_tool_a"}, "post_tool_a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Suggest(tt.name, tt.candidates); got != tt.want {
				t.Errorf("Suggest(%q, %q) = %q, want %q", tt.name, tt.candidates, got, tt.want)
			}
		})
	}
}

func TestSuggestLeavesCandidatesAlone(t *testing.T) {
	c := []string{"zeta", "alpha"}
	Suggest("alpa", c)
	if c[0] != "zeta" || c[1] != "alpha" {
		t.Errorf("Suggest reordered its argument: %q", c)
	}
}

func TestUnknownEventHint(t *testing.T) {
	if got, want := UnknownEventHint("subagent_stpo", Events()), `: did you mean "subagent_stop"?`; got != want {
		t.Errorf("close name: %q, want %q", got, want)
	}
	got := UnknownEventHint("frobnicate", []string{"pre_tool_call", "my_event"})
	if want := "; valid events: pre_tool_call, my_event"; got != want {
		t.Errorf("far name: %q, want %q", got, want)
	}
	if got := UnknownEventHint("frobnicate", Events()); !strings.Contains(got, "transform_llm_output") {
		t.Errorf("the list of valid events misses some: %q", got)
	}
}

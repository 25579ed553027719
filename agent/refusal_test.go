package agent

import (
	"encoding/json"
	"testing"
)

// A refusal blocks where the agent takes a block, in the form it reads, and never turns an
// event that cannot be blocked into one the agent acts on (a stop kept going).
func TestRefusal(t *testing.T) {
	for _, tc := range []struct {
		agent, event string
		status       int
		stdoutKey    string // a key the stdout JSON must hold, "" for no stdout
	}{
		{"claude-code", "PreToolUse", 2, ""},
		{"claude-code", "UserPromptSubmit", 2, ""},
		{"claude-code", "Stop", 1, ""},
		{"claude-code", "SessionStart", 1, ""},
		{"codex", "PreToolUse", 2, ""},
		{"gemini", "BeforeTool", 2, ""},
		{"gemini", "AfterTool", 0, "decision"},
		// Copilot CLI tells its model only "hook exited with code 2": the reason is in its deny.
		{"copilot", "preToolUse", 0, "permissionDecisionReason"},
		{"copilot", "userPromptSubmitted", 0, ""},
		{"cursor", "preToolUse", 2, ""},
		{"windsurf", "pre_run_command", 2, ""},
		{"cline", "PreToolUse", 0, "cancel"},
		{"cline", "TaskStart", 1, ""},
		{"claude-code", "NoSuchEvent", 1, ""},
	} {
		d, err := Lookup(tc.agent)
		if err != nil {
			t.Fatal(err)
		}
		out, status := d.Refusal(tc.event, "no hookctl here")
		if status != tc.status {
			t.Errorf("%s %s: status %d, want %d", tc.agent, tc.event, status, tc.status)
		}
		if status == 2 || status == 1 {
			if out != nil {
				t.Errorf("%s %s: stdout %s beside exit status %d", tc.agent, tc.event, out, status)
			}
			continue
		}
		var v map[string]any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Errorf("%s %s: stdout %q is no JSON object: %v", tc.agent, tc.event, out, err)
			continue
		}
		if tc.stdoutKey != "" && v[tc.stdoutKey] == nil {
			t.Errorf("%s %s: stdout %s has no %q", tc.agent, tc.event, out, tc.stdoutKey)
		}
		a, err := d.Reader(string(out), mustMapping(t, d, tc.event))
		if err != nil || !a.Block {
			t.Errorf("%s %s: %s does not read back as a block: %+v, %v", tc.agent, tc.event, out, a, err)
		}
	}
}

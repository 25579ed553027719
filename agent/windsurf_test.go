package agent

import "testing"

// Payloads as Windsurf's hook reference shows them: the envelope and a tool_info per action.
func TestWindsurfPayload(t *testing.T) {
	d := mustLookup(t, "windsurf")
	for _, tc := range []struct{ payload, event, tool, input string }{
		{`{"agent_action_name":"pre_run_command","trajectory_id":"t1","execution_id":"e1","timestamp":"2025-11-01T10:00:00Z","tool_info":{"command_line":"rm -rf /","cwd":"/work"}}`,
			"pre_tool_call", "run_command", `{"command_line":"rm -rf /","cwd":"/work"}`},
		{`{"agent_action_name":"pre_write_code","trajectory_id":"t1","execution_id":"e1","timestamp":"2025-11-01T10:00:00Z","tool_info":{"file_path":".env","edits":[{"old_string":"","new_string":"KEY=1"}]}}`,
			"pre_tool_call", "write_code", `{"file_path":".env","edits":[{"old_string":"","new_string":"KEY=1"}]}`},
		{`{"agent_action_name":"pre_read_code","trajectory_id":"t1","execution_id":"e1","timestamp":"2025-11-01T10:00:00Z","tool_info":{"file_path":"secrets/key"}}`,
			"pre_tool_call", "read_code", `{"file_path":"secrets/key"}`},
		{`{"agent_action_name":"pre_mcp_tool_use","trajectory_id":"t1","execution_id":"e1","timestamp":"2025-11-01T10:00:00Z","tool_info":{"mcp_server_name":"github","mcp_tool_name":"create_issue","mcp_tool_arguments":{"title":"x"}}}`,
			"pre_tool_call", "create_issue", `{"title":"x"}`},
		{`{"agent_action_name":"post_run_command","trajectory_id":"t1","execution_id":"e1","timestamp":"2025-11-01T10:00:00Z","tool_info":{"command_line":"ls","cwd":"/work","exit_code":0,"output":"a"}}`,
			"post_tool_call", "run_command", `{"command_line":"ls","cwd":"/work","exit_code":0,"output":"a"}`},
	} {
		c, err := d.ReadPayload([]byte(tc.payload))
		if err != nil {
			t.Fatal(err)
		}
		if c.Mapping.Event != tc.event || c.ToolName == nil || *c.ToolName != tc.tool || string(c.ToolInput) != tc.input || c.SessionID != "t1" {
			t.Errorf("%s: read %+v, input %s", c.AgentEvent, c, c.ToolInput)
		}
	}
	c, err := d.ReadPayload([]byte(`{"agent_action_name":"pre_user_prompt","trajectory_id":"t1","tool_info":{"user_prompt":"hi"}}`))
	if err != nil || c.Mapping.Event != "pre_llm_call" || c.ToolName != nil {
		t.Errorf("pre_user_prompt: %+v, %v", c, err)
	}
}

// Windsurf reads exit status 2 and stderr only: what it cannot carry becomes a refusal.
func TestWindsurfWriter(t *testing.T) {
	d := mustLookup(t, "windsurf")
	for _, tc := range []struct {
		event string
		d     Decision
		want  string
	}{
		{"pre_run_command", Decision{Verdict: "block", Reason: "no rm"}, "no rm"},
		{"pre_run_command", Decision{Verdict: "ask", Reason: "sure?"}, "confirmation required: sure?"},
		{"pre_write_code", Decision{Verdict: "allow", ToolInput: []byte(`{}`), RewrittenBy: "./rw.sh"},
			"confirmation required: hook ./rw.sh rewrote the tool input, which Windsurf cannot carry"},
		{"pre_user_prompt", Decision{Verdict: "allow", Halt: true, StopReason: "quota"}, "quota"},
		{"pre_read_code", Decision{Verdict: "allow", Allowed: true}, ""},
		{"post_run_command", Decision{Verdict: "block", Reason: "x"}, ""},
	} {
		out, _ := d.Writer(mustMapping(t, d, tc.event), tc.d)
		if string(out) != tc.want {
			t.Errorf("%s %+v: got %q, want %q", tc.event, tc.d, out, tc.want)
		}
	}
	if !d.ExitWriter {
		t.Error("windsurf must answer by exit status")
	}
}

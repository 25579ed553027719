//go:build unix

package runner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/scriptfile"
	"github.com/hookctl/hookctl/runner"
)

// A program standing in for Claude Code's hook command (what `hookctl run --agent claude-code`
// does): read the agent's payload, fire the event it maps to, and write the decision back in
// Claude Code's convention.
func ExampleDispatcher_Fire_agent() {
	dir, err := os.MkdirTemp("", "hookctl-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	// A hook written for Claude Code: it answers in Claude Code's own shape.
	guard := `#!/bin/sh
if grep -q 'rm -rf'; then
	echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'
fi
`
	if err := scriptfile.Write(filepath.Join(dir, "guard.sh"), []byte(guard), 0o755); err != nil {
		fmt.Println(err)
		return
	}
	yaml := "hooks:\n  pre_tool_call:\n    - matcher: Bash\n      command: ./guard.sh\n      agents: [claude-code]\n"
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})

	claude, err := agent.Lookup("claude-code")
	if err != nil {
		fmt.Println(err)
		return
	}
	payload := []byte(`{"session_id":"s1","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`)
	call, err := claude.ReadPayload(payload)
	if err != nil {
		fmt.Println(err)
		return
	}
	// TrustAll: this program gathered consent itself.
	d := runner.Dispatcher{Config: cfg, Consent: runner.TrustAll{}, Home: dir}
	res, err := d.Fire(context.Background(), runner.Call{Event: call.Mapping.Event, Dialect: claude, Agent: call, Raw: payload})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := claude.Writer(claude.MappingFor(call, res.Event), res.AgentDecision())
	fmt.Println(res.Event, res.Decision)
	fmt.Println(string(out))
	// Output:
	// pre_tool_call block
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}
}

//go:build unix

package runner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/scriptfile"
	"github.com/hookctl/hookctl/runner"
)

// A Go agent fires pre_tool_call before each tool call and acts on the merged decision, the
// same object `hookctl run pre_tool_call` prints.
func ExampleDispatcher_Fire() {
	dir, err := os.MkdirTemp("", "hookctl-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// A hook script and the config that lists it; relative commands resolve against the
	// config file's folder.
	guard := `#!/bin/sh
# Refuse rm -rf; say nothing about anything else.
if grep -q 'rm -rf'; then
	echo '{"action": "block", "message": "rm -rf is not permitted"}'
fi
`
	yaml := `hooks:
  pre_tool_call:
    - matcher: terminal
      command: ./guard.sh
      timeout: 5
`
	if err := scriptfile.Write(filepath.Join(dir, "guard.sh"), []byte(guard), 0o755); err != nil {
		fmt.Println(err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(yaml), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	cfg, err := config.Load(filepath.Join(dir, "config.yaml"), config.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range cfg.Problems {
		fmt.Println(p)
	}

	// Consent: the person reviewed guard.sh and approved it, as `hookctl hooks approve` does.
	// The Gate then runs approved hooks and skips the others (it has no Prompt to ask with).
	store := consent.NewStore(filepath.Join(dir, "allowlist.json"))
	if _, err := store.Approve(cfg.HooksFor("pre_tool_call")...); err != nil {
		fmt.Println(err)
		return
	}
	d := runner.Dispatcher{Config: cfg, Consent: &consent.Gate{Store: store}, Home: dir}

	for _, payload := range []string{
		`{"tool_name": "terminal", "tool_input": {"command": "rm -rf /"}, "session_id": "s1"}`,
		`{"tool_name": "terminal", "tool_input": {"command": "ls"}, "session_id": "s1"}`,
		`{"tool_name": "write_file", "tool_input": {"path": "rm -rf"}, "session_id": "s1"}`,
	} {
		p, err := runner.ParsePayload([]byte(payload))
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := d.Fire(context.Background(), runner.Call{Event: "pre_tool_call", Payload: p})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s %q (hook: %s)\n", res.Decision, res.Reason, res.Hooks[0].Status)
	}
	// Output:
	// block "rm -rf is not permitted" (hook: blocked)
	// allow "" (hook: ok)
	// allow "" (hook: no_match)
}

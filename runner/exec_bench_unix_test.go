//go:build unix

package runner_test

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/hookctl/hookctl/runner"
)

// trivialPayload is a typical small event payload.
var trivialPayload = []byte(`{"hook_event_name":"pre_tool_call","tool_name":"terminal",` +
	`"tool_input":{"command":"echo hello"},"session_id":"bench","cwd":"/tmp","extra":{}}`)

// BenchmarkExecTrivial measures what Exec costs on top of starting a process; compare it with
// BenchmarkOSExecTrivial, the same hook run by os/exec with nothing around it.
func BenchmarkExecTrivial(b *testing.B) {
	cmd := runner.Command{Argv: []string{execHook("trivial.sh")}, Stdin: trivialPayload, Timeout: 10 * time.Second}
	for b.Loop() {
		o := runner.Exec(context.Background(), cmd)
		if o.StartErr != nil || o.ExitCode != 0 || string(o.Stdout) != "{}\n" {
			b.Fatalf("outcome %+v", o)
		}
	}
}

func BenchmarkOSExecTrivial(b *testing.B) {
	for b.Loop() {
		c := exec.Command(execHook("trivial.sh"))
		c.Stdin = bytes.NewReader(trivialPayload)
		out, err := c.Output()
		if err != nil || string(out) != "{}\n" {
			b.Fatalf("output %q, error %v", out, err)
		}
	}
}

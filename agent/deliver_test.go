package agent

import "testing"

func TestDeliver(t *testing.T) {
	for _, tc := range []struct {
		name, agent    string
		out            []byte
		stdout, stderr string
		block          bool
	}{
		{name: "no opinion is an empty object", agent: "claude-code", stdout: "{}\n"},
		{name: "an answer on stdout", agent: "gemini", out: []byte(`{"decision":"deny"}`), stdout: "{\"decision\":\"deny\"}\n"},
		{name: "exit statuses only: no opinion says nothing", agent: "windsurf"},
		{name: "exit statuses only: a refusal on stderr, exit 2", agent: "windsurf", out: []byte("blocked: rm -rf"), stderr: "blocked: rm -rf", block: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Lookup(tc.agent)
			if err != nil {
				t.Fatal(err)
			}
			stdout, stderr, block := d.Deliver(tc.out)
			if string(stdout) != tc.stdout || string(stderr) != tc.stderr || block != tc.block {
				t.Fatalf("Deliver = %q, %q, %v; want %q, %q, %v", stdout, stderr, block, tc.stdout, tc.stderr, tc.block)
			}
		})
	}
}

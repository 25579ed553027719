package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDemoPiped runs make demo's script (scripts/demo.sh) as `make demo | less` or a CI log
// would: stdout and stderr are pipes, TERM names a colour terminal and NO_COLOR is unset, so
// only the check for a terminal keeps the output plain. Any ESC or other C0 control byte but
// newline and tab is terminal markup written into a file.
func TestDemoPiped(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the demo")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	// testscript.Main put this test binary on PATH as hookctl.
	hookctl, err := exec.LookPath("hookctl")
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "scripts", "demo.sh"))
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return strings.HasPrefix(name, "HOOKCTL_") || name == "NO_COLOR" || name == "CLICOLOR_FORCE" ||
			name == "FORCE_COLOR" || name == "HOME" || name == "TERM" || name == "COLUMNS" || name == "GORACE"
	})
	cmd := exec.Command(bash, script, hookctl)
	cmd.Dir = home
	// A race-enabled hookctl sleeps a second at exit by default; the demo runs it six times.
	cmd.Env = append(env, "HOME="+home, "TERM=xterm-256color", "GORACE=atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("demo: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.Bytes(), stderr.Bytes())
	}
	// The tour got to its last step, so every step's output was checked.
	if !strings.Contains(stdout.String(), "$ hookctl run pre_llm_call") {
		t.Fatalf("the demo stopped early:\n%s", stdout.Bytes())
	}
	for _, out := range []struct {
		name string
		data []byte
	}{{"stdout", stdout.Bytes()}, {"stderr", stderr.Bytes()}} {
		for i, line := range bytes.SplitAfter(out.data, []byte("\n")) {
			if j := bytes.IndexFunc(line, func(r rune) bool {
				return (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f
			}); j >= 0 {
				t.Errorf("%s line %d has control byte %#02x at column %d: %q", out.name, i+1, line[j], j+1, line)
			}
		}
	}
}

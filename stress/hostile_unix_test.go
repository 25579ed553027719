//go:build unix

package stress

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// hostileBound is how long one `hookctl run` of a hostile hook may take before the test calls
// it hung: hook timeouts are 1-2 s, the kill grace 0.5 s and the output grace 1 s; a gigabyte
// of stderr takes a few seconds to drain.
const hostileBound = 60 * time.Second

// maxRSSKiB is the memory hookctl may use whatever a hook prints.
const maxRSSKiB = 32 << 10

type hostileCase struct {
	name string
	// hook is a fixture of testdata/hooks run with args; setup, when set, makes the command
	// instead.
	hook    string
	args    string
	setup   func(t *testing.T, h *home) string
	timeout string
	heavy   bool
	// payload, when set, is passed with --payload-file.
	payload func(t *testing.T) []byte

	status  string
	message string // a substring of the hook's message
	// rss asserts hookctl's peak memory; noteRSS only reports it.
	rss, noteRSS bool
	escapes      bool // a process of it leaves the group on purpose (setsid)
	check        func(t *testing.T, h *home, out runOut, r result)
}

func hostileCases() []hostileCase {
	blocked := func(reason string) func(t *testing.T, h *home, out runOut, r result) {
		return func(t *testing.T, h *home, out runOut, r result) {
			t.Helper()
			if out.Decision != "block" || out.Reason != reason {
				t.Errorf("decision %q, reason %q; want block, %q\n%s", out.Decision, out.Reason, reason, r)
			}
		}
	}
	noExitCode := func(t *testing.T, h *home, out runOut, r result) {
		t.Helper()
		if out.Hooks[0].ExitCode != nil {
			t.Errorf("exit_code = %d, want null\n%s", *out.Hooks[0].ExitCode, r)
		}
		if out.Decision != "allow" {
			t.Errorf("decision %q, want allow (a failed hook never blocks unless fail_closed)\n%s", out.Decision, r)
		}
	}
	const gib, flood = 1 << 30, 64 << 20
	return []hostileCase{
		{name: "hangs", hook: "hang.sh", timeout: "1", status: "timeout", message: "timed out after 1s", check: noExitCode},
		{name: "ignores_sigterm", hook: "ignore_term.sh", timeout: "1", status: "timeout", message: "timed out after 1s", check: noExitCode},
		{name: "grandchild_keeps_stdout", hook: "grandchild_stdout.sh", timeout: "2", status: "blocked",
			check: blocked("answered, a grandchild still holds stdout")},
		{name: "setsid_double_fork", hook: "setsid_escape.sh", timeout: "2", status: "blocked", escapes: true,
			setup: func(t *testing.T, h *home) string {
				if _, err := exec.LookPath("setsid"); err != nil {
					t.Skip("no setsid command")
				}
				return "./setsid_escape.sh"
			},
			check: blocked("answered, an escaped grandchild still holds stdout")},
		{name: "stdout_64MiB", hook: "flood_stdout.sh", args: fmt.Sprint(flood), timeout: "2", status: "invalid_output",
			message: "the hook was stopped", rss: true, check: truncated},
		{name: "stdout_1GiB", hook: "flood_stdout.sh", args: fmt.Sprint(gib), timeout: "2", heavy: true, status: "invalid_output",
			message: "the hook was stopped", rss: true, check: truncated},
		{name: "stderr_64MiB", hook: "flood_stderr.sh", args: fmt.Sprint(flood), timeout: "60", status: "blocked", rss: true,
			check: blocked("answered after a flood of stderr")},
		{name: "stderr_1GiB", hook: "flood_stderr.sh", args: fmt.Sprint(gib), timeout: "60", heavy: true, status: "blocked", rss: true,
			check: blocked("answered after a flood of stderr")},
		{name: "binary_garbage", hook: "garbage.sh", timeout: "2", status: "invalid_output", message: "stdout is not a JSON object",
			setup: func(t *testing.T, h *home) string {
				garbage := make([]byte, 64<<10)
				r := rand.New(rand.NewPCG(1, 2))
				for i := range garbage {
					garbage[i] = byte(r.Uint32())
				}
				h.writeFile(filepath.Join(h.work, "garbage.bin"), garbage, 0o600)
				return "./garbage.sh"
			}},
		{name: "invalid_utf8", hook: "bad_utf8.sh", timeout: "2", status: "blocked", check: blocked("bad \uFFFD bytes")},
		{name: "bom_then_json", hook: "bom.sh", timeout: "2", status: "blocked", check: blocked("answered after a BOM")},
		{name: "10000_lines_then_json", hook: "many_lines.sh", timeout: "10", status: "blocked",
			check: func(t *testing.T, h *home, out runOut, r result) {
				blocked("the last line answers")(t, h, out, r)
				if !strings.Contains(string(r.stderr), "used the last line") {
					t.Errorf("no warning about the last-line fallback on stderr\n%s", r)
				}
			}},
		{name: "closes_stdout_early", hook: "close_early.sh", timeout: "10", status: "blocked",
			check: func(t *testing.T, h *home, out runOut, r result) {
				blocked("answered, then closed stdout")(t, h, out, r)
				// hookctl waited for the process itself, not just for the end of stdout.
				if _, err := os.Stat(filepath.Join(h.work, "finished")); err != nil {
					t.Errorf("the hook was stopped before it finished: %v", err)
				}
			}},
		{name: "killed_by_signal", hook: "killed.sh", timeout: "2", status: "failed", message: "killed by signal killed", check: noExitCode},
		{name: "is_a_directory", timeout: "2", status: "error", message: "is a directory", check: noExitCode,
			setup: func(t *testing.T, h *home) string {
				if err := os.Mkdir(h.path("hook.d"), 0o755); err != nil {
					t.Fatal(err)
				}
				return "./hook.d"
			}},
		{name: "dangling_symlink", timeout: "2", status: "error", message: "no such file", check: noExitCode,
			setup: func(t *testing.T, h *home) string {
				if err := os.Symlink("missing.sh", h.path("dangling.sh")); err != nil {
					t.Fatal(err)
				}
				return "./dangling.sh"
			}},
		{name: "no_shebang", hook: "no_shebang.sh", timeout: "2", status: "error", message: "a script needs a #! line", check: noExitCode},
		{name: "missing_interpreter", hook: "bad_interpreter.sh", timeout: "2", status: "error",
			message: "its interpreter was not found (check the #! line)", check: noExitCode},
		{name: "reads_stdin_bytewise", timeout: "30", status: "blocked",
			setup: func(t *testing.T, h *home) string {
				return bin.slowread + " " + filepath.Join(h.work, "stdin.got")
			},
			// Larger than a pipe's buffer, so hookctl must keep writing while the hook reads.
			payload: func(t *testing.T) []byte { return toolPayload(t, strings.Repeat("x", 256<<10)) },
			check: func(t *testing.T, h *home, out runOut, r result) {
				got, err := os.ReadFile(filepath.Join(h.work, "stdin.got"))
				if err != nil {
					t.Fatal(err)
				}
				blocked(fmt.Sprintf("read %d bytes", len(got)))(t, h, out, r)
				var p struct {
					ToolInput struct{ Command string } `json:"tool_input"`
				}
				if err := json.Unmarshal(got, &p); err != nil {
					t.Fatalf("the hook read %d bytes that are not the payload: %v", len(got), err)
				}
				if p.ToolInput.Command != strings.Repeat("x", 256<<10) {
					t.Errorf("the hook read a payload with a command of %d bytes, want %d", len(p.ToolInput.Command), 256<<10)
				}
			}},
		{name: "ignores_16MiB_payload", hook: "ignore_stdin.sh", timeout: "2", status: "blocked", noteRSS: true,
			payload: func(t *testing.T) []byte { return toolPayload(t, strings.Repeat("y", 16<<20)) },
			check:   blocked("answered without reading stdin")},
	}
}

func toolPayload(t *testing.T, command string) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]any{"tool_input": map[string]string{"command": command}, "session_id": "stress"})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func truncated(t *testing.T, h *home, out runOut, r result) {
	t.Helper()
	if !out.Hooks[0].OutputTruncated {
		t.Errorf("output_truncated = false, want true\n%s", r)
	}
	if out.Decision != "allow" {
		t.Errorf("decision %q, want allow\n%s", out.Decision, r)
	}
}

// TestHostileHooks runs each hostile hook through `hookctl run` and checks that hookctl
// answers within bounds with exit 0 and one JSON object, and that no process of the hook's
// group is left.
func TestHostileHooks(t *testing.T) {
	t.Parallel()
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.heavy {
				slow(t)
			}
			h := newHome(t)
			command := "./" + c.hook
			if c.hook != "" {
				h.hook(c.hook)
			}
			if c.setup != nil {
				command = c.setup(t, h)
			}
			if c.args != "" {
				command += " " + c.args
			}
			h.config(fmt.Sprintf("hooks:\n  pre_tool_call:\n    - command: %q\n      timeout: %s\n", command, c.timeout))
			args := []string{"--accept-hooks", "run", "pre_tool_call", "--tool", "terminal"}
			if c.payload != nil {
				file := filepath.Join(h.work, "payload.json")
				h.writeFile(file, c.payload(t), 0o600)
				args = append(args, "--payload-file", file)
			}

			r := h.run(hostileBound, nil, args...)
			var escaped []int
			if c.escapes {
				pid := readPid(t, filepath.Join(h.work, "escaped.pid"))
				escaped = append(escaped, pid)
				// Out of hookctl's reach by design: it must still be running, and is ended here.
				if !slices.Contains(h.marked(), pid) {
					t.Errorf("the setsid grandchild %d is not running: was it reached after all?", pid)
				}
				figs.count(&figs.escaped, 1)
				t.Cleanup(func() { h.killMarked(escaped) })
			}
			left := h.survivors(escaped...)
			figs.tried(len(left))
			if len(left) > 0 {
				t.Errorf("%d process(es) of the hook survived hookctl:%s", len(left), describe(left))
			}
			if r.code != 0 {
				t.Fatalf("exit status %d, want 0\n%s", r.code, r)
			}
			out := decodeRun(t, r)
			if len(out.Hooks) != 1 {
				t.Fatalf("%d hooks in the result, want 1\n%s", len(out.Hooks), r)
			}
			hr := out.Hooks[0]
			if hr.Status != c.status {
				t.Errorf("status %q, want %q\n%s", hr.Status, c.status, r)
			}
			if !strings.Contains(hr.Message, c.message) {
				t.Errorf("message %q does not contain %q\n%s", hr.Message, c.message, r)
			}
			if c.rss && r.maxRSSKiB > maxRSSKiB {
				t.Errorf("peak RSS %d KiB, want at most %d KiB", r.maxRSSKiB, maxRSSKiB)
			}
			if c.rss || c.noteRSS {
				figs.note("peak RSS, "+c.name, "%.1f MiB", float64(r.maxRSSKiB)/1024)
			}
			if c.check != nil {
				c.check(t, h, out, r)
			}
			t.Logf("%s: status %s in %s, peak RSS %d KiB, %d process(es) left, %d escaped",
				c.name, hr.Status, r.elapsed.Round(time.Millisecond), r.maxRSSKiB, len(left), len(escaped))
		})
	}
}

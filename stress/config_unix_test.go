//go:build unix

package stress

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// TestHugeConfig loads configs of ten thousand hooks: `run` answers within a generous bound and
// `hooks list --json` lists them all.
func TestHugeConfig(t *testing.T) {
	t.Parallel()
	const n = 10000
	const bound = 10 * time.Second
	events := []string{"pre_tool_call", "post_tool_call", "pre_llm_call", "post_llm_call", "pre_api_request",
		"post_api_request", "api_request_error", "on_session_start", "on_session_end", "on_session_finalize",
		"on_session_reset", "subagent_start", "subagent_stop", "pre_verify", "transform_tool_result",
		"transform_terminal_output", "transform_llm_output"}
	for _, c := range []struct {
		name string
		// event of hook i
		event   func(i int) string
		matcher bool
		// runEvent is fired; want is the status of each of its hooks.
		runEvent string
		want     string
	}{
		// On one event, each with a matcher that does not match: nothing runs.
		{name: "one_event_no_match", event: func(int) string { return "pre_tool_call" }, matcher: true,
			runEvent: "pre_tool_call", want: "no_match"},
		// Spread over every event, none approved: each of the fired event's hooks is skipped.
		{name: "across_events_unapproved", event: func(i int) string { return events[i%len(events)] },
			runEvent: "pre_llm_call", want: "skipped_unapproved"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.hook("mark.sh")
			byEvent := map[string][]string{}
			var order []string
			for i := range n {
				e := c.event(i)
				if _, ok := byEvent[e]; !ok {
					order = append(order, e)
				}
				entry := fmt.Sprintf("    - command: \"./mark.sh h%d\"\n", i)
				if c.matcher {
					entry = fmt.Sprintf("    - matcher: \"tool_%d\"\n      command: \"./mark.sh h%d\"\n", i, i)
				}
				byEvent[e] = append(byEvent[e], entry)
			}
			var cfg strings.Builder
			cfg.WriteString("hooks:\n")
			for _, e := range order {
				fmt.Fprintf(&cfg, "  %s:\n%s", e, strings.Join(byEvent[e], ""))
			}
			h.config(cfg.String())

			r := h.run(bound, nil, "run", c.runEvent, "--tool", "terminal")
			if r.code != 0 {
				t.Fatalf("run: exit %d\n%s", r.code, r)
			}
			out := decodeRun(t, r)
			if len(out.Hooks) != len(byEvent[c.runEvent]) {
				t.Fatalf("run: %d hooks in the result, want %d", len(out.Hooks), len(byEvent[c.runEvent]))
			}
			for i, hr := range out.Hooks {
				if hr.Status != c.want {
					t.Fatalf("run: hook %d has status %q, want %q", i, hr.Status, c.want)
				}
			}

			list := h.run(bound, nil, "hooks", "list", "--json")
			var listed struct {
				Problems []any `json:"problems"`
				Hooks    []any `json:"hooks"`
			}
			decodeOne(t, list, &listed)
			if list.code != 0 || len(listed.Hooks) != n || len(listed.Problems) != 0 {
				t.Errorf("hooks list --json: exit %d, %d hooks, %d problems; want 0, %d, 0", list.code, len(listed.Hooks), len(listed.Problems), n)
			}
			figs.tried(0)
			figs.note("10,000 hooks, "+c.name, "run %s, list %s, peak RSS %.1f MiB",
				r.elapsed.Round(time.Millisecond), list.elapsed.Round(time.Millisecond), float64(max(r.maxRSSKiB, list.maxRSSKiB))/1024)
			t.Logf("%s: run of %d hooks in %s (peak RSS %d KiB), list of %d in %s (peak RSS %d KiB)", c.name,
				len(out.Hooks), r.elapsed.Round(time.Millisecond), r.maxRSSKiB, n, list.elapsed.Round(time.Millisecond), list.maxRSSKiB)
		})
	}
}

// TestHugeConfigApprovedRuns approves ten thousand hooks and fires an event that runs about
// six hundred of them at once.
func TestHugeConfigApprovedRuns(t *testing.T) {
	t.Parallel()
	slow(t)
	const n = 10000
	h := newHome(t)
	h.hook("answer.sh")
	var cfg strings.Builder
	cfg.WriteString("hooks:\n")
	perEvent := n / 17
	for _, e := range []string{"pre_llm_call", "post_tool_call", "on_session_start", "on_session_end", "subagent_stop",
		"post_llm_call", "pre_api_request", "post_api_request", "api_request_error", "on_session_finalize",
		"on_session_reset", "subagent_start", "pre_verify", "transform_tool_result", "transform_terminal_output",
		"transform_llm_output", "pre_tool_call"} {
		fmt.Fprintf(&cfg, "  %s:\n", e)
		for i := range perEvent {
			fmt.Fprintf(&cfg, "    - command: \"./answer.sh %s %d\"\n      timeout: 60\n", e, i)
		}
	}
	h.config(cfg.String())
	r := h.run(2*time.Minute, nil, "hooks", "approve", "--all")
	if r.code != 0 {
		t.Fatalf("approve --all\n%s", r)
	}
	approve := r.elapsed
	r = h.run(2*time.Minute, nil, "run", "pre_llm_call")
	if r.code != 0 {
		t.Fatalf("run\n%s", r)
	}
	out := decodeRun(t, r)
	for i, hr := range out.Hooks {
		if hr.Status != "ok" {
			t.Fatalf("hook %d: status %q, want ok\n%s", i, hr.Status, cut(r.stdout))
		}
	}
	left := h.survivors()
	figs.tried(len(left))
	figs.note("10,000 hooks approved, one event fired", "approve --all %s; %d hooks in parallel in %s, peak RSS %.1f MiB",
		approve.Round(time.Millisecond), len(out.Hooks), r.elapsed.Round(time.Millisecond), float64(r.maxRSSKiB)/1024)
	t.Logf("approve --all of %d hooks in %s; run of %d approved hooks at once in %s, peak RSS %d KiB, %d left",
		perEvent*17, approve.Round(time.Millisecond), len(out.Hooks), r.elapsed.Round(time.Millisecond), r.maxRSSKiB, len(left))
}

// problemRE is how a config problem starts on stderr: FILE:LINE:COL: error|warning:.
var problemRE = regexp.MustCompile(`(?m)^hookctl: .*config\.yaml:\d+:\d+: (error|warning): `)

// TestHostileConfig feeds configs built to hurt the loader: deep nesting, an alias bomb, bytes
// that are not UTF-8. `run` must exit 0 quickly with its JSON, within bounded memory, and any
// problem must be reported as FILE:LINE:COL.
func TestHostileConfig(t *testing.T) {
	t.Parallel()
	const bound = 5 * time.Second
	laughs := func(merge bool) string {
		var b strings.Builder
		b.WriteString("x:\n  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
		for i := 1; i <= 9; i++ {
			fmt.Fprintf(&b, "  l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
		}
		if merge {
			b.WriteString("  m0: &m0 {command: ./mark.sh}\n")
			for i := 1; i <= 9; i++ {
				fmt.Fprintf(&b, "  m%d: &m%d {<<: [%s]}\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*m%d, ", i-1), 10), ", "))
			}
			b.WriteString("hooks:\n  pre_tool_call:\n    - *m9\n")
			return b.String()
		}
		b.WriteString("custom_events: *l9\nhooks:\n  pre_tool_call: *l9\n  post_tool_call:\n    - command: *l9\n")
		return b.String()
	}
	utf16LE := func(s string) []byte {
		var b bytes.Buffer
		b.Write([]byte{0xff, 0xfe})
		for _, u := range utf16.Encode([]rune(s)) {
			_ = binary.Write(&b, binary.LittleEndian, u)
		}
		return b.Bytes()
	}
	utf16NoBOM := func(s string) []byte { return utf16LE(s)[2:] }
	goodYAML := "hooks:\n  pre_tool_call:\n    - command: ./mark.sh\n      comand: typo\n"
	for _, c := range []struct {
		name   string
		config []byte
		// hooks is the number of hooks the config loads; problem, when set, must be on stderr
		// as FILE:LINE:COL.
		hooks   int
		problem string
	}{
		{name: "nested_10000_lists", config: []byte("hooks:\n  pre_tool_call: " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n"),
			problem: "must be a mapping"},
		{name: "nested_10000_mappings", config: []byte("hooks:\n  pre_tool_call:\n    - command: " + strings.Repeat("{a: ", 10000) + "1" + strings.Repeat("}", 10000) + "\n"),
			problem: "command must be a string"},
		{name: "nested_100000_lists", config: []byte("hooks:\n  pre_tool_call: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n"),
			problem: "max depth"},
		// 1400 levels: the deepest block list under the 1 MiB a config may be (SPEC 23.3).
		{name: "nested_1400_block_lists", config: []byte("hooks:\n  pre_tool_call:\n" + nestedBlock(1400)), problem: "must be a mapping"},
		{name: "billion_laughs", config: []byte(laughs(false)), problem: "not a list"},
		{name: "billion_laughs_merge", config: []byte(laughs(true)), hooks: 1},
		{name: "latin1", config: []byte("hooks:\n  pre_tool_call:\n    - command: ./caf\xe9.sh\n"), problem: "UTF-8"},
		{name: "latin1_comment", config: []byte("# r\xe9glages\nhooks:\n  pre_tool_call:\n    - command: ./mark.sh\n"), problem: "UTF-8"},
		// YAML allows UTF-16 with a byte-order mark, and yaml.v3 reads it: the config loads,
		// and its problems are still reported as FILE:LINE:COL.
		{name: "utf16_bom", config: utf16LE(goodYAML), hooks: 1, problem: "did you mean \"command\""},
		{name: "utf16_no_bom", config: utf16NoBOM(goodYAML), problem: "YAML syntax error"},
		{name: "nul_bytes", config: []byte("hooks:\n  pre_tool_call:\n    - command: ./mark.sh\x00\x00\n"), problem: "YAML syntax error"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.hook("mark.sh")
			h.writeFile("config.yaml", c.config, 0o600)
			r := h.run(bound, nil, "--accept-hooks", "run", "pre_tool_call", "--tool", "terminal")
			if r.code != 0 {
				t.Fatalf("run: exit %d, want 0\n%s", r.code, r)
			}
			out := decodeRun(t, r)
			if len(out.Hooks) != c.hooks {
				t.Errorf("run: %d hooks, want %d\n%s", len(out.Hooks), c.hooks, r)
			}
			if r.maxRSSKiB > maxRSSKiB {
				t.Errorf("peak RSS %d KiB, want at most %d KiB", r.maxRSSKiB, maxRSSKiB)
			}
			if c.problem != "" {
				if !problemRE.Match(r.stderr) || !strings.Contains(string(r.stderr), c.problem) {
					t.Errorf("stderr lacks a FILE:LINE:COL problem saying %q\n%s", c.problem, r)
				}
			}
			if lines := bytes.Count(r.stderr, []byte("\n")); lines > 100 {
				t.Errorf("%d lines on stderr: the problems grew with the expansion", lines)
			}
			figs.tried(0)
			figs.note("config "+c.name, "%s, peak RSS %.1f MiB", r.elapsed.Round(time.Millisecond), float64(r.maxRSSKiB)/1024)
			t.Logf("%s (%d bytes): %d hook(s) in %s, peak RSS %d KiB; stderr: %s", c.name, len(c.config), len(out.Hooks),
				r.elapsed.Round(time.Millisecond), r.maxRSSKiB, firstLine(r.stderr))
		})
	}
}

// nestedBlock is a block sequence nested n deep, one level per line.
func nestedBlock(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", 4+i))
		b.WriteString("-\n")
	}
	return b.String()
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}

package config

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ from the current output")

// testEnv is the environment every fixture is loaded with: no test touches the process's own.
func testEnv(name string) (string, bool) {
	v, ok := map[string]string{
		HomeVar: "/home/tester",
		"TOOLS": "/opt/tools",
		"NAME":  "guard",
	}[name]
	return v, ok
}

// TestLoad has one case per validation rule of SPEC section 2. Each case is a fixture under
// testdata/: a "valid/" fixture must load without a problem and its golden file shows the hooks
// it yields; an "invalid/" fixture's golden file holds its exact problem lines. The check then
// asserts the behaviour the rule promises (what loaded, what was dropped, which values).
func TestLoad(t *testing.T) {
	tests := []struct {
		fixture string // testdata/FIXTURE.yaml, golden testdata/FIXTURE.golden
		check   func(t *testing.T, c *Config)
	}{
		{"valid/full", func(t *testing.T, c *Config) {
			wantCommands(t, c, "~/.agent-hooks/block-rm-rf.sh", "./inject-git-status.sh")
			h := hookRunning(t, c, "~/.agent-hooks/block-rm-rf.sh")
			if h.Event != "pre_tool_call" || h.Matcher != "terminal" || h.Timeout != 5*time.Second || !h.FailClosed {
				t.Errorf("block-rm-rf hook = %+v", h)
			}
			if !slices.Equal(c.CustomEvents, []string{"my_event"}) || c.AutoAccept || !c.Parallel {
				t.Errorf("settings: custom_events %v, hooks_auto_accept %v, parallel %v", c.CustomEvents, c.AutoAccept, c.Parallel)
			}
		}},
		{"valid/empty", func(t *testing.T, c *Config) {
			wantCommands(t, c)
			if !c.Parallel {
				t.Error("parallel must default to true")
			}
			if !c.Audit {
				t.Error("audit must default to true")
			}
		}},
		{"valid/audit_off", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if c.Audit {
				t.Error("audit: false left the audit log on")
			}
		}},
		{"invalid/audit_bad", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if !c.Audit {
				t.Error(`a bad audit value ("no", or a misspelt key) turned the audit log off`)
			}
		}},
		{"valid/null_values", func(t *testing.T, c *Config) { wantCommands(t, c) }},

		// How a pinned script runs.
		{"valid/pin", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./held.sh", "./held.sh --twice", "./by-path.sh", "./default.sh")
			for i, want := range []bool{true, true, false, false} {
				if c.Hooks[i].PinExec != want {
					t.Errorf("%s: PinExec %v, want %v", c.Hooks[i].Command, c.Hooks[i].PinExec, want)
				}
			}
		}},
		{"invalid/pin_bad", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh", "true", "http://127.0.0.1:9/hooks", "./pinn.sh")
			for _, h := range c.Hooks {
				if h.PinExec != (h.Command == "./kept.sh") {
					t.Errorf("%s: PinExec %v", h.Command, h.PinExec)
				}
			}
		}},

		// Events.
		{"invalid/unknown_event_suggest", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/unknown_event_list", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"valid/custom_events", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./mine.sh", "./deployed.sh")
			if !c.KnownEvent("my_event") || !c.KnownEvent("deploy_done") {
				t.Error("custom events are not known events")
			}
		}},
		{"invalid/custom_events_bad", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./mine.sh")
			if !slices.Equal(c.CustomEvents, []string{"my_event"}) {
				t.Errorf("custom events = %q, want [my_event] once", c.CustomEvents)
			}
		}},
		{"invalid/duplicate_event", func(t *testing.T, c *Config) { wantCommands(t, c, "./first.sh", "./post.sh") }},

		// Keys.
		{"invalid/unknown_key_entry", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if h := hookRunning(t, c, "./kept.sh"); h.Timeout != DefaultTimeout {
				t.Errorf("a misspelt timeout key set the timeout to %v", h.Timeout)
			}
		}},
		{"invalid/unknown_key_top", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if !c.Parallel {
				t.Error("a misspelt parallel key changed parallel")
			}
		}},
		{"invalid/duplicate_key_entry", func(t *testing.T, c *Config) {
			h := hookRunning(t, c, "./first.sh")
			if h.Timeout != 5*time.Second || !strings.HasSuffix(filepath.ToSlash(h.Argv[0]), "/first.sh") {
				t.Errorf("the first occurrences must win: timeout %v, argv %q", h.Timeout, h.Argv)
			}
		}},
		{"invalid/duplicate_top_key", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./first.sh")
			if c.Parallel {
				t.Error("parallel: false after a repeated key was lost")
			}
		}},

		// command.
		{"invalid/missing_command", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/command_not_string", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/command_unbalanced_quotes", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/command_empty", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/command_comment_only", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/command_comment_word", func(t *testing.T, c *Config) {
			// A quoted '#1' and a # inside a word are arguments, not comments.
			h := hookRunning(t, c, "./tag.sh --tag '#1' issue#2")
			if got := h.Argv[1:]; !slices.Equal(got, []string{"--tag", "#1", "issue#2"}) {
				t.Errorf("arguments = %q", got)
			}
			wantCommands(t, c, "./tag.sh --tag '#1' issue#2")
		}},
		{"invalid/command_nul", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/command_program_expands_to_nothing", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},

		// matcher (what each matcher matches is TestMatcherRules).
		{"valid/matchers", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./absent.sh", "./empty.sh", "./star.sh", "./term.sh", "./write-or-patch.sh", "./mcp.sh", "./list.sh", "./list-star.sh")
		}},
		{"invalid/matcher_invalid_regex", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/matcher_not_string", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		// A matcher array with any bad entry drops the whole entry: never a narrower or wider list.
		{"invalid/matcher_list_bad", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if h := hookRunning(t, c, "./kept.sh"); h.Matcher != `["Bash", "Write"]` || !slices.Equal(h.MatcherList(), []string{"Bash", "Write"}) {
				t.Errorf("kept list read as %q, %q", h.Matcher, h.MatcherList())
			}
		}},
		{"invalid/matcher_non_tool_event", func(t *testing.T, c *Config) {
			h := hookRunning(t, c, "./context.sh")
			if !h.Matches(nil) || !h.Matches(ptr("patch")) || !h.Matches(ptr("terminal")) {
				t.Error("a matcher on a non-tool event must be ignored (match everything)")
			}
		}},

		// timeout.
		{"valid/timeouts", func(t *testing.T, c *Config) {
			want := map[string]time.Duration{
				"./integer.sh":  5 * time.Second,
				"./fraction.sh": 1500 * time.Millisecond,
				"./millis.sh":   500 * time.Millisecond,
				"./seconds.sh":  5 * time.Second,
				"./no-unit.sh":  30 * time.Second,
				"./missing.sh":  60 * time.Second,
				"./maximum.sh":  300 * time.Second,
				"./minutes.sh":  300 * time.Second,
			}
			wantTimeouts(t, c, want, nil)
		}},
		{"invalid/timeout_bad", func(t *testing.T, c *Config) {
			want := map[string]time.Duration{
				"./zero.sh":              DefaultTimeout,
				"./negative.sh":          DefaultTimeout,
				"./negative-duration.sh": DefaultTimeout,
				"./words.sh":             DefaultTimeout,
				"./boolean.sh":           DefaultTimeout,
				"./list.sh":              DefaultTimeout,
				"./nan.sh":               DefaultTimeout,
				"./too-long.sh":          MaxTimeout,
				"./hour.sh":              MaxTimeout,
				"./huge.sh":              MaxTimeout,
			}
			wantTimeouts(t, c, want, []string{"./too-long.sh", "./hour.sh", "./huge.sh"})
		}},

		// Booleans.
		{"valid/booleans", func(t *testing.T, c *Config) {
			want := map[string]bool{
				"./yaml-true.sh": true, "./yaml-false.sh": false,
				"./string-true.sh": true, "./string-false.sh": false,
			}
			wantCommands(t, c, "./yaml-true.sh", "./yaml-false.sh", "./string-true.sh", "./string-false.sh")
			for cmd, fc := range want {
				if h := hookRunning(t, c, cmd); h.FailClosed != fc {
					t.Errorf("%s: fail_closed = %v, want %v", cmd, h.FailClosed, fc)
				}
			}
		}},
		{"invalid/agents_bad", func(t *testing.T, c *Config) {
			// An unknown agent name must not widen the entry to every agent: it is dropped.
			wantCommands(t, c, "./cursor.sh", "./single.sh")
			if h := hookRunning(t, c, "./cursor.sh"); !h.RunsUnder("cursor") || h.RunsUnder("hermes") {
				t.Errorf("agents [cursor] runs under %v", h.Agents)
			}
			if h := hookRunning(t, c, "./single.sh"); !slices.Equal(h.Agents, []string{"gemini"}) {
				t.Errorf("agents: gemini read as %v", h.Agents)
			}
		}},
		{"invalid/dialect_bad", func(t *testing.T, c *Config) {
			// A dialect that is not one would feed the script a protocol it does not speak.
			wantCommands(t, c, "./own.sh", "./cc.sh")
			if h := hookRunning(t, c, "./own.sh"); h.Dialect != "hookctl" {
				t.Errorf("dialect: hookctl read as %q", h.Dialect)
			}
			if h := hookRunning(t, c, "./cc.sh"); h.Dialect != "claude-code" {
				t.Errorf("dialect: claude-code read as %q", h.Dialect)
			}
		}},
		{"invalid/bool_bad", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if hookRunning(t, c, "./kept.sh").FailClosed {
				t.Error(`fail_closed: "false" read as true`)
			}
		}},
		{"invalid/fail_closed_non_blocking", func(t *testing.T, c *Config) {
			if hookRunning(t, c, "./observer.sh").FailClosed {
				t.Error("fail_closed set on an event that cannot block")
			}
			if hookRunning(t, c, "./hermes-only.sh").FailClosed {
				t.Error("fail_closed set on an event that its only agent cannot block")
			}
			// Claude Code's UserPromptSubmit, Gemini CLI's BeforeAgent, ... can refuse a prompt.
			if !hookRunning(t, c, "./prompt-guard.sh").FailClosed {
				t.Error("fail_closed dropped on pre_llm_call, which agents can block")
			}
		}},
		{"valid/top_bools_true", func(t *testing.T, c *Config) {
			if !c.AutoAccept || !c.Parallel {
				t.Errorf("hooks_auto_accept %v, parallel %v; want both true", c.AutoAccept, c.Parallel)
			}
		}},
		{"valid/top_bools_false", func(t *testing.T, c *Config) {
			if c.AutoAccept || c.Parallel {
				t.Errorf(`the string "false" read as true: hooks_auto_accept %v, parallel %v`, c.AutoAccept, c.Parallel)
			}
		}},
		{"invalid/top_bool_bad", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./kept.sh")
			if c.AutoAccept || !c.Parallel {
				t.Errorf("bad values must leave the defaults: hooks_auto_accept %v, parallel %v", c.AutoAccept, c.Parallel)
			}
		}},

		// Shapes.
		{"invalid/wrong_shapes", func(t *testing.T, c *Config) { wantCommands(t, c, "./kept.sh") }},
		{"invalid/hooks_not_mapping", func(t *testing.T, c *Config) { wantCommands(t, c) }},
		{"invalid/not_a_mapping", func(t *testing.T, c *Config) { wantCommands(t, c) }},

		// YAML as a whole.
		{"invalid/yaml_syntax", func(t *testing.T, c *Config) { wantCommands(t, c) }},
		{"invalid/yaml_tab", func(t *testing.T, c *Config) { wantCommands(t, c) }},
		{"invalid/yaml_unknown_anchor", func(t *testing.T, c *Config) { wantCommands(t, c) }},
		{"invalid/yaml_two_documents", func(t *testing.T, c *Config) { wantCommands(t, c, "./first-document.sh") }},
		{"invalid/several_problems", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./ok-before.sh", "./ok-post.sh")
			if len(c.Problems) < 9 {
				t.Errorf("got %d problems, want every one of the file's 9", len(c.Problems))
			}
		}},
		{"valid/anchors", func(t *testing.T, c *Config) {
			wantCommands(t, c, "./guard.sh", "./audit.sh", "./log.sh", "./guard.sh", "./log.sh")
			for _, h := range c.Hooks {
				if h.Command == "./guard.sh" && (h.Matcher != "terminal" || h.Timeout != 10*time.Second || h.FailClosed) {
					t.Errorf("aliased entry on %s = %+v", h.Event, h)
				}
			}
			// The merged entry takes matcher and timeout from the anchor; its own keys win.
			h := hookRunning(t, c, "./audit.sh")
			if h.Matcher != "terminal" || h.Timeout != 10*time.Second || !h.FailClosed || !strings.HasSuffix(filepath.ToSlash(h.Argv[0]), "/audit.sh") {
				t.Errorf("merged entry = %+v", h)
			}
		}},
		{"invalid/merge_bad", func(t *testing.T, c *Config) { wantCommands(t, c) }},
		{"invalid/alias_bomb", func(t *testing.T, c *Config) { wantCommands(t, c) }},
		{"invalid/alias_bomb_merge", func(t *testing.T, c *Config) {
			if h := hookRunning(t, c, "./merged.sh"); h.Timeout != 5*time.Second {
				t.Errorf("timeout through nested merges = %v, want 5s", h.Timeout)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			path := filepath.Join("testdata", tt.fixture+".yaml")
			start := time.Now()
			c, err := Load(path, Options{LookupEnv: testEnv})
			if err != nil {
				t.Fatal(err)
			}
			// A generous bound: this is about alias bombs exploding, not about speed.
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("loading took %v", d)
			}
			checkProblemOrder(t, c, path)
			var got string
			if strings.HasPrefix(tt.fixture, "valid/") {
				if len(c.Problems) > 0 {
					t.Errorf("a valid fixture has problems:\n%s", problemLines(c))
				}
				got = dumpHooks(c)
			} else {
				if len(c.Problems) == 0 {
					t.Error("an invalid fixture has no problem")
				}
				got = problemLines(c)
			}
			checkGolden(t, filepath.Join("testdata", tt.fixture+".golden"), got)
			tt.check(t, c)
		})
	}

	// Every fixture is somebody's case: none is left unchecked.
	cases := map[string]bool{}
	for _, tt := range tests {
		cases[filepath.Join("testdata", tt.fixture+".yaml")] = true
	}
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "*", "*.yaml"))
	for _, f := range fixtures {
		if !cases[f] {
			t.Errorf("fixture %s has no case in TestLoad", f)
		}
	}
}

// TestMatcherRules checks what each matcher of valid/matchers.yaml matches: "" and "*" (and no
// matcher) match every tool, a null one included; any other matcher must match the whole name.
func TestMatcherRules(t *testing.T) {
	c, err := Load(filepath.Join("testdata", "valid", "matchers.yaml"), Options{LookupEnv: testEnv})
	if err != nil {
		t.Fatal(err)
	}
	all := []string{"<nil>", "terminal", "term", "Terminal", "write_file", "patch", "write_file_x", "xpatch", "write_file|patch", "mcp__github__issue"}
	tests := []struct {
		command string
		want    []string // the tools it matches, "<nil>" for a call with no tool name
	}{
		{"./absent.sh", all},
		{"./empty.sh", all},
		{"./star.sh", all},
		{"./term.sh", []string{"term"}},
		{"./write-or-patch.sh", []string{"write_file", "patch"}},
		{"./mcp.sh", []string{"mcp__github__issue"}},
		// A list runs when any entry matches, each entry by the string rules (whole name).
		{"./list.sh", []string{"term", "write_file", "write_file_x", "write_file|patch"}},
		{"./list-star.sh", all},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			h := hookRunning(t, c, tt.command)
			var got []string
			for _, tool := range all {
				var name *string
				if tool != "<nil>" {
					name = ptr(tool)
				}
				if h.Matches(name) {
					got = append(got, tool)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("matcher %q matches %q, want %q", h.Matcher, got, tt.want)
			}
		})
	}
}

func TestLoadMissingFileIsEmpty(t *testing.T) {
	c, err := Load(filepath.Join(t.TempDir(), "config.yaml"), Options{LookupEnv: testEnv})
	if err != nil {
		t.Fatalf("a missing config is not an error, got %v", err)
	}
	if len(c.Hooks) != 0 || len(c.Problems) != 0 || !c.Parallel {
		t.Errorf("a missing config gave %+v", c)
	}
}

func TestLoadUnreadableIsError(t *testing.T) {
	dir := t.TempDir() // a folder where a file is expected cannot be read
	_, err := Load(dir, Options{LookupEnv: testEnv})
	if err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("Load(folder) error = %v, want one naming %s", err, dir)
	}
}

func TestLoadResolvesAgainstConfigFolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte("hooks:\n  pre_llm_call:\n    - command: ./ctx.sh\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path, Options{LookupEnv: testEnv})
	if err != nil {
		t.Fatal(err)
	}
	h := hookRunning(t, c, "./ctx.sh")
	want := filepath.Join(dir, "ctx.sh")
	if h.Argv[0] != want || h.Script != want || !h.Pinned() {
		t.Errorf("argv[0] %q, script %q, pinned %v; want %q pinned", h.Argv[0], h.Script, h.Pinned(), want)
	}
	if c.Dir != dir || c.Path != path {
		t.Errorf("Dir %q, Path %q", c.Dir, c.Path)
	}
}

// wantCommands asserts the commands of the loaded hooks, in config order.
func wantCommands(t *testing.T, c *Config, want ...string) {
	t.Helper()
	var got []string
	for _, h := range c.Hooks {
		got = append(got, h.Command)
	}
	if !slices.Equal(got, want) {
		t.Errorf("loaded hooks %q, want %q", got, want)
	}
}

// hookRunning returns the first hook whose command is as written.
func hookRunning(t *testing.T, c *Config, command string) Hook {
	t.Helper()
	for _, h := range c.Hooks {
		if h.Command == command {
			return h
		}
	}
	t.Fatalf("no hook runs %q", command)
	return Hook{}
}

func wantTimeouts(t *testing.T, c *Config, want map[string]time.Duration, clamped []string) {
	t.Helper()
	if len(c.Hooks) != len(want) {
		t.Errorf("loaded %d hooks, want %d: a timeout never drops an entry", len(c.Hooks), len(want))
	}
	for cmd, d := range want {
		h := hookRunning(t, c, cmd)
		if h.Timeout != d {
			t.Errorf("%s: timeout %v, want %v", cmd, h.Timeout, d)
		}
		if wantClamped := slices.Contains(clamped, cmd); h.TimeoutClamped != wantClamped {
			t.Errorf("%s: TimeoutClamped %v, want %v", cmd, h.TimeoutClamped, wantClamped)
		}
	}
}

func ptr(s string) *string { return &s }

// checkProblemOrder asserts what holds of every config's problems: they name the file, are
// located, say something, and come in file order.
func checkProblemOrder(t *testing.T, c *Config, path string) {
	t.Helper()
	for i, p := range c.Problems {
		if p.File != path || p.Line < 1 || p.Col < 1 || p.Message == "" {
			t.Errorf("malformed problem %+v", p)
		}
		if p.Severity != SeverityError && p.Severity != SeverityWarning {
			t.Errorf("problem with severity %q", p.Severity)
		}
		if i > 0 {
			q := c.Problems[i-1]
			if q.Line > p.Line || q.Line == p.Line && q.Col > p.Col {
				t.Errorf("problems out of file order: %s before %s", q, p)
			}
		}
	}
}

func problemLines(c *Config) string {
	var b strings.Builder
	for _, p := range c.Problems {
		// Golden files name the fixtures with /, as Unix does.
		b.WriteString(strings.Replace(p.String(), p.File, filepath.ToSlash(p.File), 1) + "\n")
	}
	return b.String()
}

// dumpHooks shows what a config yields, with the config folder written $CONFIG_DIR so that the
// golden files do not depend on where the repository is.
func dumpHooks(c *Config) string {
	rel := func(s string) string {
		s = strings.ReplaceAll(s, c.Dir, "$CONFIG_DIR")
		if runtime.GOOS == "windows" {
			// Golden files hold Unix paths: a path on a drive ($HOME's /home/tester is
			// rooted there) is written without it, with /.
			s = filepath.ToSlash(strings.TrimPrefix(s, filepath.VolumeName(s)))
		}
		return s
	}
	var b strings.Builder
	fmt.Fprintf(&b, "hooks_auto_accept: %v\nparallel: %v\ncustom_events: %q\n", c.AutoAccept, c.Parallel, c.CustomEvents)
	for _, h := range c.Hooks {
		argv := make([]string, len(h.Argv))
		for i, w := range h.Argv {
			argv[i] = rel(w)
		}
		clamped := ""
		if h.TimeoutClamped {
			clamped = " (clamped)"
		}
		fmt.Fprintf(&b, "\n%s (line %d:%d)\n", h.Event, h.Line, h.Col)
		fmt.Fprintf(&b, "  matcher: %q\n  command: %q\n  argv: %q\n", h.Matcher, h.Command, argv)
		fmt.Fprintf(&b, "  script: word %d %q pinned=%v\n", h.ScriptWord, rel(h.Script), h.Pinned())
		fmt.Fprintf(&b, "  timeout: %v%s\n  fail_closed: %v\n", h.Timeout, clamped, h.FailClosed)
		if h.PinExec {
			b.WriteString("  pin: exec\n")
		}
	}
	return b.String()
}

// checkGolden compares got with the golden file, or rewrites the file with -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./config/ -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./config/ -update rewrites it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// TestUnreadableFileAcceptsEveryEvent: when a syntax error drops the whole file its custom
// events are unknown, so no event name is refused (the run fails open with no hooks).
func TestUnreadableFileAcceptsEveryEvent(t *testing.T) {
	c := Parse("config.yaml", []byte("custom_events: [deploy]\nhooks:\n  deploy:\n   - command: x\n  bad: [\n"), Options{})
	if !c.Unreadable || len(c.Hooks) != 0 || !c.KnownEvent("deploy") {
		t.Fatalf("unreadable %v, hooks %v, deploy known %v; problems %v", c.Unreadable, c.Hooks, c.KnownEvent("deploy"), c.Problems)
	}
	ok := Parse("config.yaml", []byte("hooks: {}\n"), Options{})
	if ok.Unreadable || ok.KnownEvent("deploy") {
		t.Errorf("a readable file accepts unknown events")
	}
}

// TestHugeTimeoutsClamp: a timeout too large to represent is above the maximum, so it is
// clamped to it like 900 is, never taken for an unparseable value and its 60 s default.
func TestHugeTimeoutsClamp(t *testing.T) {
	for _, v := range []string{`"9999999999h"`, `1e400`, `"1e400"`, `99999999999999999999`} {
		c := Parse("config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: guard\n      timeout: "+v+"\n"), Options{})
		if len(c.Hooks) != 1 || c.Hooks[0].Timeout != MaxTimeout || !c.Hooks[0].TimeoutClamped {
			t.Errorf("timeout %s: hooks %+v problems %v", v, c.Hooks, c.Problems)
		}
	}
}

// TestUnquotedCommandLosesWordToComment: YAML turns " #1" after an unquoted command into a
// comment; that must not silently shorten the command. A "# note" is a note.
func TestUnquotedCommandLosesWordToComment(t *testing.T) {
	c := Parse("config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh --tag #1\n    - command: ./ok.sh   # runs first\n"), Options{})
	if len(c.Hooks) != 1 || c.Hooks[0].Command != "./ok.sh" {
		t.Errorf("hooks %+v", c.Hooks)
	}
	if len(c.Problems) != 1 || c.Problems[0].Line != 3 || !strings.Contains(c.Problems[0].Message, `"#1"`) {
		t.Errorf("problems %v", c.Problems)
	}
}

// TestFailClosedAlias: failClosed, as Hermes and Cursor spell it, is fail_closed; both in one
// entry is a repeated key (the first kept), and its value is read as strictly.
func TestFailClosedAlias(t *testing.T) {
	data := []byte(`hooks:
  pre_tool_call:
    - command: ./camel.sh
      failClosed: true
    - command: ./both.sh
      failClosed: false
      fail_closed: true
    - command: ./bad.sh
      failClosed: "yes"
`)
	dir := t.TempDir()
	c := Parse(filepath.Join(dir, "config.yaml"), data, Options{LookupEnv: testEnv})
	if !hookRunning(t, c, "./camel.sh").FailClosed || hookRunning(t, c, "./both.sh").FailClosed {
		t.Errorf("hooks:\n%s", dumpHooks(c))
	}
	want := "config.yaml:7:7: error: fail_closed repeats failClosed of line 6 (line 7 ignored)\n" +
		"config.yaml:9:19: error: failClosed must be true or false, not \"yes\" (hook dropped)\n"
	if got := strings.ReplaceAll(problemLines(c), filepath.ToSlash(dir)+"/", ""); got != want {
		t.Errorf("problems\n%s\nwant\n%s", got, want)
	}
}

func TestHasHooksMatchesHooksFor(t *testing.T) {
	cfg := Parse("config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: /bin/true\n  on_session_end:\n    - command: /bin/true\n      agents: [claude-code]\n"), Options{})
	for _, event := range []string{"pre_tool_call", "on_session_end", "post_tool_call", "no_such_event"} {
		if got, want := cfg.HasHooks(event), len(cfg.HooksFor(event)) > 0; got != want {
			t.Errorf("HasHooks(%q) = %v, HooksFor has %d", event, got, len(cfg.HooksFor(event)))
		}
	}
	if !cfg.HasHooks("pre_tool_call") || cfg.HasHooks("post_tool_call") {
		t.Errorf("HasHooks: pre_tool_call %v, post_tool_call %v; want true, false", cfg.HasHooks("pre_tool_call"), cfg.HasHooks("post_tool_call"))
	}
}

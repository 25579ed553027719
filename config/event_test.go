package config

import (
	"strings"
	"testing"
)

// TestParseOneEvent: with Options.Event, only that event's entries are checked and loaded, but
// the file is still parsed whole: a syntax error anywhere drops every hook, and the top-level
// keys are read.
func TestParseOneEvent(t *testing.T) {
	const cfg = `custom_events: [deploy]
hooks:
  pre_tool_call:
    - command: ./guard.sh
      fail_closed: true
  post_tool_call:
    - command: "./unbalanced.sh 'x"
  pre_tool_cal:
    - command: ./typo.sh
  deploy:
    - command: ./deploy.sh
`
	c := Parse("/h/config.yaml", []byte(cfg), Options{Event: "pre_tool_call", LookupEnv: noEnv})
	if len(c.Problems) != 0 {
		t.Errorf("problems of other events reported: %v", c.Problems)
	}
	if len(c.Hooks) != 1 || c.Hooks[0].Command != "./guard.sh" || !c.Hooks[0].Guard() {
		t.Errorf("hooks = %+v, want the guard alone", c.Hooks)
	}
	if !c.KnownEvent("deploy") {
		t.Error("custom_events not read")
	}
	all := Parse("/h/config.yaml", []byte(cfg), Options{LookupEnv: noEnv})
	if len(all.Problems) != 2 || len(all.Hooks) != 2 {
		t.Errorf("without Event: %d problems, %d hooks; want 2 and 2", len(all.Problems), len(all.Hooks))
	}
	broken := strings.Replace(cfg, "    - command: ./deploy.sh", "   - command: ./deploy.sh\n  x", 1)
	b := Parse("/h/config.yaml", []byte(broken), Options{Event: "pre_tool_call", LookupEnv: noEnv})
	if !b.Unreadable || len(b.Hooks) != 0 {
		t.Errorf("a syntax error in another event's entries: Unreadable %v, %d hooks", b.Unreadable, len(b.Hooks))
	}
}

func noEnv(string) (string, bool) { return "", false }

// BenchmarkParseOtherEvents is a run's parse of a ten-entry config over three events, none of
// them the fired one (bench.sh's P2w), checking every event against checking the fired one.
func BenchmarkParseOtherEvents(b *testing.B) {
	var y strings.Builder
	y.WriteString("hooks:\n  pre_tool_call:\n")
	for i := range 3 {
		y.WriteString("    - matcher: \"Bash|terminal\"\n      command: /x/trivial.sh guard-" + string(rune('1'+i)) + "\n      fail_closed: true\n      timeout: 5\n")
	}
	for i := range 2 {
		y.WriteString("    - matcher: Write\n      command: /x/trivial.sh pre-" + string(rune('1'+i)) + "\n")
	}
	y.WriteString("  post_tool_call:\n")
	for i := range 3 {
		y.WriteString("    - command: /x/trivial.sh post-" + string(rune('1'+i)) + "\n      timeout: 10\n")
	}
	y.WriteString("  pre_llm_call:\n")
	for i := range 2 {
		y.WriteString("    - command: /x/trivial.sh ctx-" + string(rune('1'+i)) + "\n")
	}
	data := []byte(y.String())
	for _, event := range []string{"", "post_llm_call"} {
		name := "all"
		if event != "" {
			name = "fired"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if c := Parse("/h/config.yaml", data, Options{Event: event, LookupEnv: noEnv}); len(c.Problems) > 0 {
					b.Fatal(c.Problems)
				}
			}
		})
	}
}

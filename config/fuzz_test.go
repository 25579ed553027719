package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// FuzzParse checks that Parse never panics and that what it returns keeps the promises the
// rest of hookctl relies on: every problem is located and says something, every hook has a
// program to run (with no NUL, which exec refuses) and an effective timeout within the clamp.
func FuzzParse(f *testing.F) {
	fixtures, err := filepath.Glob(filepath.Join("testdata", "*", "*.yaml"))
	if err != nil || len(fixtures) == 0 {
		f.Fatalf("no seed fixtures: %v", err)
	}
	for _, name := range fixtures {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, seed := range []string{
		"",
		"hooks:\n  pre_tool_call:\n    - command: \"sh -c 'echo $x' \\\\$HOME ~ ${NAME}\"\n      timeout: 1e-300\n",
		"hooks: {pre_tool_call: [{command: a, timeout: 9e300}, {command: b, timeout: -0}]}\n",
		"a: &a {<<: *a}\nhooks: &h {pre_tool_call: [*h, *a]}\n",
		"hooks:\n  pre_tool_call:\n  - {command: x, matcher: '(?i)TERM|x{2,1000}'}\n---\nhooks: [\n",
		"hooks:\n  pre_tool_call:\n    - command: \"./evil.sh\\r\\e[2K./ok.sh\"\n      failClosed: true\n    - command: >\n        A=1 B=$HOME/x ./guard.sh\n",
		"hooks:\n  pre_llm_call:\n    - {command: \"\\tLEVEL=strict\\t./a.sh --out=b/x.sh https://h/y.sh\\n\", fail_closed: false, failClosed: true}\n",
	} {
		f.Add([]byte(seed))
	}
	dir := f.TempDir()
	path := filepath.Join(dir, "config.yaml")
	f.Fuzz(func(t *testing.T, data []byte) {
		c := Parse(path, data, Options{LookupEnv: testEnv})
		for _, p := range c.Problems {
			if p.Line < 1 || p.Col < 1 || p.Message == "" || p.File != path {
				t.Errorf("malformed problem %+v", p)
			}
			if p.Severity != SeverityError && p.Severity != SeverityWarning {
				t.Errorf("problem with severity %q", p.Severity)
			}
		}
		for _, h := range c.Hooks {
			if h.Remote() { // a url hook has no program
				if len(h.Argv) != 0 || h.Pinned() || h.PinExec {
					t.Errorf("url hook %q has argv %q, script %q, pin exec %v", h.Command, h.Argv, h.Script, h.PinExec)
				}
				continue
			}
			if len(h.Argv) == 0 || h.Argv[0] == "" {
				t.Errorf("hook %q has no program: argv %q", h.Command, h.Argv)
			}
			for _, w := range h.Argv {
				if strings.IndexByte(w, 0) >= 0 {
					t.Errorf("hook %q has a NUL in argv %q", h.Command, h.Argv)
				}
			}
			if h.Timeout <= 0 || h.Timeout > MaxTimeout {
				t.Errorf("hook %q has timeout %v, outside (0, %v]", h.Command, h.Timeout, MaxTimeout)
			}
			for _, r := range strings.Trim(h.Command, " \t\n\r\v\f") {
				if unicode.IsControl(r) && r != '\t' {
					t.Errorf("hook %q kept with the control character %q", h.Command, r)
				}
			}
			for _, kv := range h.Env {
				if name, _, ok := strings.Cut(kv, "="); !ok || !isName(name) {
					t.Errorf("hook %q sets %q, not NAME=value", h.Command, kv)
				}
			}
			if h.ScriptWord < 0 || h.ScriptWord >= len(h.Argv) {
				t.Errorf("hook %q has script word %d of %d", h.Command, h.ScriptWord, len(h.Argv))
			} else if w := h.Argv[h.ScriptWord]; h.ScriptWord > 0 && (strings.HasPrefix(w, "-") || isRemote(w)) {
				t.Errorf("hook %q takes the flag or URL %q for its script", h.Command, w)
			}
			if h.PinExec && !h.Pinned() {
				t.Errorf("hook %q runs as its held script but pins none", h.Command)
			}
			if !c.KnownEvent(h.Event) {
				t.Errorf("hook %q on unknown event %q", h.Command, h.Event)
			}
		}
	})
}

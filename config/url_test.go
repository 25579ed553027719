package config

import (
	"slices"
	"strings"
	"testing"
)

func parseURLConfig(t *testing.T, yaml string) *Config {
	t.Helper()
	env := map[string]string{"HOOK_TOKEN": "s3cret", "HOME": "/home/tester", "OTHER": "leak"}
	return Parse("/cfg/config.yaml", []byte(yaml), Options{LookupEnv: func(k string) (string, bool) {
		v, ok := env[k]
		return v, ok
	}})
}

func TestURLHook(t *testing.T) {
	c := parseURLConfig(t, `hooks:
  pre_llm_call:
    - url: "http://127.0.0.1:8000/hooks"
      headers: {Authorization: "Bearer $HOOK_TOKEN", X-Static: "one"}
      allowed_env: [HOOK_TOKEN]
      method: sherma
      timeout: 5
  pre_tool_call:
    - url: https://example.com/guard
      fail_closed: true
      matcher: terminal
`)
	if len(c.Problems) > 0 {
		t.Fatalf("problems: %v", c.Problems)
	}
	if len(c.Hooks) != 2 {
		t.Fatalf("hooks = %+v", c.Hooks)
	}
	h := c.Hooks[0]
	if !h.Remote() || h.URL != "http://127.0.0.1:8000/hooks" || h.Command != h.URL || len(h.Argv) != 0 || h.Pinned() {
		t.Errorf("url hook = %+v", h)
	}
	want := []Header{{"Authorization", "Bearer s3cret", "Bearer $HOOK_TOKEN"}, {"X-Static", "one", "one"}}
	if !slices.Equal(h.Headers, want) {
		t.Errorf("headers = %q, want %q", h.Headers, want)
	}
	if !slices.Equal(h.AllowedEnv, []string{"HOOK_TOKEN"}) {
		t.Errorf("allowed_env = %q", h.AllowedEnv)
	}
	if h.RPCMethod() != "before_llm_call" || h.Timeout.Seconds() != 5 {
		t.Errorf("method %q timeout %v", h.RPCMethod(), h.Timeout)
	}
	g := c.Hooks[1]
	if g.RPCMethod() != "pre_tool_call" || !g.FailClosed || g.Matcher != "terminal" || g.ResolveScript() != "" {
		t.Errorf("second hook = %+v", g)
	}
}

// TestURLHookProblems: each mistake drops the entry (or warns) with its place in the file.
func TestURLHookProblems(t *testing.T) {
	tests := []struct {
		name, entry string
		want        string // the one problem line, after "/cfg/config.yaml:"
		kept        bool
	}{
		{"both", "{command: ./x.sh, url: 'http://h/'}", `3:30: error: a hook has either "command" or "url", not both (hook dropped)`, false},
		{"neither", "{timeout: 5}", `3:7: error: hook has no "command" (hook dropped)`, false},
		{"scheme", "{url: 'file:///etc/passwd'}", `3:13: error: url "file:///etc/passwd" must use http or https, not "file" (hook dropped)`, false},
		{"no host", "{url: 'http:///x'}", `3:13: error: url "http:///x" has no host (hook dropped)`, false},
		{"credentials", "{url: 'https://me:s3cret@h/hooks'}", `3:13: error: url "https://xxxxx@h/hooks" carries credentials, which list, run and the audit log would show: send them in a header from a variable named in allowed_env (headers: {Authorization: "Bearer $HOOK_TOKEN"}, allowed_env: [HOOK_TOKEN]) (hook dropped)`, false},
		{"token as user", "{url: 'http://tok3n@h/'}", `3:13: error: url "http://xxxxx@h/" carries credentials, which list, run and the audit log would show: send them in a header from a variable named in allowed_env (headers: {Authorization: "Bearer $HOOK_TOKEN"}, allowed_env: [HOOK_TOKEN]) (hook dropped)`, false},
		{"not a string", "{url: [a]}", `3:13: error: url must be an http or https address, not a list (hook dropped)`, false},
		{"control", `{url: "http://h/\r"}`, `3:13: error: url "http://h/\r" contains white space or a control character (hook dropped)`, false},
		{"env not allowed", "{url: 'http://h/', headers: {X-Key: '$OTHER'}}", `3:43: error: header X-Key uses $OTHER, which allowed_env does not list (hook dropped)`, false},
		{"braced env not allowed", "{url: 'http://h/', headers: {X-Key: 'a${OTHER}b'}, allowed_env: [HOOK_TOKEN]}", `3:43: error: header X-Key uses $OTHER, which allowed_env does not list (hook dropped)`, false},
		{"bad header name", "{url: 'http://h/', headers: {'a b': x}}", `3:36: error: invalid header name "a b" (hook dropped)`, false},
		{"header injection", `{url: 'http://h/', headers: {X: "a\nb"}}`, `3:39: error: header X contains a control character (after $VAR expansion) (hook dropped)`, false},
		{"bad allowed_env", "{url: 'http://h/', allowed_env: HOOK_TOKEN}", `3:39: error: allowed_env must be a list of variable names, not "HOOK_TOKEN" (hook dropped)`, false},
		{"allowed_env name with a leading digit", "{url: 'http://h/', allowed_env: [HOOK_TOKEN, 1TOKEN]}", `3:52: error: allowed_env must list variable names, not "1TOKEN" (hook dropped)`, false},
		{"allowed_env name with a dash", "{url: 'http://h/', allowed_env: [HOOK-TOKEN]}", `3:40: error: allowed_env must list variable names, not "HOOK-TOKEN" (hook dropped)`, false},
		{"unknown method", "{url: 'http://h/', method: shrema}", `3:34: error: unknown method "shrema": did you mean "sherma"? (valid: sherma, the sherma framework's remote-hook method names; hookctl, the event name) (hook dropped)`, false},
		{"headers on a command", "{command: /bin/true, headers: {X: y}}", `3:28: warning: headers is only for url hooks (ignored)`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := parseURLConfig(t, "hooks:\n  pre_llm_call:\n    - "+tt.entry+"\n")
			var lines []string
			for _, p := range c.Problems {
				lines = append(lines, strings.TrimPrefix(p.String(), "/cfg/config.yaml:"))
			}
			if len(lines) != 1 || lines[0] != tt.want {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(lines, "\n"), tt.want)
			}
			for _, p := range c.Problems {
				if strings.Contains(p.Command+strings.Join(p.Dropped, " "), "s3cret") || strings.Contains(p.Command, "tok3n") {
					t.Errorf("a problem names the credentials: %+v", p)
				}
			}
			if kept := len(c.Hooks) == 1; kept != tt.kept {
				t.Errorf("hook kept = %v, want %v", kept, tt.kept)
			}
		})
	}
}

func TestShermaMethods(t *testing.T) {
	for _, p := range shermaMethods {
		if ShermaEvent(p.method) != p.event || ShermaMethod(p.event) != p.method {
			t.Errorf("ShermaEvent(%q) = %q, ShermaMethod(%q) = %q: want the pair %q, %q",
				p.method, ShermaEvent(p.method), p.event, ShermaMethod(p.event), p.event, p.method)
		}
	}
	if ShermaEvent("pre_tool_call") != "" || ShermaMethod("pre_verify") != "" {
		t.Error("names outside the table must map to nothing")
	}
}

package view

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// A command's NAME=value words can load other code than the script (LD_PRELOAD, BASH_ENV), and
// $VAR decides their value at run time: the prompt shows them as the hook will get them.
func TestPromptShowsExpandedEnvWords(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"LIB": "/tmp/x\x1b[2K.so", "HOME": dir}
	cfg := config.Parse(filepath.Join(dir, "config.yaml"),
		[]byte("hooks:\n  pre_tool_call:\n    - command: LD_PRELOAD=$LIB ./guard.sh\n"),
		config.Options{LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }})
	if len(cfg.Hooks) != 1 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	text := PromptText(cfg.Hooks[0], consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "")
	if !strings.Contains(text, `env:     LD_PRELOAD=/tmp/x\x1b[2K.so`) {
		t.Errorf("the prompt does not show the expanded environment word, escaped:\n%s", text)
	}
}

// A hook that runs as the checked file says so at the prompt: the pin is part of the approval.
func TestPromptShowsPinExec(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		pin  string
		want bool
	}{{"exec", true}, {"path", false}} {
		cfg := config.Parse(filepath.Join(dir, "config.yaml"),
			[]byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n      pin: "+tt.pin+"\n"), config.Options{})
		if len(cfg.Hooks) != 1 {
			t.Fatalf("config: %v", cfg.Problems)
		}
		text := PromptText(cfg.Hooks[0], consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "")
		if got := strings.Contains(text, "pin:     exec (runs as the checked file, /dev/fd/3)"); got != tt.want {
			t.Errorf("pin %s: the prompt shows pin exec: %v, want %v:\n%s", tt.pin, got, tt.want, text)
		}
	}
}

// A url hook's prompt shows what its approval covers: the headers as written (the variable's
// name, not its value), allowed_env and the method.
func TestPromptShowsWhatAURLHookSends(t *testing.T) {
	cfg := config.Parse("/cfg/config.yaml", []byte(`hooks:
  pre_llm_call:
    - url: http://127.0.0.1:9/hooks
      headers: {Authorization: "Bearer $TOKEN", Host: "svc.internal"}
      allowed_env: [TOKEN]
      method: sherma
`), config.Options{LookupEnv: func(string) (string, bool) { return "s3cret", true }})
	if len(cfg.Hooks) != 1 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	text := PromptText(cfg.Hooks[0], consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "")
	for _, want := range []string{"header:  Authorization: Bearer $TOKEN\n", "header:  Host: svc.internal\n",
		"allowed_env: TOKEN\n", "method:  sherma\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the prompt does not show %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "s3cret") {
		t.Errorf("the prompt shows a variable's value:\n%s", text)
	}
}

// The prompt names what the approval covers, says why it asks, and ends on the question.
func TestPromptText(t *testing.T) {
	cfg := config.Parse("/cfg/config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n      matcher: terminal\n"), config.Options{})
	if len(cfg.Hooks) != 1 {
		t.Fatalf("config: %v", cfg.Problems)
	}
	h := cfg.Hooks[0]
	for _, tt := range []struct {
		name  string
		check consent.Check
		diff  string
		want  []string
		not   []string
	}{
		{"not approved", consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "",
			[]string{"hookctl: a hook wants to run\n", "  event:   pre_tool_call\n", "  command: ./guard.sh\n", "  matcher: terminal\n", "  not approved\n"},
			[]string{"changed since approval", "\x1b"}},
		{"changed", consent.Check{Status: consent.StatusChanged}, "changes since approval:\n-a\n",
			[]string{"a hook wants to run (changed since approval)\n", "-a\nAllow this hook to run? [y/N] "}, nil},
		{"missing", consent.Check{Status: consent.StatusChanged, Missing: true}, "",
			[]string{"(its script is missing since approval)"}, []string{"(changed since approval)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := PromptText(h, tt.check, tt.diff)
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("the prompt lacks %q:\n%s", w, text)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) {
					t.Errorf("the prompt holds %q:\n%s", n, text)
				}
			}
			if !strings.HasSuffix(text, "Allow this hook to run? [y/N] ") {
				t.Errorf("the prompt does not end on the question:\n%s", text)
			}
		})
	}
}

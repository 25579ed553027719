package main

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
	text := promptText(cfg.Hooks[0], consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "")
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
		text := promptText(cfg.Hooks[0], consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "")
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
	text := promptText(cfg.Hooks[0], consent.Check{Status: consent.StatusNotApproved, Reason: "not approved"}, "")
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

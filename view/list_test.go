package view

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// personWorld is a hookctl home with a config of hooks whose scripts are in dir.
type personWorld struct {
	dir string
	loc config.Locations
}

func newPersonWorld(t *testing.T, yaml string, scripts map[string]os.FileMode) personWorld {
	t.Helper()
	dir := t.TempDir()
	hh := filepath.Join(dir, "home")
	if err := os.MkdirAll(hh, 0o700); err != nil {
		t.Fatal(err)
	}
	w := personWorld{dir: dir, loc: config.Locations{Home: hh, Config: filepath.Join(hh, "config.yaml"), Allowlist: filepath.Join(hh, "allowlist.json")}}
	for name, mode := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\ncat >/dev/null\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(w.loc.Config, []byte(strings.ReplaceAll(yaml, "DIR", filepath.ToSlash(dir))), 0o600); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w personWorld) config(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Load(w.loc.Config, config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func (w personWorld) allowlist(t *testing.T) *consent.Allowlist {
	t.Helper()
	list, err := consent.NewStore(w.loc.Allowlist).Load()
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// approve approves the hooks of the config whose commands end in one of names.
func (w personWorld) approve(t *testing.T, cfg *config.Config, names ...string) {
	t.Helper()
	var hooks []config.Hook
	for _, h := range cfg.Hooks {
		if slices.ContainsFunc(names, func(n string) bool { return strings.HasSuffix(h.Command, n) }) {
			hooks = append(hooks, h)
		}
	}
	if _, err := consent.NewStore(w.loc.Allowlist).Approve(hooks...); err != nil {
		t.Fatal(err)
	}
}

func TestListing(t *testing.T) {
	w := newPersonWorld(t, `hooks:
  pre_tool_call:
    - command: DIR/approved.sh
      fail_closed: true
    - command: DIR/changed.sh
    - command: DIR/gone.sh
    - command: DIR/plain.sh
  on_session_start:
    - command: nosuch-hookctl-view-test-hook
`, map[string]os.FileMode{"approved.sh": 0o755, "changed.sh": 0o755, "gone.sh": 0o755, "plain.sh": 0o644})
	w.approve(t, w.config(t), "approved.sh", "changed.sh", "gone.sh")
	if err := os.WriteFile(filepath.Join(w.dir, "changed.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(w.dir, "gone.sh")); err != nil {
		t.Fatal(err)
	}
	got := Listing(w.loc.Config, w.config(t), w.allowlist(t))
	if got.Config != w.loc.Config || got.Problems == nil || len(got.Problems) != 0 || len(got.Hooks) != 5 {
		t.Fatalf("listing %+v", got)
	}
	tests := []struct {
		name               string
		status             consent.Status
		approvedAt         bool
		changed            bool
		missing            bool
		found, exists, exe bool
	}{
		{"approved.sh", consent.StatusApproved, true, false, false, true, true, true},
		{"changed.sh", consent.StatusChanged, true, true, false, true, true, true},
		{"gone.sh", consent.StatusChanged, true, true, true, true, false, false},
		{"plain.sh", consent.StatusNotApproved, false, false, false, true, true, false},
		{"nosuch-hookctl-view-test-hook", consent.StatusNotApproved, false, false, false, false, false, false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := got.Hooks[i]
			if !strings.HasSuffix(h.Command, tt.name) {
				t.Fatalf("hook %d is %s", i, h.Command)
			}
			c := h.Consent
			if c.Status != tt.status || (c.ApprovedAt != nil) != tt.approvedAt || (c.Changed != "") != tt.changed || c.Missing != tt.missing {
				t.Errorf("consent %+v", c)
			}
			if strings.HasPrefix(c.Changed, "changed since approval") {
				t.Errorf("changed keeps its prefix: %q", c.Changed)
			}
			s := h.Script
			// Windows has no executable bit: a .sh script is not a program there.
			exe := tt.exe && runtime.GOOS != "windows"
			if (s.Path != "") != tt.found || s.Exists != tt.exists || s.Executable != exe {
				t.Errorf("script %+v", s)
			}
		})
	}
	if !got.Hooks[0].FailClosed || got.Hooks[0].TimeoutS <= 0 || len(got.Hooks[0].Argv) != 1 {
		t.Errorf("entry fields: %+v", got.Hooks[0])
	}
}

func TestForAgent(t *testing.T) {
	w := newPersonWorld(t, `hooks:
  pre_tool_call:
    - command: DIR/terminal.sh
      matcher: terminal
    - command: DIR/gemini-only.sh
      agents: [gemini]
  on_session_start:
    - command: DIR/start.sh
`, map[string]os.FileMode{"terminal.sh": 0o755, "gemini-only.sh": 0o755, "start.sh": 0o755})
	cfg := w.config(t)
	listed := Listing(w.loc.Config, cfg, w.allowlist(t)).Hooks
	tests := []struct {
		agent string
		want  []string // the scripts kept
	}{
		{"claude-code", []string{"terminal.sh", "start.sh"}},
		{"gemini", []string{"terminal.sh", "gemini-only.sh", "start.sh"}},
	}
	for _, tt := range tests {
		t.Run(tt.agent, func(t *testing.T) {
			d, err := agent.Lookup(tt.agent)
			if err != nil {
				t.Fatal(err)
			}
			got := ForAgent(d, cfg.Hooks, listed)
			if len(got) != len(tt.want) {
				t.Fatalf("kept %d hooks, want %v", len(got), tt.want)
			}
			for i, h := range got {
				if filepath.Base(h.Command) != tt.want[i] {
					t.Errorf("hook %d: %s, want %s", i, h.Command, tt.want[i])
				}
				if h.AgentEvents == nil || len(*h.AgentEvents) == 0 {
					t.Errorf("%s: no agent events", h.Command)
				}
				tool := config.IsToolEvent(h.Event)
				if (h.Matches != nil) != tool || (h.MatchedTools != nil) != tool {
					t.Errorf("%s: matches %v, matched tools %v on a tool event: %v", h.Command, h.Matches, h.MatchedTools, tool)
				}
			}
			if m := got[0].MatchedTools; m == nil || len(*m) != 1 || (*m)[0].Hookctl != "terminal" {
				t.Errorf("terminal matcher: %+v", m)
			}
		})
	}
}

func TestSelfGuardOf(t *testing.T) {
	w := newPersonWorld(t, "hooks:\n  pre_tool_call:\n    - command: DIR/guard.sh\n      fail_closed: true\n", map[string]os.FileMode{"guard.sh": 0o755})
	src := runner.GuardSource{Allowlist: w.loc.Allowlist, Config: w.loc.Config, Home: w.loc.Home}
	cfg := w.config(t)
	off := SelfGuardOf(src, cfg)
	if off.On || off.Command != runner.SelfGuardName || off.Dirs == nil || off.Files == nil || off.Settings == nil {
		t.Errorf("no consent state: %+v", off)
	}
	w.approve(t, cfg, "guard.sh")
	on := SelfGuardOf(src, cfg)
	if !on.On || !slices.Contains(on.Files, filepath.Join(w.dir, "guard.sh")) {
		t.Errorf("a guard approved: %+v", on)
	}
}

func TestWiredTo(t *testing.T) {
	ws := []install.Wiring{
		{Agent: "claude-code", Scope: "user", Event: "pre_tool_call"},
		{Agent: "claude-code", Scope: "user", Event: "pre_tool_call"},
		{Agent: "cursor", Scope: "project", Event: "pre_tool_call"},
		{Agent: "gemini", Scope: "user", Event: "session_start"},
	}
	tests := []struct{ event, want string }{
		{"pre_tool_call", "claude-code, cursor (project)"},
		{"session_start", "gemini"},
		{"post_tool_call", ""},
	}
	for _, tt := range tests {
		t.Run(tt.event, func(t *testing.T) {
			if got := WiredTo(ws, tt.event); got != tt.want {
				t.Errorf("WiredTo = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSystemOf(t *testing.T) {
	w := newPersonWorld(t, "hooks:\n  pre_tool_call:\n    - command: DIR/guard.sh\n      fail_closed: true\n", map[string]os.FileMode{"guard.sh": 0o755})
	cfg := w.config(t)
	tests := []struct {
		name  string
		sys   *consent.System
		check func(*testing.T, *System)
	}{
		{"none", nil, func(t *testing.T, v *System) {
			if v != nil {
				t.Errorf("%+v", v)
			}
		}},
		{"untrusted", &consent.System{Loc: config.Locations{Home: "/etc/hookctl"}, Err: errors.New("owned by someone else")},
			func(t *testing.T, v *System) {
				if v == nil || v.Dir != "/etc/hookctl" || v.Error != "owned by someone else" || len(v.Hooks) != 0 {
					t.Errorf("%+v", v)
				}
			}},
		{"not approved by root, and a guard gone", &consent.System{Loc: config.Locations{Home: "/etc/hookctl"}, Config: cfg,
			Allowlist: &consent.Allowlist{}, Guards: []consent.Guard{{Event: "pre_tool_call", Command: "/gone.sh", FailClosed: true}}},
			func(t *testing.T, v *System) {
				if v == nil || len(v.Hooks) != 2 {
					t.Fatalf("%+v", v)
				}
				if h := v.Hooks[0]; h.InForce || h.Why == "" || !h.FailClosed {
					t.Errorf("unapproved hook: %+v", h)
				}
				if h := v.Hooks[1]; h.InForce || h.Command != "/gone.sh" || !strings.HasPrefix(h.Why, "a system guard not in force: ") {
					t.Errorf("gone guard: %+v", h)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, SystemOf(tt.sys)) })
	}
}

func TestSystemFindings(t *testing.T) {
	tests := []struct {
		name string
		v    *System
		want []string // the findings' messages
	}{
		{"none", nil, nil},
		{"untrusted", &System{Error: "bad owner"}, []string{"bad owner: every call a guard could cover is blocked"}},
		{"hooks", &System{Hooks: []SystemHook{
			{Command: "/in.sh", InForce: true},
			{Command: "/guard.sh", FailClosed: true, Why: "not approved by root"},
			{Command: "/log.sh", Why: "not approved by root"},
		}}, []string{
			"system hook not in force: not approved by root; it blocks the calls it covers",
			"system hook not in force: not approved by root",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SystemFindings(tt.v)
			var msgs []string
			for _, f := range got {
				if f.Severity != doctor.SeverityError || f.Check != "system" || f.Fix == "" {
					t.Errorf("finding %+v", f)
				}
				msgs = append(msgs, f.Message)
			}
			if !slices.Equal(msgs, tt.want) {
				t.Errorf("messages %q, want %q", msgs, tt.want)
			}
		})
	}
}

func (w personWorld) script(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(w.dir, name), []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

func (w personWorld) rewrite(t *testing.T, yaml string) {
	t.Helper()
	if err := os.WriteFile(w.loc.Config, []byte(strings.ReplaceAll(yaml, "DIR", filepath.ToSlash(w.dir))), 0o600); err != nil {
		t.Fatal(err)
	}
}

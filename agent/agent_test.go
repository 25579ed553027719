package agent

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestNames(t *testing.T) {
	want := []string{"claude-code", "cline", "codex", "copilot", "cursor", "droid", "gemini", "hermes", "kilo", "opencode", "pi", "qwen-code", "windsurf"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ name, wantErr string }{
		{"claude-code", ""},
		{"cursor", ""},
		{"claude", `unknown agent "claude": did you mean "claude-code"?`},
		{"gemeni", `unknown agent "gemeni": did you mean "gemini"?`},
		{"Cursor", `unknown agent "Cursor": did you mean "cursor"?`},
		{"vim", `unknown agent "vim": did you mean "pi"?`},
		{"emacs-lisp", `unknown agent "emacs-lisp"; agents: claude-code, cline, codex, copilot, cursor, droid, gemini, hermes, kilo, opencode, pi, qwen-code, windsurf`},
		{"open-code", `unknown agent "open-code": did you mean "opencode"?`},
		{"copilot", ""},
		{"wind", `unknown agent "wind": did you mean "windsurf"?`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Lookup(tc.name)
			if tc.wantErr == "" {
				if err != nil || d.Name != tc.name {
					t.Fatalf("Lookup(%q) = %v, %v", tc.name, d, err)
				}
				return
			}
			if err == nil || err.Error() != tc.wantErr || !errors.Is(err, ErrUnknown) {
				t.Fatalf("Lookup(%q) error = %v, want %q", tc.name, err, tc.wantErr)
			}
		})
	}
}

// Every dialect's table points into the events table, names each agent event once, and has
// exactly one general event wherever several agent events fire one hookctl event.
func TestMappingsPointIntoEvents(t *testing.T) {
	for _, d := range Dialects() {
		seen := map[string]bool{}
		perEvent := map[string][]Mapping{}
		for _, m := range d.Events {
			ev, ok := LookupEvent(m.Event)
			if !ok {
				t.Errorf("%s: %s maps to unknown event %q", d.Name, m.AgentEvent, m.Event)
			}
			if seen[m.AgentEvent] {
				t.Errorf("%s: %s mapped twice", d.Name, m.AgentEvent)
			}
			seen[m.AgentEvent] = true
			if (m.Tool.Name != "" || m.Tool.Input != nil || m.Tool.DecodeString) && !ev.Tool {
				t.Errorf("%s: %s reads a tool on non-tool event %s", d.Name, m.AgentEvent, m.Event)
			}
			perEvent[m.Event] = append(perEvent[m.Event], m)
		}
		for _, o := range d.OtherEvents {
			if seen[o] {
				t.Errorf("%s: %s is both mapped and other", d.Name, o)
			}
		}
		for ev, ms := range perEvent {
			general := 0
			for _, m := range ms {
				if m.General {
					general++
				}
			}
			// An agent with no general event (Windsurf) has install wire each of them.
			if (len(ms) > 1 && general != 1 && !d.WireAll) || (len(ms) == 1 && general > 1) || (d.WireAll && general > 0) {
				t.Errorf("%s: %s has %d agent events and %d general ones", d.Name, ev, len(ms), general)
			}
		}
	}
}

func TestInstallEvent(t *testing.T) {
	for _, tc := range []struct{ agent, event, want string }{
		{"cursor", "pre_tool_call", "preToolUse"},
		{"cursor", "post_tool_call", "postToolUse"},
		{"cursor", "pre_llm_call", "beforeSubmitPrompt"},
		{"claude-code", "pre_tool_call", "PreToolUse"},
		{"claude-code", "pre_verify", "Stop"},
		{"codex", "pre_llm_call", "UserPromptSubmit"},
		{"gemini", "pre_verify", "AfterAgent"},
		{"gemini", "subagent_stop", ""},
		{"hermes", "transform_llm_output", "transform_llm_output"},
	} {
		d, _ := Lookup(tc.agent)
		got, ok := d.InstallEvent(tc.event)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("%s.InstallEvent(%s) = %q, %v; want %q", tc.agent, tc.event, got, ok, tc.want)
		}
	}
	d, _ := Lookup("cursor")
	var names []string
	for _, m := range d.AgentEvents("pre_tool_call") {
		names = append(names, m.AgentEvent)
	}
	if want := []string{"preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile"}; !slices.Equal(names, want) {
		t.Errorf("cursor.AgentEvents(pre_tool_call) = %v, want %v", names, want)
	}
	if !d.HasEvent("afterShellExecution") || !d.HasEvent("stop") || d.HasEvent("Stop") {
		t.Error("cursor.HasEvent: wrong answer for afterShellExecution, stop or Stop")
	}
}

func TestSettingsAndTimeouts(t *testing.T) {
	for _, tc := range []struct {
		agent, file string
		unit        time.Duration
		five        int64
	}{
		{"claude-code", ".claude/settings.json", time.Second, 5},
		{"codex", ".codex/hooks.json", time.Second, 5},
		{"gemini", ".gemini/settings.json", time.Millisecond, 5000},
		{"cursor", ".cursor/hooks.json", time.Second, 5},
		{"hermes", "", time.Second, 5},
		{"copilot", ".copilot/hooks/hookctl.json|.github/hooks/hookctl.json", time.Second, 5},
		{"windsurf", ".codeium/windsurf/hooks.json|.windsurf/hooks.json", time.Second, 5},
		{"cline", ".cline/hooks|.clinerules/hooks", time.Second, 5},
	} {
		d, _ := Lookup(tc.agent)
		wantUser, wantProject := "", ""
		if tc.file != "" {
			user, project, ok := strings.Cut(tc.file, "|")
			if !ok {
				project = user
			}
			wantUser, wantProject = filepath.Join("/home/me", user), filepath.Join("/src/p", project)
		}
		if got := d.UserSettings("/home/me", nil); got != wantUser {
			t.Errorf("%s user settings = %q, want %q", tc.agent, got, wantUser)
		}
		if got := d.ProjectSettings("/src/p"); got != wantProject {
			t.Errorf("%s project settings = %q, want %q", tc.agent, got, wantProject)
		}
		if d.TimeoutUnit != tc.unit || d.Timeout(5*time.Second) != tc.five {
			t.Errorf("%s timeout unit %v, 5s = %d", tc.agent, d.TimeoutUnit, d.Timeout(5*time.Second))
		}
	}
	d, _ := Lookup("claude-code")
	if got := d.Timeout(1500 * time.Millisecond); got != 2 {
		t.Errorf("1.5s in seconds = %d, want 2 (rounded up)", got)
	}
}

// The synthetic payloads are JSON objects in the agent's shape.
func TestSynthetic(t *testing.T) {
	for _, d := range Dialects() {
		for _, m := range d.Events {
			raw := d.Synthetic(m, `/tmp/a "dir"`)
			var obj map[string]any
			if err := json.Unmarshal(raw, &obj); err != nil {
				t.Fatalf("%s %s: %v in %s", d.Name, m.AgentEvent, err, raw)
			}
			if !d.EventFromArgs && obj[d.eventKey()] != m.AgentEvent {
				t.Errorf("%s %s: %s = %v", d.Name, m.AgentEvent, d.eventKey(), obj[d.eventKey()])
			}
			if s := obj[d.Fields.Session]; s != "test-session" && s != "parent-session" {
				t.Errorf("%s %s: no session id in %s", d.Name, m.AgentEvent, raw)
			}
			// The payload reads back as the call it stands for.
			call, err := d.ReadPayloadAs(raw, m.AgentEvent)
			if err != nil || call.AgentEvent != m.AgentEvent {
				t.Errorf("%s %s: read back as %q, %v", d.Name, m.AgentEvent, call.AgentEvent, err)
			}
			if ev, _ := LookupEvent(m.Event); ev.Tool && call.ToolName == nil {
				t.Errorf("%s %s: tool event without a tool name: %s", d.Name, m.AgentEvent, raw)
			}
			if strings.Contains(string(raw), "$CWD") {
				t.Errorf("%s %s: placeholder left in %s", d.Name, m.AgentEvent, raw)
			}
		}
	}
}

// Blocking names exactly the agents whose mapped events let a hook block: fail_closed means
// something there and nowhere else.
func TestBlocking(t *testing.T) {
	tests := map[string][]string{
		"pre_tool_call":  {"claude-code", "cline", "codex", "copilot", "cursor", "droid", "gemini", "hermes", "kilo", "opencode", "pi", "qwen-code", "windsurf"},
		"pre_llm_call":   {"claude-code", "codex", "copilot", "cursor", "droid", "gemini", "qwen-code", "windsurf"},
		"post_tool_call": {"claude-code", "cline", "codex", "droid", "gemini", "kilo", "opencode", "pi", "qwen-code"},
		"pre_verify":     nil,
		"on_session_end": nil,
		"my_event":       nil,
	}
	for event, want := range tests {
		got := Blocking(event)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("Blocking(%q) = %v, want %v", event, got, want)
		}
	}
}

// An agent whose own variable moves its folder reads its user settings there: install must
// write where the agent reads, or its hooks never run.
func TestUserSettingsMovedByEnv(t *testing.T) {
	env := map[string]string{"CODEX_HOME": "/srv/codex", "CLAUDE_CONFIG_DIR": "/srv/claude", "GEMINI_CLI_HOME": "/srv/g"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	for name, want := range map[string]string{
		"codex":       "/srv/codex/hooks.json",
		"claude-code": "/srv/claude/settings.json",
		"gemini":      "/srv/g/.gemini/settings.json",
		"cursor":      "/home/me/.cursor/hooks.json",
	} {
		d, _ := Lookup(name)
		// Windows joins with \: the same paths.
		if got := d.UserSettings("/home/me", lookup); filepath.ToSlash(got) != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
		if got := d.UserSettings("/home/me", func(string) (string, bool) { return "", false }); !strings.HasPrefix(filepath.ToSlash(got), "/home/me/") {
			t.Errorf("%s with no variable set: %s", name, got)
		}
	}
}

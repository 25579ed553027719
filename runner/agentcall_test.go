package runner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func lookup(t *testing.T, name string) *agent.Dialect {
	t.Helper()
	d, err := agent.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestReadAgentCall(t *testing.T) {
	claudePre := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	for _, tc := range []struct {
		name, agent, event, raw string
		// wantEvent and wantNamed are the call's events; err the start of the error.
		wantEvent, wantNamed, err string
		systemFirst               bool
	}{
		{name: "the payload names a mapped event", agent: "claude-code", raw: claudePre, wantEvent: "pre_tool_call", systemFirst: true},
		{name: "the payload names an event only a config may know", agent: "claude-code", raw: `{"hook_event_name":"MyEvent"}`},
		{name: "a hookctl event on the command line", agent: "claude-code", event: "pre_tool_call", raw: claudePre, wantEvent: "pre_tool_call", wantNamed: "pre_tool_call", systemFirst: true},
		{name: "the agent's own event on the command line", agent: "cline", event: "PreToolUse", raw: `{"preToolUse":{"toolName":"execute_command","parameters":{"command":"ls"}}}`, wantEvent: "pre_tool_call", systemFirst: true},
		{name: "an agent whose payload names no event, none named", agent: "cline", raw: `{}`,
			err: "Cline's payload does not name its event: name it, as hookctl install cline writes it"},
		{name: "a payload that is no object", agent: "claude-code", raw: `[1]`, err: "payload"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ReadAgentCall(lookup(t, tc.agent), tc.event, []byte(tc.raw))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ReadAgentCall error = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Event != tc.wantEvent || c.Named != tc.wantNamed || string(c.Raw) != tc.raw {
				t.Fatalf("ReadAgentCall = event %q, named %q, raw %q; want %q, %q", c.Event, c.Named, c.Raw, tc.wantEvent, tc.wantNamed)
			}
			if got := c.SystemFirst(false); got != tc.systemFirst {
				t.Errorf("SystemFirst = %v, want %v", got, tc.systemFirst)
			}
			if c.SystemFirst(true) {
				t.Error("a project's wiring reads the system layer first")
			}
		})
	}
}

func TestMappedEvent(t *testing.T) {
	d := lookup(t, "cline")
	for _, tc := range []struct{ name, want string }{
		{"PreToolUse", "pre_tool_call"},
		{"pre_tool_call", "pre_tool_call"},
		{"", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := MappedEvent(d, tc.name); got != tc.want {
				t.Fatalf("MappedEvent(%q) = %q, want %q", tc.name, got, tc.want)
			}
		})
	}
}

func TestAgentLimit(t *testing.T) {
	began := time.Now()
	for _, tc := range []struct {
		agent   string
		limited bool
	}{{"cline", true}, {"claude-code", false}} {
		t.Run(tc.agent, func(t *testing.T) {
			d := lookup(t, tc.agent)
			ctx, cancel := AgentLimit(context.Background(), d, began)
			defer cancel()
			at, ok := ctx.Deadline()
			if ok != tc.limited {
				t.Fatalf("deadline set: %v, want %v", ok, tc.limited)
			}
			if ok && !at.Equal(began.Add(d.Limit-agent.DispatchMargin)) {
				t.Fatalf("deadline %v, want the agent's limit less the margin", at.Sub(began))
			}
		})
	}
}

func TestAgentWarnings(t *testing.T) {
	res := &Result{Warnings: []string{"the config has a problem"}, Hooks: []HookResult{
		{Command: "./ok.sh", Status: StatusOK},
		{Command: "./slow.sh", Status: StatusTimeout, Message: "after 5s"},
	}}
	got := AgentWarnings(res)
	want := []string{"the config has a problem", "hook ./slow.sh: timeout: after 5s"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("AgentWarnings = %q, want %q", got, want)
	}
}

func TestAddNotices(t *testing.T) {
	for _, tc := range []struct {
		name, message string
		notices       []string
		want          string
	}{
		{name: "notices alone", notices: []string{"a", "b"}, want: "a\nb"},
		{name: "after the hooks' message", message: "from a hook", notices: []string{"a"}, want: "from a hook\na"},
		{name: "no notices", message: "from a hook", want: "from a hook"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Result{SystemMessage: tc.message}
			r.AddNotices(tc.notices)
			if r.SystemMessage != tc.want {
				t.Fatalf("SystemMessage = %q, want %q", r.SystemMessage, tc.want)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	d := lookup(t, "claude-code")
	home := t.TempDir()
	loc := config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")}
	custom := &config.Config{CustomEvents: []string{"MyEvent"}}
	for _, tc := range []struct {
		name, raw     string
		projectWiring bool
		system        bool
		cfg           *config.Config
		cfgErr        error
		event         string
		none, err     bool
	}{
		{name: "a mapped event", raw: `{"hook_event_name":"PreToolUse"}`, cfg: &config.Config{}, event: "pre_tool_call"},
		{name: "an event hookctl does not know fires nothing", raw: `{"hook_event_name":"Elsewhere"}`, cfg: &config.Config{}, none: true},
		{name: "a custom event the config names", raw: `{"hook_event_name":"MyEvent"}`, cfg: custom, event: "MyEvent"},
		{name: "no event named", raw: `{}`, cfg: &config.Config{}, err: true},
		{name: "an unreadable config", raw: `{"hook_event_name":"PreToolUse"}`, cfgErr: errors.New("config.yaml: bad"), event: "pre_tool_call", err: true},
		{name: "a project's wiring reads no config", raw: `{"hook_event_name":"PreToolUse"}`, projectWiring: true, cfgErr: errors.New("read"), event: "pre_tool_call"},
		{name: "a project's wiring: an unmapped event fires nothing", raw: `{"hook_event_name":"MyEvent"}`, projectWiring: true, cfgErr: errors.New("read"), none: true},
		{name: "a system layer first: no config read", raw: `{"hook_event_name":"PreToolUse"}`, system: true, cfgErr: errors.New("read"), event: "pre_tool_call"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ReadAgentCall(d, "", []byte(tc.raw))
			if err != nil {
				t.Fatal(err)
			}
			s := BuildStack(StackOptions{Locations: loc, PersonHome: home,
				LoadConfig: func(string) (*config.Config, error) { return tc.cfg, tc.cfgErr }}, c.Event, false)
			if tc.system {
				s.System = &consent.System{}
			}
			event, none, err := c.Resolve(d, s, tc.projectWiring)
			if event != tc.event || none != tc.none || (err != nil) != tc.err {
				t.Fatalf("Resolve = %q, none %v, %v; want %q, none %v, error %v", event, none, err, tc.event, tc.none, tc.err)
			}
		})
	}
}

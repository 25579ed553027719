package runner

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func TestRequireProject(t *testing.T) {
	for _, tc := range []struct {
		value string
		set   bool
		want  bool
	}{{"1", true, true}, {"0", true, false}, {"true", true, false}, {"", true, false}, {"", false, false}} {
		t.Run(tc.value, func(t *testing.T) {
			lookup := func(k string) (string, bool) { return tc.value, tc.set && k == RequireProjectVar }
			if got := RequireProject(lookup); got != tc.want {
				t.Fatalf("RequireProject(%q) = %v, want %v", tc.value, got, tc.want)
			}
		})
	}
}

func TestAuditConfig(t *testing.T) {
	off := &config.Config{Audit: false}
	for _, tc := range []struct {
		name string
		cfg  *config.Config
		want bool
	}{{"the system layer answered first: audit on", nil, true}, {"the person's setting", off, false}} {
		t.Run(tc.name, func(t *testing.T) {
			got := AuditConfig(tc.cfg)
			if got.Audit != tc.want || tc.cfg != nil && got != tc.cfg {
				t.Fatalf("AuditConfig = %+v", got)
			}
		})
	}
}

// TestCheckFirst: without a system layer, the person's config is read and the event checked
// before anything else; MayRun then says whether any hook could run.
func TestCheckFirst(t *testing.T) {
	home := t.TempDir()
	loc := config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")}
	withHook := &config.Config{Hooks: []config.Hook{{Event: "pre_tool_call", Command: "./g.sh"}}}
	for _, tc := range []struct {
		name    string
		cfg     *config.Config
		cfgErr  error
		event   string
		wantErr error
		mayRun  bool
	}{
		{name: "a known event with a hook", cfg: withHook, event: "pre_tool_call", mayRun: true},
		{name: "a known event without hooks", cfg: withHook, event: "post_tool_call"},
		{name: "an unknown event", cfg: withHook, event: "pre_tool_cal", wantErr: ErrUnknownEvent},
		{name: "an unreadable config with no guard recorded", cfgErr: errors.New("config.yaml: bad"), event: "pre_tool_call", wantErr: errors.New("")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := StackOptions{Locations: loc, PersonHome: home,
				LoadConfig: func(string) (*config.Config, error) { return tc.cfg, tc.cfgErr }}
			st := BuildStack(o, tc.event, false)
			err := st.CheckFirst(tc.event)
			switch {
			case tc.wantErr == nil && err != nil:
				t.Fatalf("CheckFirst = %v", err)
			case tc.wantErr != nil && err == nil:
				t.Fatalf("CheckFirst = nil, want an error")
			case errors.Is(tc.wantErr, ErrUnknownEvent) && !errors.Is(err, ErrUnknownEvent):
				t.Fatalf("CheckFirst = %v, want ErrUnknownEvent", err)
			}
			if err == nil && st.MayRun(tc.event) != tc.mayRun {
				t.Fatalf("MayRun = %v, want %v", !tc.mayRun, tc.mayRun)
			}
		})
	}
}

// TestCheckFirstSystem: with a system layer nothing of the person's is read first, and a hook
// may run.
func TestCheckFirstSystem(t *testing.T) {
	read := false
	st := BuildStack(StackOptions{LoadConfig: func(string) (*config.Config, error) { read = true; return nil, errors.New("x") }}, "pre_tool_call", false)
	st.System = &consent.System{}
	if err := st.CheckFirst("pre_tool_call"); err != nil || read {
		t.Fatalf("CheckFirst = %v, config read: %v", err, read)
	}
	if !st.MayRun("pre_tool_call") {
		t.Fatal("MayRun = false under a system layer")
	}
}

func TestAnswerContext(t *testing.T) {
	began := time.Now()
	for _, tc := range []struct {
		name    string
		seconds uint
		limited bool
	}{{"no deadline", 0, false}, {"a deadline", 30, true}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := AnswerContext(context.Background(), began, tc.seconds)
			defer cancel()
			at, ok := ctx.Deadline()
			want, _ := AnswerBy(began, tc.seconds)
			if ok != tc.limited || ok && !at.Equal(want) {
				t.Fatalf("deadline %v, %v; want %v, %v", at, ok, want, tc.limited)
			}
		})
	}
}

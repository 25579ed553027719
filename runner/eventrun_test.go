package runner

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestEventRun(t *testing.T) {
	home := t.TempDir()
	loc := config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")}
	terminal, other := "terminal", "other"
	for _, tc := range []struct {
		name, event string
		tool        *string
		checkErr    error
		wantTool    *string
	}{
		{name: "an event with nothing configured", event: "pre_tool_call", wantTool: &other},
		{name: "--tool wins over the payload's", event: "pre_tool_call", tool: &terminal, wantTool: &terminal},
		{name: "an unknown event is refused before the payload", event: "pre_tool_cal", checkErr: ErrUnknownEvent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &EventRun{Event: tc.event, Tool: tc.tool}
			err := r.Check(StackOptions{Locations: loc, PersonHome: home,
				LoadConfig: func(string) (*config.Config, error) { return &config.Config{}, nil },
				Dispatcher: func(cfg *config.Config) *Dispatcher { return &Dispatcher{Config: cfg, Home: home} }})
			if tc.checkErr != nil {
				if !errors.Is(err, tc.checkErr) {
					t.Fatalf("Check = %v, want %v", err, tc.checkErr)
				}
				return
			}
			if err != nil || r.MayRun() {
				t.Fatalf("Check = %v, MayRun %v; want no error, no hook to run", err, r.MayRun())
			}
			p := &Payload{ToolName: &other}
			res, err := r.Fire(context.Background(), p, home)
			if err != nil || res.Decision != DecisionAllow {
				t.Fatalf("Fire = %+v, %v", res, err)
			}
			if !samePtr(p.ToolName, tc.wantTool) || r.Stack.ProjectFrom != home {
				t.Errorf("tool %s, project from %q; want %s, %q", deref(p.ToolName), r.Stack.ProjectFrom, deref(tc.wantTool), home)
			}
		})
	}
}

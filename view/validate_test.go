package view

import (
	"os"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name             string
		config           string
		setup            func(*testing.T, personWorld)
		errors, warnings int
		said             int // how many lines
		saidContains     int // the line that holds holds
		holds            string
	}{
		{"approved: nothing to say", guardConfig, func(t *testing.T, w personWorld) { w.approve(t, w.config(t), "guard.sh") }, 0, 0, 0, 0, ""},
		{"a guard not approved is a warning", guardConfig, func(*testing.T, personWorld) {}, 0, 1, 1, 0, "is not approved"},
		{"a guard changed since approval is an error", guardConfig, func(t *testing.T, w personWorld) {
			w.approve(t, w.config(t), "guard.sh")
			w.script(t, "guard.sh", "#!/bin/sh\nexit 0\n")
		}, 1, 0, 1, 0, "changed since approval"},
		{"a config error is an error, said first", guardConfig + "  pre_tool_call:\n    - matcher: '('\n", func(*testing.T, personWorld) {}, 1, 2, 2, 0, "config.yaml:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newPersonWorld(t, tt.config, map[string]os.FileMode{"guard.sh": 0o755, "after.sh": 0o755})
			tt.setup(t, w)
			cfg := w.config(t)
			v := Validate(cfg, consent.NewStore(w.loc.Allowlist))
			if len(v.Said) != tt.said || (tt.holds != "" && !strings.Contains(v.Said[tt.saidContains], tt.holds)) {
				t.Fatalf("said %q", v.Said)
			}
			if v.Errors != tt.errors || v.Warnings != tt.warnings {
				t.Errorf("errors %d warnings %d, want %d and %d; said %q", v.Errors, v.Warnings, tt.errors, tt.warnings, v.Said)
			}
		})
	}
}

func TestValidateFailed(t *testing.T) {
	p := &Project{Config: "/r/.agent-hooks/config.yaml"}
	tests := []struct {
		name        string
		errs        int
		project     *Project
		projectErrs int
		want        string
	}{
		{"none", 0, p, 0, ""},
		{"the person's config", 2, nil, 0, "/c.yaml: 2 error(s)"},
		{"each file counted against itself", 1, p, 3, "/c.yaml: 1 error(s); /r/.agent-hooks/config.yaml: 3 error(s)"},
		{"the project's alone", 0, p, 1, "/r/.agent-hooks/config.yaml: 1 error(s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ValidateFailed("/c.yaml", tt.errs, tt.project, tt.projectErrs); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

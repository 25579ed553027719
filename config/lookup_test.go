package config

import (
	"slices"
	"strings"
	"testing"
)

func TestEventsStarting(t *testing.T) {
	cfg := Parse("config.yaml", []byte("custom_events: [pre_deploy]\nhooks:\n  pre_deploy:\n    - command: ./d.sh\n"), Options{})
	tests := []struct {
		name   string
		cfg    *Config
		prefix string
		has    []string
		hasNot []string
	}{
		{"hookctl's events", nil, "pre_t", []string{"pre_tool_call"}, []string{"post_tool_call"}},
		{"a custom event of the config", cfg, "pre_d", []string{"pre_deploy"}, nil},
		{"no custom event without a config", nil, "pre_d", nil, []string{"pre_deploy"}},
		{"every event for no prefix", nil, "", []string{"pre_tool_call", "post_tool_call"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := EventsStarting(tt.cfg, tt.prefix)
			for _, e := range tt.has {
				if !slices.Contains(got, e) {
					t.Errorf("%q lacks %s", got, e)
				}
			}
			for _, e := range tt.hasNot {
				if slices.Contains(got, e) {
					t.Errorf("%q has %s", got, e)
				}
			}
		})
	}
}

func TestCheckRuns(t *testing.T) {
	cfg := Parse("config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"), Options{})
	tests := []struct{ command, want string }{
		{"./guard.sh", ""},
		{"./gaurd.sh", `no hook runs "./gaurd.sh" in /c.yaml: did you mean "./guard.sh"?`},
		{"something-else-entirely", `no hook runs "something-else-entirely" in /c.yaml`},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			err := cfg.CheckRuns(tt.command, "/c.yaml")
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.want)) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
			if tt.want != "" && !strings.Contains(tt.want, "did you mean") && strings.Contains(err.Error(), "did you mean") {
				t.Errorf("suggests: %v", err)
			}
		})
	}
}

package install

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestParseTimeout(t *testing.T) {
	tests := []struct {
		in      string
		want    float64
		wantErr bool
	}{
		{"", 0, false}, {"30", 30, false}, {"2.5", 2.5, false}, {"30s", 30, false}, {"2m", 120, false},
		{"0", 0, true}, {"-1", 0, true}, {"soon", 0, true}, {"-5s", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTimeout(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("ParseTimeout(%q) = %v, %v", tt.in, got, err)
			}
			if err != nil && !strings.Contains(err.Error(), "give seconds (30) or a duration (30s, 2m)") {
				t.Errorf("error %q does not say what to give", err)
			}
		})
	}
}

func TestCheckDialect(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{"", ""}, {"hookctl", ""}, {"claude-code", ""},
		{"claude", `--dialect "claude": unknown: did you mean "claude-code"?`},
		{"qqqqqqqqqq", `--dialect "qqqqqqqqqq": unknown (valid: `},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			err := CheckDialect(tt.in)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("CheckDialect(%q) = %v, want %q", tt.in, err, tt.wantErr)
			}
		})
	}
}

func TestAddRefused(t *testing.T) {
	parse := func(text string) *config.Config { return config.Parse("config.yaml", []byte(text), config.Options{}) }
	before := parse("hooks:\n  pre_tool_call:\n    - command: ./a.sh\n")
	broken := parse("hooks:\n  pre_tool_call:\n    - command: ./a.sh\n      timeout: nope\n")
	tests := []struct {
		name       string
		before     *config.Config
		after      string
		e          Imported
		refused    bool
		wantWhy    int
		moreErrors bool
	}{
		{"the entry loads", before, "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n    - command: ./b.sh\n", Imported{Event: "pre_tool_call", Command: "./b.sh"}, false, 0, false},
		{"the entry is dropped: its error said", before, "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n    - command: ./b.sh\n      matcher: '('\n", Imported{Event: "pre_tool_call", Command: "./b.sh", Matcher: "("}, true, 1, true},
		{"an error the config had is not said again", broken, "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n      timeout: nope\n    - command: ./b.sh\n      matcher: '('\n", Imported{Event: "pre_tool_call", Command: "./b.sh", Matcher: "("}, true, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why, refused := AddRefused(tt.before, parse(tt.after), tt.e)
			if refused != tt.refused || len(why) != tt.wantWhy {
				t.Errorf("refused %v with %v", refused, why)
			}
			if got := RemoveRefused(tt.before, parse(tt.after)); got != tt.moreErrors {
				t.Errorf("RemoveRefused = %v", got)
			}
		})
	}
}

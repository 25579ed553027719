package suggest

import "testing"

func TestDidYouMean(t *testing.T) {
	valid := []string{"claude-code", "codex", "hookctl"}
	tests := []struct{ typed, want string }{
		{"claude", `: did you mean "claude-code"?`},
		{"codx", `: did you mean "codex"?`},
		{"hookct", `: did you mean "hookctl"?`},
		{"zzzzzzzz", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			if got := DidYouMean(tt.typed, valid); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

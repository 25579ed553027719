package suggest

import "testing"

func TestCommand(t *testing.T) {
	paths := []string{"hooks", "hooks list", "hooks test", "log", "wall", "wall test", "init"}
	tests := []struct{ typed, want string }{
		{"lst", "hooks list"},
		{"hook", "hooks"},
		{"lgo", "log"},
		{"tset", "hooks test"}, // the first subcommand of the name
		{"zzzzzz", ""},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			if got := Command(tt.typed, paths); got != tt.want {
				t.Errorf("Command(%q) = %q, want %q", tt.typed, got, tt.want)
			}
		})
	}
	if got := Command("list", []string{"hooks list", "list"}); got != "list" {
		t.Errorf("a command of its own loses to a subcommand: %q", got)
	}
}

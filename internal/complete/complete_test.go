package complete

import (
	"fmt"
	"testing"
)

func TestList(t *testing.T) {
	words := []string{"Bash", "Read", "Write", "WebFetch", "Read"}
	tests := []struct {
		typed, sep string
		fresh      bool
		want       []string
	}{
		{"", "|", true, []string{"Bash", "Read", "Write", "WebFetch"}},
		{"W", "|", true, []string{"Write", "WebFetch"}},
		{"Bash|", "|", true, []string{"Bash|Read", "Bash|Write", "Bash|WebFetch"}},
		{"Bash|", "|", false, []string{"Bash|Bash", "Bash|Read", "Bash|Write", "Bash|WebFetch"}},
		{"Bash|Read|W", "|", true, []string{"Bash|Read|Write", "Bash|Read|WebFetch"}},
		{"Read,B", ",", false, []string{"Read,Bash"}},
		{"X", "|", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			if got := List(words, tt.typed, tt.sep, tt.fresh); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("List(%q) = %q, want %q", tt.typed, got, tt.want)
			}
		})
	}
}

func TestPrefix(t *testing.T) {
	if got := Prefix([]string{"claude-code", "cline", "codex"}, "cl"); fmt.Sprint(got) != "[claude-code cline]" {
		t.Errorf("Prefix = %q", got)
	}
}

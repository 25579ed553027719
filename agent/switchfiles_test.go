package agent

import (
	"slices"
	"testing"
)

// TestSwitchFiles: every switch file of each agent named, in order; a name that is no agent's
// adds none.
func TestSwitchFiles(t *testing.T) {
	noEnv := func(string) (string, bool) { return "", false }
	home, projects := "/home/p", []string{"/repo/sub", "/repo"}
	paths := func(name string) []string {
		d, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		return d.SwitchPaths(home, projects, noEnv)
	}
	tests := []struct {
		name  string
		names []string
		want  []string
	}{
		{"none", nil, nil},
		{"one", []string{"claude-code"}, paths("claude-code")},
		{"two in order", []string{"gemini", "claude-code"}, append(paths("gemini"), paths("claude-code")...)},
		{"an unknown name", []string{"nobody", "gemini"}, paths("gemini")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SwitchFiles(tt.names, home, projects, noEnv); !slices.Equal(got, tt.want) {
				t.Fatalf("SwitchFiles = %v, want %v", got, tt.want)
			}
		})
	}
	if len(paths("claude-code")) == 0 {
		t.Fatal("Claude Code has no switch file: the test proves nothing")
	}
}

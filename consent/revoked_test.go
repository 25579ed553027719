package consent

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestRevokedCommands(t *testing.T) {
	lost := []Guard{{Event: "pre_tool_call", Command: "./b.sh"}, {Event: "post_tool_call", Command: "./b.sh"}, {Event: "pre_tool_call", Command: "./a.sh"}}
	tests := []struct {
		name    string
		state   string // "approved", "corrupt" or "none"
		command string
		lost    []Guard
		want    []string
		wantErr string
	}{
		{"the command named", "approved", "./x.sh", nil, []string{"./x.sh"}, ""},
		{"every approval", "approved", "", nil, []string{".agent-hooks/guard.sh"}, ""},
		{"approvals and lost guards, each once", "approved", "", lost, []string{"./a.sh", "./b.sh", ".agent-hooks/guard.sh"}, ""},
		{"lost guards alone", "none", "", lost, []string{"./a.sh", "./b.sh"}, ""},
		{"lost guards beside unreadable approvals", "corrupt", "", lost, []string{"./a.sh", "./b.sh"}, ""},
		{"unreadable approvals", "corrupt", "", nil, nil, "corrupt"},
		{"nothing", "none", "", nil, nil, "no approval of the project "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			root, cfg := projectRepo(t, t.TempDir(), "repo")
			store := ProjectStore(home, root)
			switch tt.state {
			case "approved":
				if _, err := ApproveProject(home, root, cfg.Hooks); err != nil {
					t.Fatal(err)
				}
			case "corrupt":
				if _, err := ApproveProject(home, root, cfg.Hooks); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(store.Path, []byte("{not json"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := store.RevokedCommands(tt.command, tt.lost)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("RevokedCommands error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("RevokedCommands = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

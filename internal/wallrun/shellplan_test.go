package wallrun

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

func TestShellPlan(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the wall is Linux's and macOS's: its commands, shells and paths are POSIX ones")
	}
	person := t.TempDir()
	home := filepath.Join(person, ".agent-hooks")
	env := map[string]string{"SHELL": "/bin/zsh", "HOME": person}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	for _, tc := range []struct {
		name, person string
		state        wall.State
		err          string
		userFiles    bool
	}{
		{name: "the wall up: the shell runs the command", person: person, state: wall.Up, userFiles: true},
		{name: "partial counts as up", person: person, state: wall.Partial, userFiles: true},
		{name: "no person's home: no user settings", state: wall.Up},
		{name: "the wall cannot go up: nothing runs", person: person, state: wall.Unavailable, err: "the wall cannot go up on this machine: no landlock; the command did not run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, argv, err := ShellPlan(home, "ls -la", wall.Status{State: tc.state, Reason: "no landlock"}, tc.person, lookup)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) || argv != nil {
					t.Fatalf("ShellPlan = %v, %v; want %q", argv, err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(argv, []string{"/bin/zsh", "-c", "ls -la"}) {
				t.Fatalf("ShellPlan argv = %q, %v", argv, err)
			}
			user := UserSwitchFiles(install.WallAgent, person, lookup)
			if got := len(user) > 0 && slices.Contains(set.Files, user[0]); got != tc.userFiles {
				t.Errorf("user settings %q walled %v, want %v (files %q)", user, got, tc.userFiles, set.Files)
			}
		})
	}
}

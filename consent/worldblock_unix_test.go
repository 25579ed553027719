//go:build unix

package consent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// TestWorldBlock (SPEC 28.3, 28.19): an approved guard whose program is not on the guard PATH,
// or whose interpreter the person can write was not pinned when approved, is named with the
// fix; a guard not approved, or approved with its programs pinned, is not.
func TestWorldBlock(t *testing.T) {
	dir := t.TempDir() // under /tmp: the person can write what is in it
	interp := filepath.Join(dir, "mysh")
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("plain.sh", "#!/bin/sh\nexit 0\n")
	write("node.js", "#!/usr/bin/env mynode-not-on-any-path\nexit 0\n")
	write("old.sh", "#!"+interp+"\nexit 0\n")
	gp := GuardPATH{Dirs: []string{"/usr/bin", "/bin"}, Value: "/usr/bin:/bin", On: true}
	hooks := map[string]config.Hook{}
	for _, name := range []string{"plain.sh", "node.js", "old.sh", "unapproved.sh"} {
		yaml := "hooks:\n  pre_tool_call:\n    - command: ./" + name + "\n      fail_closed: true\n"
		cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})
		if len(cfg.Hooks) != 1 {
			t.Fatalf("config: %v", cfg.Problems)
		}
		hooks[name] = cfg.Hooks[0]
	}
	s := NewStore(filepath.Join(dir, "allowlist.json"))
	for _, name := range []string{"plain.sh", "node.js", "old.sh"} {
		if _, err := s.Approve(hooks[name]); err != nil {
			t.Fatal(err)
		}
	}
	write("unapproved.sh", "#!/bin/sh\n")
	write("mysh", "#!/bin/sh\nexec /bin/sh \"$@\"\n") // made after old.sh was approved
	list, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{"plain.sh", ""},
		{"unapproved.sh", ""},
		{"node.js", "program mynode-not-on-any-path is not found on a guard's PATH (/usr/bin:/bin)"},
		{"old.sh", "program " + interp + ", which you can change, was not pinned when approved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := list.WorldBlock(hooks[tc.name], gp)
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("WorldBlock = %q, want %q", got, tc.want)
			}
		})
	}
	// Approved again, the interpreter is pinned: nothing blocks it.
	if _, err := s.Approve(hooks["old.sh"]); err != nil {
		t.Fatal(err)
	}
	if list, _ = s.Load(); list.WorldBlock(hooks["old.sh"], gp) != "" {
		t.Errorf("approved again: %q", list.WorldBlock(hooks["old.sh"], gp))
	}
}

package selfguard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/internal/wintest"
)

// TestJudgeTreeExcept is the hookctl home as SPEC 28.22 protects it: the whole tree, a file
// created in it included, but for the files listed in Except (config.yaml, the audit log).
func TestJudgeTreeExcept(t *testing.T) {
	f := newFixture(t)
	p := Protected{
		Trees:  []string{f.hh},
		Except: []string{filepath.Join(f.hh, "config.yaml"), filepath.Join(f.hh, "audit.jsonl")},
	}
	if err := os.MkdirAll(filepath.Join(f.hh, "projects"), 0o700); err != nil {
		t.Fatal(err)
	}
	// A name that is a link to a protected file is not excepted by its own name.
	if err := os.Symlink(filepath.Join(f.hh, "allowlist.json"), filepath.Join(f.hh, "audit.jsonl")); err != nil {
		t.Fatal(err)
	}
	_, linkErr := os.Lstat(filepath.Join(f.hh, "audit.jsonl"))
	tests := []struct {
		name, command, cwd string
		deny               bool
	}{
		{"remove the projects' approvals", "rm -r -f ~/.agent-hooks/projects", "", true},
		{"remove one project's record", "rm ~/.agent-hooks/projects/ab.guards.json", "", true},
		{"create a file in the home", "touch ~/.agent-hooks/new.sh", "", true},
		{"write a file in projects from inside the home", "echo {} > projects/ab.json", "", true},
		{"move the home", "mv ~/.agent-hooks /tmp/x", "", true},
		{"remove every file of the home by a glob", "rm ~/.agent-hooks/*", "", true},
		{"the home's folder itself", "rm -rf ~", "", true},
		{"edit config.yaml", "echo 'hooks: {}' > ~/.agent-hooks/config.yaml", "", false},
		{"edit config.yaml by sed", "sed -i s/a/b/ ~/.agent-hooks/config.yaml", f.proj, false},
		{"a link named as an excepted file", "echo x > ~/.agent-hooks/audit.jsonl", "", true},
		{"a file beside the home", "touch ~/.agent-hooks-other", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "a link named as an excepted file" && linkErr != nil {
				wintest.SkipUnderWine(t, "Wine 8's CreateSymbolicLink reports success and makes no link")
			}
			cwd := tt.cwd
			if cwd == "" {
				cwd = f.hh
			}
			reason, deny := Judge(p, f.call("Bash", bash(tt.command), cwd))
			if deny != tt.deny {
				t.Fatalf("deny = %v, want %v (reason %q)", deny, tt.deny, reason)
			}
		})
	}
	// A file tool is held to the same set.
	for _, tt := range []struct {
		path string
		deny bool
	}{
		{filepath.Join(f.hh, "projects", "new.json"), true},
		{filepath.Join(f.hh, "config.yaml"), false},
	} {
		_, deny := Judge(p, f.call("Write", map[string]any{"file_path": tt.path, "content": "x"}, ""))
		if deny != tt.deny {
			t.Errorf("Write %s: deny = %v, want %v", tt.path, deny, tt.deny)
		}
	}
}

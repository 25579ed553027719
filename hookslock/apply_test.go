package hookslock

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

func TestApply(t *testing.T) {
	files := map[string]string{
		".agent-hooks/guard.sh":  "#!/bin/sh\necho '{}'\n",
		".agent-hooks/rules.txt": "rm -rf\n",
		".agent-hooks/log.sh":    "#!/bin/sh\n",
	}
	tests := []struct {
		name string
		// noLock leaves the repository without a lock; edit is a file changed after the lock.
		noLock       bool
		edit         string
		wantErr      string
		wantApproved int
		wantNotIn    int
		wantFailed   bool
	}{
		{name: "every hook matches", wantApproved: 2},
		{name: "a guard's file changed: not in force", edit: ".agent-hooks/rules.txt", wantApproved: 1, wantNotIn: 1, wantFailed: true},
		{name: "a plain hook changed: not approved", edit: ".agent-hooks/log.sh", wantApproved: 1, wantFailed: true},
		{name: "no lock", noLock: true, wantErr: "has no " + Name + ": run hookctl hooks lock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, hooks := repo(t, guardConfig, files)
			if !tt.noLock {
				l, err := Build(root, hooks)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := Write(root, l); err != nil {
					t.Fatal(err)
				}
			}
			if tt.edit != "" {
				if err := os.WriteFile(filepath.Join(root, tt.edit), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
					t.Fatal(err)
				}
				hooks = load(t, root)
			}
			store := consent.ProjectStore(t.TempDir(), root)
			d, approved, err := Apply(root, store, hooks)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Apply error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(approved) != tt.wantApproved || len(d.NotInForce) != tt.wantNotIn || d.Failed() != tt.wantFailed {
				t.Errorf("approved %d, not in force %d, failed %v; want %d, %d, %v", len(approved), len(d.NotInForce), d.Failed(), tt.wantApproved, tt.wantNotIn, tt.wantFailed)
			}
			recorded, _ := store.RecordedGuards()
			notInForce := 0
			for _, g := range recorded {
				if g.Files == nil {
					notInForce++
				}
			}
			if notInForce != tt.wantNotIn {
				t.Errorf("guards recorded not in force: %d, want %d (%+v)", notInForce, tt.wantNotIn, recorded)
			}
		})
	}
}

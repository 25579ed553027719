package consent

import (
	"errors"
	"testing"
)

// TestGuardDrifted: a recorded guard's content is held to its record whatever approved the
// run (SPEC 23.1): a changed or unreadable pinned file drifts; a file pinned by identity, a
// file the run does not read and a record from before content was recorded do not.
func TestGuardDrifted(t *testing.T) {
	rec := Guard{Files: []FilePin{{Path: "/g/guard.sh", SHA256: "aa"}, {Path: "/g/lib.sh", SHA256: "bb"}, {Path: "/usr/bin/jq"}}}
	script := func(sha string) *ScriptPin { return &ScriptPin{Path: "/g/guard.sh", SHA256: sha} }
	tests := []struct {
		name  string
		g     Guard
		s     Script
		drift bool
	}{
		{"as recorded", rec, Script{Pin: script("aa"), Files: []FileState{{Path: "/g/lib.sh", Pin: FilePin{SHA256: "bb"}}}}, false},
		{"script changed", rec, Script{Pin: script("cc")}, true},
		{"loaded file changed", rec, Script{Pin: script("aa"), Files: []FileState{{Path: "/g/lib.sh", Pin: FilePin{SHA256: "dd"}}}}, true},
		{"loaded file unreadable", rec, Script{Pin: script("aa"), Files: []FileState{{Path: "/g/lib.sh", Err: errors.New("gone")}}}, true},
		{"script unreadable", rec, Script{Err: errors.New("gone")}, true},
		{"pinned by identity", rec, Script{Pin: script("aa"), Files: []FileState{{Path: "/usr/bin/jq", Pin: FilePin{Dev: 1, Ino: 2}}}}, false},
		{"a file the run does not read", rec, Script{Pin: script("aa")}, false},
		{"a record without content", Guard{}, Script{Pin: script("zz")}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.g.Drifted(tt.s); (got != "") != tt.drift {
				t.Errorf("Drifted = %q, want drift %v", got, tt.drift)
			}
		})
	}
}

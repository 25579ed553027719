package audit

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/windows"
)

// TestAppendCreatesPrivateFilesWindows: a missing folder and the log are created with an access
// list of their owner and SYSTEM only (Windows' 0700 and 0600): Everyone, Users and
// Authenticated Users may not even read the commands it records.
func TestAppendCreatesPrivateFilesWindows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "home", "audit.jsonl")
	if err := (&Log{Path: path}).Append(testEntry("p", 0, 1)); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{path, filepath.Dir(path)} {
		sd, err := windows.GetNamedSecurityInfo(name, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
		if err != nil {
			t.Fatal(err)
		}
		sddl := sd.String()
		for _, other := range []string{";WD)", ";BU)", ";AU)"} {
			if strings.Contains(sddl, other) {
				t.Errorf("%s: access list %s grants %s", name, sddl, strings.Trim(other, ";)"))
			}
		}
	}
}

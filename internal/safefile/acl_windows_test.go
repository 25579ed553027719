package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/windows"
)

// setDACL gives path the access list of sddl, as an attacker or a careless tool would.
func setDACL(t *testing.T, path, sddl string) {
	t.Helper()
	sd, err := windows.SecurityDescriptorFromString(sddl)
	if err != nil {
		t.Fatal(err)
	}
	dacl, _, err := sd.DACL()
	if err != nil {
		t.Fatal(err)
	}
	err = windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, dacl, nil)
	if err != nil {
		t.Fatal(err)
	}
}

// roundTrips skips the test where the file system keeps no access list of its own: Wine makes
// one up from the Unix mode (the owner, SYSTEM, and Everyone for the "other" bits), so an entry
// for Users or Authenticated Users does not come back there.
func roundTrips(t *testing.T, path, sid string) {
	t.Helper()
	acl, err := readACL(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range acl.Entries {
		if e.SID == sid {
			return
		}
	}
	t.Skipf("the access list set on %s did not come back (%+v): this file system (Wine without extended attributes?) keeps none", path, acl)
}

// TestWriteFilePrivate: the allowlist's 0600 is an access list of the owner and SYSTEM only.
func TestWriteFilePrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "allowlist.json")
	if err := WriteFile(path, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	me, err := CurrentSID()
	if err != nil {
		t.Fatal(err)
	}
	roundTrips(t, path, me)
	if who, err := OthersMayWrite(path); err != nil || who != "" {
		t.Fatalf("OthersMayWrite(%s) = %q, %v; want no one", path, who, err)
	}
	acl, _ := readACL(path)
	for _, e := range acl.Entries {
		if e.SID != me && e.SID != SIDSystem {
			t.Fatalf("the written file lets %s in: %+v", e.SID, acl)
		}
	}
}

// TestOthersMayWrite is the attack: a file the person owns whose access list lets Everyone,
// Users or Authenticated Users write it is named, as a group- or world-writable file is on
// Unix.
func TestOthersMayWrite(t *testing.T) {
	me, err := CurrentSID()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct{ sddl, sid, name string }{
		{"WD", "S-1-1-0", "Everyone"}, {"BU", "S-1-5-32-545", "Users"}, {"AU", "S-1-5-11", "Authenticated Users"},
	} {
		sid, name := g.sddl, g.name
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "allowlist.json")
			if err := os.WriteFile(path, []byte("{}"), 0o600); err != nil {
				t.Fatal(err)
			}
			setDACL(t, path, "D:P(A;;FA;;;"+me+")(A;;0x1301bf;;;"+sid+")")
			roundTrips(t, path, g.sid)
			who, err := OthersMayWrite(path)
			if err != nil || !strings.Contains(who, name) {
				t.Fatalf("OthersMayWrite = %q, %v; want %s named", who, err, name)
			}
		})
	}
}

// TestCheckRootOwnedPersonsFile: a file the person made is not a system file.
func TestCheckRootOwnedPersonsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "guard.ps1")
	if err := os.WriteFile(path, []byte("exit 0"), 0o600); err != nil {
		t.Fatal(err)
	}
	me, _ := CurrentSID()
	if AdminOnly(me) {
		t.Skip("running as SYSTEM or an administrator's group: the person's files are system files")
	}
	if err := CheckRootOwned(path); !errors.Is(err, ErrNotRootOwned) {
		t.Fatalf("CheckRootOwned(%s) = %v, want ErrNotRootOwned", path, err)
	}
}

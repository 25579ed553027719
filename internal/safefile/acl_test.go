package safefile

import (
	"strings"
	"testing"
)

const (
	jane = "S-1-5-21-1-2-3-1001"
	john = "S-1-5-21-1-2-3-1002"
)

// TestUntrustedWriter: the access-list rules as Windows' default lists and an attacker's
// changes present them.
func TestUntrustedWriter(t *testing.T) {
	full := uint32(0x1f01ff) // FILE_ALL_ACCESS
	read := uint32(0x1200a9) // read and execute
	allow := func(sid string, mask uint32) ACE { return ACE{Type: aceAllowed, Mask: mask, SID: sid} }
	tests := []struct {
		name    string
		acl     ACL
		mask    uint32
		trusted func(string) bool
		want    string // "" trusted, else a part of the reason
	}{
		{"private allowlist", ACL{jane, true, []ACE{allow(jane, full), allow(SIDSystem, full)}}, changeMask, OwnerOrAdmin(jane), ""},
		{"home folder with Administrators", ACL{jane, true, []ACE{allow(jane, full), allow(SIDSystem, full), allow(SIDAdministrators, full)}}, changeMask, OwnerOrAdmin(jane), ""},
		{"Everyone may modify", ACL{jane, true, []ACE{allow(jane, full), allow("S-1-1-0", 0x1301bf)}}, changeMask, OwnerOrAdmin(jane), "Everyone"},
		{"Users may append", ACL{jane, true, []ACE{allow(jane, full), allow("S-1-5-32-545", fileAppendData)}}, changeMask, OwnerOrAdmin(jane), "Users"},
		{"Authenticated Users generic write", ACL{jane, true, []ACE{allow("S-1-5-11", genericWrite)}}, changeMask, OwnerOrAdmin(jane), "Authenticated Users"},
		{"another person", ACL{jane, true, []ACE{allow(jane, full), allow(john, full)}}, changeMask, OwnerOrAdmin(jane), john},
		{"everyone reads", ACL{jane, true, []ACE{allow(jane, full), allow("S-1-1-0", read)}}, changeMask, OwnerOrAdmin(jane), ""},
		{"owned by another", ACL{john, true, []ACE{allow(jane, full)}}, changeMask, OwnerOrAdmin(jane), "is owned by " + john},
		{"NULL DACL", ACL{jane, false, nil}, changeMask, OwnerOrAdmin(jane), "NULL DACL"},
		{"inherit-only entry for others", ACL{jane, true, []ACE{allow(jane, full), {Type: aceAllowed, Flags: aceInheritOnly | 0x3, Mask: full, SID: "S-1-3-0"}}}, changeMask, OwnerOrAdmin(jane), ""},
		{"deny entries are not counted", ACL{jane, true, []ACE{{Type: aceDenied, Mask: full, SID: "S-1-1-0"}, allow("S-1-1-0", full)}}, changeMask, OwnerOrAdmin(jane), "Everyone"},
		{"unknown entry type", ACL{jane, true, []ACE{{Type: 9, Mask: full, SID: "S-1-1-0"}}}, changeMask, OwnerOrAdmin(jane), "type 9"},
		{"OWNER RIGHTS is the owner", ACL{jane, true, []ACE{allow(sidOwnerRights, full)}}, changeMask, OwnerOrAdmin(jane), ""},
		// The system level: only SYSTEM, Administrators and TrustedInstaller.
		{"system folder", ACL{SIDSystem, true, []ACE{allow(SIDSystem, full), allow(SIDAdministrators, full), allow("S-1-5-32-545", read)}}, changeMask, AdminOnly, ""},
		{"System32", ACL{SIDTrustedInstaller, true, []ACE{allow(SIDTrustedInstaller, full), allow(SIDAdministrators, read)}}, changeMask, AdminOnly, ""},
		{"system file the person may write", ACL{SIDAdministrators, true, []ACE{allow(SIDAdministrators, full), allow(jane, full)}}, changeMask, AdminOnly, jane},
		{"system file owned by the person", ACL{jane, true, []ACE{allow(SIDAdministrators, full)}}, changeMask, AdminOnly, "is owned by " + jane},
		// C:\ProgramData: every user may create folders in it, none may remove another's.
		{"ProgramData above", ACL{SIDSystem, true, []ACE{allow(SIDSystem, full), allow(SIDAdministrators, full), allow("S-1-5-32-545", fileWriteData|fileAppendData|fileWriteEA|fileWriteAttributes|read)}}, replaceMask, AdminOnly, ""},
		{"ProgramData as the system folder itself", ACL{SIDSystem, true, []ACE{allow("S-1-5-32-545", fileWriteData|fileAppendData)}}, changeMask, AdminOnly, "Users"},
		{"folder above others may delete in", ACL{SIDSystem, true, []ACE{allow("S-1-5-32-545", fileDeleteChild)}}, replaceMask, AdminOnly, "Users"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := untrustedWriter(tt.acl, tt.mask, tt.trusted)
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Fatalf("untrustedWriter = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPrivateSDDL(t *testing.T) {
	if got, want := PrivateSDDL(jane, false), "D:P(A;;FA;;;"+jane+")(A;;FA;;;SY)"; got != want {
		t.Errorf("file: %s, want %s", got, want)
	}
	if got, want := PrivateSDDL(jane, true), "D:P(A;OICI;FA;;;"+jane+")(A;OICI;FA;;;SY)"; got != want {
		t.Errorf("folder: %s, want %s", got, want)
	}
}

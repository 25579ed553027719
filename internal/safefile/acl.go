package safefile

import "fmt"

// Windows decides who may change a file by its owner and its access list (DACL), not by a
// mode. The rules are written here over plain values, so that they are tested on every
// platform; trust_windows.go and acl_windows.go read and write the real lists.

// Well-known SIDs the rules name.
const (
	SIDSystem           = "S-1-5-18"
	SIDAdministrators   = "S-1-5-32-544"
	SIDTrustedInstaller = "S-1-5-80-956008885-3425170797-2060948298-1434302330-2416402097"
	sidOwnerRights      = "S-1-3-4"
)

// Access-mask bits (winnt.h) that let their holder change an object, or replace it.
const (
	fileWriteData       = 0x2 // FILE_ADD_FILE on a folder
	fileAppendData      = 0x4 // FILE_ADD_SUBDIRECTORY on a folder
	fileWriteEA         = 0x10
	fileDeleteChild     = 0x40
	fileWriteAttributes = 0x100
	accessDelete        = 0x10000
	writeDAC            = 0x40000
	writeOwner          = 0x80000
	genericAll          = 0x10000000
	genericWrite        = 0x40000000

	// changeMask: what changes the file, or what a folder holds.
	changeMask = fileWriteData | fileAppendData | fileWriteEA | fileDeleteChild | fileWriteAttributes |
		accessDelete | writeDAC | writeOwner | genericAll | genericWrite
	// replaceMask: what lets a folder above be moved away or an entry in it be replaced. Adding
	// entries is not: C:\ and C:\ProgramData let every user create folders, never remove or
	// rename another's.
	replaceMask = fileDeleteChild | accessDelete | writeDAC | writeOwner | genericAll
)

// ACE types and flags (winnt.h).
const (
	aceAllowed     = 0
	aceDenied      = 1
	aceInheritOnly = 0x08
)

// ACE is one entry of an access list as the rules read it.
type ACE struct {
	Type, Flags uint8
	Mask        uint32
	SID         string
}

// ACL is what decides who may change one file or folder: its owner, who may always change
// the list, and the list itself; Present is false for a NULL DACL, which lets everyone do
// everything.
type ACL struct {
	Owner   string
	Present bool
	Entries []ACE
}

// untrustedWriter names the first SID other than those trusted allows that acl lets change the
// object (mask: changeMask for the object itself, replaceMask for a folder above it), with
// what is wrong, or "" when there is none. A deny entry is not counted: what it takes away
// depends on the order of the list, and skipping it can only refuse more. An entry of a type
// the rules do not know counts as a writer.
func untrustedWriter(acl ACL, mask uint32, trusted func(sid string) bool) string {
	if !trusted(acl.Owner) {
		return fmt.Sprintf("is owned by %s, who may change its access list", acl.Owner)
	}
	if !acl.Present {
		return "has no access list (a NULL DACL): everyone may write it"
	}
	for _, e := range acl.Entries {
		switch {
		case e.Flags&aceInheritOnly != 0, e.Type == aceDenied:
			continue
		case e.Type != aceAllowed:
			return fmt.Sprintf("has an access entry of type %d for %s that hookctl does not read", e.Type, e.SID)
		case e.Mask&mask == 0, e.SID == sidOwnerRights, trusted(e.SID):
			continue
		}
		return fmt.Sprintf("lets %s write it (access mask %#x)", sidName(e.SID), e.Mask)
	}
	return ""
}

// AdminOnly reports whether sid may change a system file (SPEC 21): SYSTEM, Administrators, or
// TrustedInstaller, which owns Windows' own folders and only an administrator controls.
func AdminOnly(sid string) bool {
	return sid == SIDSystem || sid == SIDAdministrators || sid == SIDTrustedInstaller
}

// OwnerOrAdmin returns the rule for a person's own file: owner (the SID running hookctl),
// SYSTEM or Administrators, who can change it anyway, as root can on Unix.
func OwnerOrAdmin(owner string) func(string) bool {
	return func(sid string) bool { return sid == owner || AdminOnly(sid) }
}

// sidName is sid with the name of the groups people meet in a refusal.
func sidName(sid string) string {
	switch sid {
	case "S-1-1-0":
		return "Everyone (S-1-1-0)"
	case "S-1-5-32-545":
		return "Users (S-1-5-32-545)"
	case "S-1-5-11":
		return "Authenticated Users (S-1-5-11)"
	case "S-1-5-4":
		return "Interactive (S-1-5-4)"
	}
	return sid
}

// PrivateSDDL is the security descriptor, in SDDL, of a file or folder only its owner may use:
// full access for owner (a SID string) and SYSTEM, nothing inherited (P), and for a folder
// inherited by what is created in it (OICI).
func PrivateSDDL(owner string, folder bool) string {
	inherit := ""
	if folder {
		inherit = "OICI"
	}
	return fmt.Sprintf("D:P(A;%s;FA;;;%s)(A;%s;FA;;;SY)", inherit, owner, inherit)
}

// SystemSDDL is the security descriptor, in SDDL, of the system level's folder: full access
// for SYSTEM and Administrators, read and execute for Users, nothing inherited from
// ProgramData (which lets every user add files), all of it inherited by what is created in
// it.
const SystemSDDL = "D:P(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)"

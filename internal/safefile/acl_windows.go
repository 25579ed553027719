package safefile

import (
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// readACL reads the owner and access list of the file or folder at path (a link itself, not
// what it leads to).
func readACL(path string) (ACL, error) {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.OWNER_SECURITY_INFORMATION|windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return ACL{}, fmt.Errorf("reading the access list of %s: %w", path, err)
	}
	return aclOf(sd)
}

func aclOf(sd *windows.SECURITY_DESCRIPTOR) (ACL, error) {
	var acl ACL
	owner, _, err := sd.Owner()
	if err != nil || owner == nil {
		return acl, fmt.Errorf("reading an owner: %v", err)
	}
	acl.Owner = owner.String()
	dacl, _, err := sd.DACL()
	if errors.Is(err, windows.ERROR_OBJECT_NOT_FOUND) {
		return acl, nil // no DACL at all: Present stays false
	}
	if err != nil {
		return acl, fmt.Errorf("reading an access list: %w", err)
	}
	if dacl == nil {
		return acl, nil
	}
	acl.Present = true
	for i := range uint32(dacl.AceCount) {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return acl, fmt.Errorf("reading access entry %d: %w", i, err)
		}
		e := ACE{Type: ace.Header.AceType, Flags: ace.Header.AceFlags, Mask: uint32(ace.Mask)}
		if e.Type == aceAllowed || e.Type == aceDenied {
			// The SID starts at SidStart in the two plain entry types (winnt.h).
			e.SID = (*windows.SID)(unsafe.Pointer(&ace.SidStart)).String()
		}
		acl.Entries = append(acl.Entries, e)
	}
	return acl, nil
}

// CurrentSID is the SID of the user running hookctl.
func CurrentSID() (string, error) {
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return "", fmt.Errorf("reading the current user: %w", err)
	}
	return u.User.Sid.String(), nil
}

// OthersMayWrite names who, other than the person running hookctl, SYSTEM and Administrators,
// may change the file or folder at path, with what is wrong (the owner, a NULL DACL, an
// entry), or returns "" when no one may: Windows' counterpart of a mode with group or other
// write bits.
func OthersMayWrite(path string) (string, error) {
	me, err := CurrentSID()
	if err != nil {
		return "", err
	}
	acl, err := readACL(path)
	if err != nil {
		return "", err
	}
	return untrustedWriter(acl, changeMask, OwnerOrAdmin(me)), nil
}

// privateDescriptor is PrivateSDDL for the user running hookctl.
func privateDescriptor(folder bool) (*windows.SECURITY_DESCRIPTOR, error) {
	me, err := CurrentSID()
	if err != nil {
		return nil, err
	}
	return windows.SecurityDescriptorFromString(PrivateSDDL(me, folder))
}

// readMask: what reads a file's content.
const readMask = 0x1 | 0x80000000 | genericAll // FILE_READ_DATA, GENERIC_READ, GENERIC_ALL

// OthersMayRead names who, other than the person running hookctl, SYSTEM and Administrators,
// may read the file at path, with what is wrong (the owner, a NULL DACL, an entry), or returns
// "" when no one may: for a secret (serve's token file), Windows' counterpart of a mode with
// group or other read bits.
func OthersMayRead(path string) (string, error) {
	me, err := CurrentSID()
	if err != nil {
		return "", err
	}
	acl, err := readACL(path)
	if err != nil {
		return "", err
	}
	trusted := OwnerOrAdmin(me)
	if !trusted(acl.Owner) {
		return fmt.Sprintf("is owned by %s, who may change its access list", acl.Owner), nil
	}
	if !acl.Present {
		return "has no access list (a NULL DACL): everyone may read it", nil
	}
	for _, e := range acl.Entries {
		switch {
		case e.Flags&aceInheritOnly != 0, e.Type == aceDenied:
			continue
		case e.Type != aceAllowed:
			return fmt.Sprintf("has an access entry of type %d for %s that hookctl does not read", e.Type, e.SID), nil
		case e.Mask&readMask == 0, e.SID == sidOwnerRights, trusted(e.SID):
			continue
		}
		return fmt.Sprintf("lets %s read it (access mask %#x)", sidName(e.SID), e.Mask), nil
	}
	return "", nil
}

package safefile

import "io/fs"

// judge checks one file or folder on Windows, where the owner and the access list decide who
// may change it (SPEC 21): the file itself, and the folder named when a folder is checked,
// may be changed by SYSTEM, Administrators and TrustedInstaller only; a folder above it only
// they may rename, delete in or re-permission (every user may create folders in C:\ and
// C:\ProgramData, none may remove another's).
func judge(p, target string, fi fs.FileInfo) error {
	mask := uint32(changeMask)
	if fi.IsDir() && p != target {
		mask = replaceMask
	}
	return judgeACL(p, target, mask)
}

// owned checks a link on the way: who may change the link may point it elsewhere.
func owned(p, target string, fi fs.FileInfo) error { return judgeACL(p, target, changeMask) }

func judgeACL(p, target string, mask uint32) error {
	acl, err := readACL(p)
	if err != nil {
		return &UntrustedError{Path: p, Target: target, Why: "has an access list hookctl cannot read: " + err.Error()}
	}
	if why := untrustedWriter(acl, mask, AdminOnly); why != "" {
		return &UntrustedError{Path: p, Target: target, Why: why}
	}
	return nil
}

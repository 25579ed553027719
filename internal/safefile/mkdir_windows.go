package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"unsafe"

	"golang.org/x/sys/windows"
)

// MkdirAll creates the folder path and its parents as os.MkdirAll does. A perm with no group
// or other bits (0700, the hookctl home's) gives the last folder an access list of its owner
// and SYSTEM only (PrivateSDDL), inherited by what is created in it; any other perm keeps what
// the parent passes on. An existing folder is left as it is, to be judged by the caller's
// trust check.
func MkdirAll(path string, perm fs.FileMode) error {
	if perm&0o077 != 0 {
		return os.MkdirAll(path, perm)
	}
	me, err := CurrentSID()
	if err != nil {
		return err
	}
	return mkdirWith(path, PrivateSDDL(me, true))
}

// MkdirSystem creates the system level's folder with SystemSDDL: only SYSTEM and
// Administrators may change it or what it holds.
func MkdirSystem(path string) error { return mkdirWith(path, SystemSDDL) }

func mkdirWith(path, sddl string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	sd, err := windows.SecurityDescriptorFromString(sddl)
	if err != nil {
		return err
	}
	sa := &windows.SecurityAttributes{Length: uint32(unsafe.Sizeof(windows.SecurityAttributes{})), SecurityDescriptor: sd}
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return err
	}
	if err := windows.CreateDirectory(p, sa); err != nil && !errors.Is(err, windows.ERROR_ALREADY_EXISTS) {
		return &os.PathError{Op: "mkdir", Path: path, Err: err}
	}
	return nil
}

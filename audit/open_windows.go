package audit

import (
	"io/fs"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/safefile"
)

// openAppend opens the log at path for appending, creating it when missing with an access list
// of its owner and SYSTEM only (Windows' 0600). The handle shares delete as well as read and
// write (os.OpenFile shares only those two): another hookctl rotates the log by renaming it,
// which Windows refuses while any handle open without FILE_SHARE_DELETE holds the file. Its
// access is FILE_APPEND_DATA without FILE_WRITE_DATA, so every write lands at the end, as
// O_APPEND's do. A symbolic link at path is opened as itself (FILE_FLAG_OPEN_REPARSE_POINT),
// never followed, and open's regular-file check refuses it.
func openAppend(path string) (*os.File, error) {
	me, err := safefile.CurrentSID()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	sd, err := windows.SecurityDescriptorFromString(safefile.PrivateSDDL(me, false))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	sa := &windows.SecurityAttributes{Length: uint32(unsafe.Sizeof(windows.SecurityAttributes{})), SecurityDescriptor: sd}
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	const access = windows.FILE_APPEND_DATA | windows.FILE_WRITE_ATTRIBUTES | windows.FILE_WRITE_EA |
		windows.FILE_READ_ATTRIBUTES | windows.STANDARD_RIGHTS_WRITE | windows.SYNCHRONIZE
	h, err := windows.CreateFile(p, access,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, sa,
		windows.OPEN_ALWAYS, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_OPEN_REPARSE_POINT, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// mkdirLog creates the log's folder when missing: the hookctl home's access list, its owner
// and SYSTEM only (Windows' 0700).
func mkdirLog(dir string) error { return safefile.MkdirAll(dir, 0o700) }

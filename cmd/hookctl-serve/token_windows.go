package main

import (
	"fmt"
	"io/fs"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/safefile"
)

// createTokenFile creates the token file, which must not exist yet, with an access list of its
// owner and SYSTEM only (Windows' 0600), given at creation so it is never looser.
func createTokenFile(path string) (*os.File, error) {
	me, err := safefile.CurrentSID()
	if err != nil {
		return nil, err
	}
	sd, err := windows.SecurityDescriptorFromString(safefile.PrivateSDDL(me, false))
	if err != nil {
		return nil, err
	}
	sa := &windows.SecurityAttributes{Length: uint32(unsafe.Sizeof(windows.SecurityAttributes{})), SecurityDescriptor: sd}
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.GENERIC_WRITE, 0, sa, windows.CREATE_NEW, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// tokenFileProblem says why the token file at path is refused: its access list lets someone
// other than its owner, SYSTEM and Administrators read or change it (Windows keeps no mode).
// "" when it is its owner's alone.
func tokenFileProblem(path string, _ *os.File, _ fs.FileInfo) string {
	who, err := safefile.OthersMayRead(path)
	if err == nil && who == "" {
		who, err = safefile.OthersMayWrite(path)
	}
	if err != nil {
		return fmt.Sprintf("the token file %s: %v, so it is refused", path, err)
	}
	if who != "" {
		return fmt.Sprintf("the token file %s %s, so it is refused; run: icacls \"%s\" /inheritance:r /grant:r \"%%USERNAME%%:F\" \"SYSTEM:F\"", path, who, path)
	}
	return ""
}

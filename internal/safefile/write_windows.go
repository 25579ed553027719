package safefile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// syncDir has nothing to do on Windows: NTFS journals the rename itself, and a folder cannot
// be flushed (FlushFileBuffers refuses a folder handle).
func syncDir(dir string) error { return nil }

// replace renames tmp over path (MoveFileEx with MOVEFILE_REPLACE_EXISTING). Windows refuses
// while another process holds path open without sharing it for delete (an agent reading its
// settings, a virus scanner): the rename is tried again for up to two seconds, as the go
// command's own robustio does, before the error is returned.
func replace(tmp, path string) error {
	deadline := time.Now().Add(2 * time.Second)
	for wait := time.Millisecond; ; wait *= 2 {
		err := os.Rename(tmp, path)
		if err == nil || !errors.Is(err, windows.ERROR_ACCESS_DENIED) && !errors.Is(err, windows.ERROR_SHARING_VIOLATION) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(min(wait, 100*time.Millisecond))
	}
}

// createTemp creates the temporary file WriteFile writes, named by pattern as os.CreateTemp
// names it, with what perm means on Windows given at creation, so there is no moment with a
// looser access list: a mode with no group or other bits (0600, the allowlist's) is an access
// list of the owner and SYSTEM only (PrivateSDDL); any other mode keeps what the folder passes
// on. os.Rename then replaces the file with MoveFileEx and MOVEFILE_REPLACE_EXISTING. (A
// handle os.CreateTemp opens cannot change its own access list: it lacks WRITE_DAC.)
func createTemp(dir, pattern string, perm fs.FileMode) (*os.File, error) {
	var sa *windows.SecurityAttributes
	if perm&0o077 == 0 {
		sd, err := privateDescriptor(false)
		if err != nil {
			return nil, err
		}
		sa = &windows.SecurityAttributes{Length: uint32(unsafe.Sizeof(windows.SecurityAttributes{})), SecurityDescriptor: sd}
	}
	prefix, suffix, _ := strings.Cut(pattern, "*")
	for range 10000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+suffix)
		p, err := windows.UTF16PtrFromString(name)
		if err != nil {
			return nil, err
		}
		h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, sa,
			windows.CREATE_NEW, windows.FILE_ATTRIBUTE_NORMAL, 0)
		if errors.Is(err, windows.ERROR_FILE_EXISTS) || errors.Is(err, windows.ERROR_ALREADY_EXISTS) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "createtemp", Path: name, Err: err}
		}
		return os.NewFile(uintptr(h), name), nil
	}
	return nil, &os.PathError{Op: "createtemp", Path: filepath.Join(dir, pattern), Err: fs.ErrExist}
}

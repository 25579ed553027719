package selfguard

import (
	"errors"
	"os"
	"strings"

	"github.com/hookctl/hookctl/internal/lazy"
	"golang.org/x/sys/windows"
)

// volumeNameDOS asks GetFinalPathNameByHandle for the drive-letter form, normalized
// (VOLUME_NAME_DOS | FILE_NAME_NORMALIZED, both 0 in the Windows headers).
const volumeNameDOS = 0

// sysWinFS asks Windows itself (winFS).
type sysWinFS struct{}

// FinalPath opens name for its attributes only, sharing it every way (no open of the file
// is disturbed, nothing of it is read), and asks the handle's final path. A folder opens too
// (FILE_FLAG_BACKUP_SEMANTICS); a link is followed, as a write through the name would be.
func (sysWinFS) FinalPath(name string) (string, error) {
	if err := localDrive(name); err != nil {
		return "", err
	}
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return "", err
	}
	h, err := windows.CreateFile(p, windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return "", err
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, windows.MAX_PATH)
	for {
		n, err := windows.GetFinalPathNameByHandle(h, &buf[0], uint32(len(buf)), volumeNameDOS)
		if err != nil {
			return "", err
		}
		if int(n) < len(buf) {
			return windows.UTF16ToString(buf[:n]), nil
		}
		if n > 1<<15 {
			return "", errors.New("final path too long")
		}
		buf = make([]uint16, n+1)
	}
}

// LongPath asks GetLongPathName.
func (sysWinFS) LongPath(name string) (string, error) {
	if err := localDrive(name); err != nil {
		return "", err
	}
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return "", err
	}
	buf := make([]uint16, windows.MAX_PATH)
	for {
		n, err := windows.GetLongPathName(p, &buf[0], uint32(len(buf)))
		if err != nil {
			return "", err
		}
		if int(n) < len(buf) {
			return windows.UTF16ToString(buf[:n]), nil
		}
		if n > 1<<15 {
			return "", errors.New("long path too long")
		}
		buf = make([]uint16, n+1)
	}
}

// errNotLocal refuses a name on a drive that is not this machine's own disk: a network drive
// is not opened (a server that does not answer would hold the judgement).
var errNotLocal = errors.New("not a local drive")

func localDrive(name string) error {
	if len(name) < 2 || name[1] != ':' {
		return errNotLocal
	}
	root, err := windows.UTF16PtrFromString(name[:2] + `\`)
	if err != nil {
		return err
	}
	switch windows.GetDriveType(root) {
	case windows.DRIVE_FIXED, windows.DRIVE_REMOVABLE, windows.DRIVE_RAMDISK, windows.DRIVE_CDROM:
		return nil
	}
	return errNotLocal
}

var localNamesOnce lazy.Value[[]string]

// localNames are this machine's names: its host name and its NetBIOS name.
func localNames() []string {
	return localNamesOnce.Get(func() []string {
		var out []string
		if h, err := os.Hostname(); err == nil && h != "" {
			out = append(out, h)
			if short, _, ok := strings.Cut(h, "."); ok {
				out = append(out, short)
			}
		}
		if n, err := windows.ComputerName(); err == nil && n != "" {
			out = append(out, n)
		}
		return out
	})
}

package consent

import (
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// OpenScript opens a script for reading, sharing it for reading only: while hookctl holds it,
// no other program can open it to write, and it cannot be deleted, renamed or replaced (a
// rename over it needs delete access to it), so the script that runs is the one pinned (SPEC
// 21). The hook's interpreter, which opens it to read, still can. A script open for writing
// elsewhere cannot be opened at all: a sharing violation.
func OpenScript(path string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, fmt.Errorf("reading script %s: %w", path, err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ, windows.FILE_SHARE_READ, nil,
		windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, fmt.Errorf("reading script %s: %w", path, &os.PathError{Op: "open", Path: path, Err: err})
	}
	return os.NewFile(uintptr(h), path), nil
}

package safefile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// openNonBlocking opens path for reading. Windows has no FIFO a plain path can name (its named
// pipes live under \\.\pipe\, and opening one with no server fails at once), so an ordinary
// open cannot hang; Open then refuses anything that is not a regular file. The file is shared
// for delete as well as read and write (os.Open shares only those two), so that a writer can
// replace it by rename while hookctl reads it, as on Unix: a reader must never make an approve
// or an install fail.
func openNonBlocking(path string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS, 0) // backup semantics: a folder opens, to be refused
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

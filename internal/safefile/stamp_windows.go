package safefile

import (
	"io/fs"
	"syscall"
)

// sysStamp adds the creation time of fi to st, in the change time's place: a replacement by
// rename brings the new file's creation time (outside the file system's tunnelling window of
// a few seconds, which keeps the old one), a write in place changes the size or the write time
// StampOf already compares.
func sysStamp(fi fs.FileInfo, st *Stamp) {
	if sys, ok := fi.Sys().(*syscall.Win32FileAttributeData); ok {
		st.ctim = sys.CreationTime.Nanoseconds()
	}
}

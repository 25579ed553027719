package safefile

import (
	"io/fs"
	"os"
)

// Stamp identifies one version of a file: a write in place or a replacement by rename changes
// it. The zero Stamp is a file that is not there.
type Stamp struct {
	exists      bool
	dev, ino    uint64
	size        int64
	mtime, ctim int64
}

// StampOf returns the version fi describes.
func StampOf(fi fs.FileInfo) Stamp {
	st := Stamp{exists: true, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	sysStamp(fi, &st)
	return st
}

// StatStamp returns the version of the file at path now; the zero Stamp when it cannot be
// stat-ed.
func StatStamp(path string) Stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return Stamp{}
	}
	return StampOf(fi)
}

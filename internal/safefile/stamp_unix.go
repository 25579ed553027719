//go:build unix

package safefile

import (
	"io/fs"
	"syscall"
)

// sysStamp adds the device, inode and change time of fi to st: a replacement by rename
// changes the inode, a write in place the change time.
func sysStamp(fi fs.FileInfo, st *Stamp) {
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.dev, st.ino = uint64(sys.Dev), sys.Ino
		st.ctim = changeTime(sys)
	}
}

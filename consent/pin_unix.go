//go:build unix

package consent

import (
	"io/fs"
	"syscall"
)

// fileID is the device and inode of fi.
func fileID(fi fs.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}

// onlyRootWrites reports whether fi is root's and writable by neither its group nor others.
func onlyRootWrites(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Uid == 0 && fi.Mode().Perm()&0o022 == 0
}

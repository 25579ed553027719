package wall

import (
	"encoding/binary"
	"slices"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The parts of a linux_dirent64 as getdents64(2) lists it: inode (8 bytes), offset (8),
// record length (2), type (1), then the NUL-terminated name.
const (
	direntReclen = 16
	direntType   = 18
	direntName   = 19
	// vanished marks an entry of unknown type that was gone when looked at (os.ReadDir skips
	// it too).
	vanished byte = 0xff
)

// list appends the whole listing of the folder at fd to w.listings and returns it, with every
// entry's type known; false when the folder could not be listed, as os.ReadDir fails.
func (w *walker) list(fd int) ([]byte, bool) {
	start := len(w.listings)
	for {
		if cap(w.listings)-len(w.listings) < 1<<10 { // room for a few of the longest entries
			w.listings = slices.Grow(w.listings, 8<<10) // a listing further up keeps its array
		}
		free := w.listings[len(w.listings):cap(w.listings)]
		n, err := unix.Getdents(fd, free)
		if err != nil {
			return nil, false
		}
		if n == 0 {
			break
		}
		w.listings = w.listings[:len(w.listings)+n]
	}
	list := w.listings[start:]
	return list, knowTypes(fd, list) == nil
}

// knowTypes looks up the type of each entry the file system lists as DT_UNKNOWN, before
// anything is granted, as os.ReadDir does.
func knowTypes(fd int, list []byte) error {
	return eachEntry(list, func(name string, typ byte, at int) error {
		if typ != unix.DT_UNKNOWN {
			return nil
		}
		var st unix.Stat_t
		err := unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		switch {
		case err == unix.ENOENT:
			list[at-direntName+direntType] = vanished
			return nil
		case err != nil:
			return err
		}
		list[at-direntName+direntType] = typeOf(st.Mode)
		return nil
	})
}

// typeOf is the dirent type of a file of mode m.
func typeOf(m uint32) byte {
	switch m & unix.S_IFMT {
	case unix.S_IFDIR:
		return unix.DT_DIR
	case unix.S_IFLNK:
		return unix.DT_LNK
	case unix.S_IFREG:
		return unix.DT_REG
	}
	return unix.DT_REG // any other file: a file's rights, as with os.DirEntry
}

// eachEntry calls f with each entry of list but . and .., skipping vanished ones: its name
// (valid only during the call), type and where the name starts in list.
func eachEntry(list []byte, f func(name string, typ byte, at int) error) error {
	for off := 0; off+direntName < len(list); {
		reclen := int(binary.NativeEndian.Uint16(list[off+direntReclen:]))
		if reclen == 0 || off+reclen > len(list) {
			return nil
		}
		typ, at := list[off+direntType], off+direntName
		off += reclen
		name := nameAt(list, at)
		if name == "." || name == ".." || typ == vanished {
			continue
		}
		if err := f(name, typ, at); err != nil {
			return err
		}
	}
	return nil
}

// nameAt is the NUL-terminated name starting at list[at], sharing list's bytes.
func nameAt(list []byte, at int) string {
	n := 0
	for at+n < len(list) && list[at+n] != 0 {
		n++
	}
	return unsafe.String(&list[at], n)
}

// openPath opens the NUL-terminated name at name in the folder at dir with O_PATH, without
// following a link: the name is passed from the listing as it is, with nothing copied.
func openPath(dir int, name *byte) (int, unix.Errno) {
	fd, _, errno := unix.Syscall6(unix.SYS_OPENAT, uintptr(dir), uintptr(unsafe.Pointer(name)),
		unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0, 0, 0)
	return int(fd), errno
}

//go:build unix

package wall

import (
	"errors"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/sys/unix"
)

// Inside reports whether this process is under a wall that covers s: a probe the process cannot
// fake from outside (SPEC 28.13). For each walled tree and file it takes one existing regular
// file whose mode lets this user write it (access(2) says so; Landlock and Seatbelt do not
// answer access(2)) and opens it for writing without O_CREAT or O_TRUNC and with O_APPEND, so
// that an open that succeeds changes nothing: it is closed at once, nothing written. The
// process is inside only when every such open is refused with EACCES or EPERM. It is an error
// when s has no file to probe (the caller then cannot count the wall as up).
func Inside(s Set) (bool, error) {
	probed, rows := false, Table(s)
	for _, r := range rows {
		if r.Kind == KindOpen || r.Missing {
			continue
		}
		f := probeFile(r.Path, rows)
		if f == "" {
			continue
		}
		probed = true
		fd, err := unix.Open(f, unix.O_WRONLY|unix.O_APPEND|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
		if err == nil {
			_ = unix.Close(fd)
			return false, nil
		}
		if errors.Is(err, unix.ETXTBSY) {
			continue // a program being run (hookctl's own binary) tells nothing either way
		}
		if !errors.Is(err, unix.EACCES) && !errors.Is(err, unix.EPERM) {
			return false, &os.PathError{Op: "probing the wall at", Path: f, Err: err}
		}
	}
	if !probed {
		return false, errors.New("probing the wall: no walled file exists that this user may write")
	}
	return true, nil
}

// probeFile is a regular file at or directly in path, writable by its mode and not open.
func probeFile(path string, rows []Row) string {
	candidates := []string{path}
	if entries, err := os.ReadDir(path); err == nil {
		for _, e := range entries {
			candidates = append(candidates, filepath.Join(path, e.Name()))
		}
	}
	for _, c := range candidates {
		fi, err := os.Lstat(c)
		if err != nil || !fi.Mode().IsRegular() || unix.Access(c, unix.W_OK) != nil {
			continue
		}
		if !slices.ContainsFunc(rows, func(r Row) bool { return r.Kind == KindOpen && within(c, r.Path) }) {
			return c
		}
	}
	return ""
}

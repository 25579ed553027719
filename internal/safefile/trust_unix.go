//go:build unix

package safefile

import (
	"fmt"
	"io/fs"
	"syscall"
)

// judge checks one file or folder that is not a link: root's, and not writable by others.
func judge(p, target string, fi fs.FileInfo) error {
	if err := owned(p, target, fi); err != nil {
		return err
	}
	perm := fi.Mode().Perm()
	switch {
	case perm&0o002 != 0:
		return &UntrustedError{Path: p, Target: target, Why: fmt.Sprintf("has mode %04o: others may write it", perm)}
	case perm&0o020 != 0:
		return &UntrustedError{Path: p, Target: target, Why: fmt.Sprintf("has mode %04o: its group may write it", perm)}
	}
	return nil
}

func owned(p, target string, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return &UntrustedError{Path: p, Target: target, Why: "has no owner hookctl can read"}
	}
	if st.Uid != 0 {
		return &UntrustedError{Path: p, Target: target, Why: fmt.Sprintf("is owned by uid %d, not root", st.Uid)}
	}
	return nil
}

//go:build unix

package systest

import "syscall"

// overlayMagic is the statfs type of an overlay file system.
const overlayMagic = 0x794c7630

// etcIsOverlay reports whether /etc is an overlay file system, as it is inside the test's
// mount namespace.
func etcIsOverlay() bool {
	var st syscall.Statfs_t
	return syscall.Statfs("/etc", &st) == nil && uint64(st.Type) == overlayMagic
}

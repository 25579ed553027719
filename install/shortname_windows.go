package install

import (
	"strings"

	"golang.org/x/sys/windows"
)

// shortName is the short (8.3) name Windows keeps for the existing path p, which has no space,
// or p itself when it has no space or the volume keeps no short names.
func shortName(p string) string {
	if !strings.ContainsAny(p, " \t") {
		return p
	}
	long, err := windows.UTF16FromString(p)
	if err != nil {
		return p
	}
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n, err := windows.GetShortPathName(&long[0], &buf[0], uint32(len(buf)))
	if err != nil || n == 0 || int(n) > len(buf) {
		return p
	}
	return windows.UTF16ToString(buf[:n])
}

//go:build unix

package consent

import (
	"os"
	"path/filepath"
)

// GuardPATHOn reports whether guards run with a guard PATH here (GuardPATH).
const GuardPATHOn = true

// guardPathCandidates are the folders a guard's PATH is drawn from, in order: each is kept only
// while root alone can write it (SPEC 24.4).
var guardPathCandidates = []string{"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"}

// RootOnly reports whether only root can change what path names (SPEC 28.18): every folder on
// the way as written, each symlink it passes through followed and judged the same way, and the
// file it ends at, with every folder above that, are root's and writable by neither group nor
// others. A symlink in a folder the person writes could be pointed at another root-owned
// program (/usr/bin/true), so such a path is not root's alone even when its target is. Anything
// that cannot be read counts as not root's.
func RootOnly(path string) bool {
	return rootOnly(filepath.Clean(path), 0)
}

func rootOnly(path string, depth int) bool {
	if depth > 40 || !filepath.IsAbs(path) {
		return false
	}
	for p := filepath.Dir(path); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil || !onlyRootWrites(fi) {
			return false
		}
		if p == filepath.Dir(p) {
			break
		}
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return false
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		if err != nil {
			return false
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		return rootOnly(filepath.Clean(target), depth+1)
	}
	return onlyRootWrites(fi)
}

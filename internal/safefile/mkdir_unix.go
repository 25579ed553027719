//go:build unix

package safefile

import (
	"io/fs"
	"os"
)

// MkdirAll creates the folder path and its parents as os.MkdirAll does, the last with mode
// perm; an existing folder is left as it is (its mode may be shared on purpose), to be judged
// by the caller's trust check.
func MkdirAll(path string, perm fs.FileMode) error { return os.MkdirAll(path, perm) }

// MkdirSystem creates the system level's folder: root's (the caller runs as root), mode 0755.
func MkdirSystem(path string) error { return os.MkdirAll(path, 0o755) }

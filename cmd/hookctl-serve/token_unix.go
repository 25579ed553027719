//go:build unix

package main

import (
	"fmt"
	"io/fs"
	"os"
)

// createTokenFile creates the token file, which must not exist yet, mode 0600.
func createTokenFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
}

// tokenFileProblem says why the token file f, opened at path, is refused: group or others may
// read or write it. "" when it is its owner's alone.
func tokenFileProblem(path string, _ *os.File, fi fs.FileInfo) string {
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Sprintf("the token file %s has mode %04o: group or others can read or write it, so it is refused; run: chmod 600 %s", path, perm, path)
	}
	return ""
}

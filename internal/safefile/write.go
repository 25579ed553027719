package safefile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteFile replaces path with data so that a crash leaves the old file or the new one, never
// a mix: a temporary file in the same folder (named as IsTemp recognises), given mode perm,
// written, fsynced, renamed over path, and the folder fsynced so that the rename itself is
// durable. The mode is set on the open temporary file, so the umask does not change it and
// the data is never readable with a looser mode than perm. A symbolic link at path is
// replaced, not followed: callers that must not replace one check first.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	tmp, err := createTemp(dir, "."+filepath.Base(path)+".*.tmp", perm)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = replace(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return syncDir(dir)
}

// IsTemp reports whether name (a file name, no folder) is a temporary file WriteFile made for
// base: ".BASE.DIGITS.tmp". A writer killed before its rename leaves one behind; a caller that
// knows no writer is running (it holds their lock) may remove them.
func IsTemp(name, base string) bool {
	rest, ok := strings.CutPrefix(name, "."+base+".")
	if !ok {
		return false
	}
	digits, ok := strings.CutSuffix(rest, ".tmp")
	if !ok || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

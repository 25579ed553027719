package safefile

import (
	"io/fs"
	"os"
)

// syncDir has nothing to do on Windows: NTFS journals the rename itself, and a folder cannot
// be flushed (FlushFileBuffers refuses a folder handle).
func syncDir(dir string) error { return nil }

// setMode gives the open temporary file what perm means on Windows: a mode with no group or
// other bits (0600, the allowlist's) is an access list of the owner and SYSTEM only, set
// before any data is written; any other mode keeps what the folder passes on. os.Rename,
// which replaces the file, is MoveFileEx with MOVEFILE_REPLACE_EXISTING.
func setMode(f *os.File, perm fs.FileMode) error {
	if perm&0o077 == 0 {
		return makePrivate(f)
	}
	return nil
}

//go:build unix

package consent

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/hookctl/hookctl/config"
)

// trusted reports whether uid may own the allowlist or its folder: the user running hookctl,
// or root, who can change either anyway (ssh's StrictModes rule).
func trusted(uid uint32) bool { return int(uid) == os.Geteuid() || uid == 0 }

func owner(fi fs.FileInfo) (uint32, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return st.Uid, true
}

// checkFile checks the allowlist file, as opened: not writable by its group or others, and
// owned by the user running hookctl.
func checkFile(path string, fi fs.FileInfo) error {
	q := config.ShellQuote(path)
	if perm := fi.Mode().Perm(); perm&0o022 != 0 {
		return &UntrustedError{Err: ErrWritable,
			Problem: fmt.Sprintf("%s has mode %04o, so others could approve hooks", path, perm),
			Fix:     "chmod 600 " + q}
	}
	if uid, ok := owner(fi); ok && !trusted(uid) {
		return &UntrustedError{Err: ErrNotOwned,
			Problem: fmt.Sprintf("%s is owned by uid %d, not by you (uid %d), so its approvals are not yours", path, uid, os.Geteuid()),
			Fix:     fmt.Sprintf("review it, then remove it (rm %s) and approve the hooks again", q)}
	}
	return nil
}

// checkFolder checks the folder holding the allowlist: whoever may write it may replace the
// file by another. A sticky folder (/tmp) is refused too: others may still create the file
// there before the person does.
func checkFolder(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("checking allowlist folder %s: %w", dir, err)
	}
	uid, ok := owner(fi)
	q := config.ShellQuote(dir)
	move := "keep the allowlist in a folder of your own (set HOOKCTL_HOME or HOOKCTL_ALLOWLIST)"
	switch {
	case ok && !trusted(uid):
		return &UntrustedError{Err: ErrNotOwned,
			Problem: fmt.Sprintf("the allowlist's folder %s is owned by uid %d, not by you (uid %d), so it could replace the allowlist", dir, uid, os.Geteuid()),
			Fix:     move}
	case fi.Mode().Perm()&0o022 != 0:
		fix := "chmod go-w " + q
		if ok && uid != uint32(os.Geteuid()) || fi.Mode()&fs.ModeSticky != 0 {
			fix = move // a shared folder such as /tmp is not to be chmodded
		}
		return &UntrustedError{Err: ErrWritable,
			Problem: fmt.Sprintf("the allowlist's folder %s has mode %04o, so others could replace the allowlist", dir, fi.Mode().Perm()),
			Fix:     fix}
	}
	return nil
}

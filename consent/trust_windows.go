package consent

import (
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/hookctl/hookctl/internal/safefile"
)

// checkFile checks the allowlist file: no one but the person running hookctl, SYSTEM and
// Administrators may change it (its owner and access list, Windows' counterpart of the mode
// and owner checked on Unix).
func checkFile(path string, fi fs.FileInfo) error {
	who, err := safefile.OthersMayWrite(path)
	if err != nil {
		return fmt.Errorf("checking allowlist %s: %w", path, err)
	}
	if who == "" {
		return nil
	}
	return &UntrustedError{Err: ErrWritable,
		Problem: fmt.Sprintf("%s %s, so others could approve hooks", path, who),
		Fix:     privateFix(path)}
}

// checkFolder checks the folder holding the allowlist: whoever may write it may replace the
// file by another.
func checkFolder(path string) error {
	dir := filepath.Dir(path)
	who, err := safefile.OthersMayWrite(dir)
	if err != nil {
		return fmt.Errorf("checking allowlist folder %s: %w", dir, err)
	}
	if who == "" {
		return nil
	}
	return &UntrustedError{Err: ErrWritable,
		Problem: fmt.Sprintf("the allowlist's folder %s %s, so others could replace the allowlist", dir, who),
		Fix:     privateFix(dir) + " (or keep the allowlist in a folder of your own: set HOOKCTL_HOME or HOOKCTL_ALLOWLIST)"}
}

// privateFix is the command that gives path an access list of its owner and SYSTEM only.
func privateFix(path string) string {
	return fmt.Sprintf(`icacls "%s" /inheritance:r /grant:r "%%USERNAME%%:F" "SYSTEM:F"`, path)
}

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotRootOwned marks a file, or a folder on its path, that someone other than root could
// change: owned by another user, or writable by its group or others.
var ErrNotRootOwned = errors.New("not trusted: only root may be able to change it")

// UntrustedError names the first file or folder that fails CheckRootOwned, and why.
type UntrustedError struct {
	// Path is the offending file or folder; Target is the path that was checked.
	Path, Target string
	// Why says what is wrong with Path, e.g. "is owned by uid 1000, not root".
	Why string
}

func (e *UntrustedError) Error() string {
	if e.Path == e.Target {
		return fmt.Sprintf("%s %s", e.Path, e.Why)
	}
	return fmt.Sprintf("%s %s (on the path of %s)", e.Path, e.Why, e.Target)
}

func (e *UntrustedError) Unwrap() error { return ErrNotRootOwned }

// maxLinks bounds the symbolic links CheckRootOwned follows, as the kernel bounds them.
const maxLinks = 40

// CheckRootOwned checks, as ssh's StrictModes checks a key and its folders, that path and
// every folder on its way up to / are owned by root and writable by neither their group nor
// others (a sticky folder such as /tmp included: another user may have put the file there).
// A symbolic link on the way must be owned by root too, and what it leads to is checked the
// same way. The first offence found, the file itself first, then its folders upward, is an
// *UntrustedError naming it; a path that cannot be examined is an error that names it too.
func CheckRootOwned(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("checking %s: %w", path, err)
	}
	return checkChain(abs, abs, 0)
}

// CheckRootOwnedInfo is CheckRootOwned for a file already open, whose stat is fi: the file is
// judged by what was opened (a swap after the open cannot slip by), its folders by path.
func CheckRootOwnedInfo(path string, fi fs.FileInfo) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("checking %s: %w", path, err)
	}
	if err := judge(abs, abs, fi); err != nil {
		return err
	}
	return checkChain(filepath.Dir(abs), abs, 0)
}

// checkChain checks path (absolute, clean) and its folders, following links.
func checkChain(path, target string, links int) error {
	for p := path; ; p = filepath.Dir(p) {
		fi, err := os.Lstat(p)
		if err != nil {
			return fmt.Errorf("checking %s: %w", p, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			if err := owned(p, target, fi); err != nil {
				return err
			}
			if links++; links > maxLinks {
				return &UntrustedError{Path: p, Target: target, Why: "leads through too many symbolic links"}
			}
			dest, err := os.Readlink(p)
			if err != nil {
				return fmt.Errorf("checking %s: %w", p, err)
			}
			if !filepath.IsAbs(dest) {
				dest = filepath.Join(filepath.Dir(p), dest)
			}
			if err := checkChain(filepath.Clean(dest), target, links); err != nil {
				return err
			}
		} else if err := judge(p, target, fi); err != nil {
			return err
		}
		if p == "/" || p == filepath.Dir(p) {
			return nil
		}
	}
}

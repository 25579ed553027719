package consent

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/safefile"
)

// A copy of each approved script is kept beside the allowlist, named by the sha256 of its
// content, so that "changed since approval" can show what changed (SPEC 22). The copies are
// for people to read: no decision depends on them, and a copy that is gone or no longer
// matches its name only means no diff is shown.

// MaxCopy bounds the scripts a copy is kept of: a hook script is a few KiB, and a diff of a
// larger file (a program, a bundle) is not something a person reviews line by line.
const MaxCopy = 1 << 20

// ErrNoCopy is returned when no copy of the approved version is kept (approved before copies
// were kept, too large, or removed).
var ErrNoCopy = errors.New("no copy of the approved version is kept")

// CopiesDir is the folder, beside the allowlist at path, that holds the approved copies.
func CopiesDir(allowlist string) string {
	return filepath.Join(filepath.Dir(allowlist), "approved")
}

// CopiesDir is the folder that holds the store's approved copies.
func (s *Store) CopiesDir() string { return CopiesDir(s.Path) }

// keepCopies writes a copy of each approved script whose file still holds the approved
// content. It is best effort: the approval is already written, and a missing copy only costs
// the diff, so an error here is not the approval's.
func (s *Store) keepCopies(approved []Approval) {
	for _, ap := range approved {
		pins := ap.Scripts
		if ap.Script != nil {
			pins = append([]ScriptPin{*ap.Script}, pins...)
		}
		for _, pin := range pins {
			_ = s.keepCopy(pin)
		}
	}
}

// keepCopy copies the pinned script into the copies folder, with the script's mode, unless a
// copy of that content is already there. Content read that does not hash to the pin (the file
// changed since it was pinned) is not kept: a copy is only ever of what was approved.
func (s *Store) keepCopy(pin ScriptPin) error {
	if pin.Size > MaxCopy || !validSum(pin.SHA256) {
		return nil
	}
	dst := filepath.Join(s.CopiesDir(), pin.SHA256)
	if _, err := s.ApprovedCopy(pin.SHA256); err == nil {
		return nil
	}
	data, fi, err := safefile.ReadFile(pin.Path, MaxCopy)
	if err != nil {
		return err
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != pin.SHA256 {
		return fmt.Errorf("script %s changed since it was pinned", pin.Path)
	}
	dirMode := fs.FileMode(0o700)
	if s.System {
		dirMode = 0o755
	}
	if err := os.MkdirAll(s.CopiesDir(), dirMode); err != nil {
		return err
	}
	return safefile.WriteFile(dst, data, fi.Mode().Perm())
}

// ApprovedCopy returns the approved content whose sha256 is sum. It is ErrNoCopy when no copy
// is kept, and an error when the copy no longer hashes to its name (it was edited since).
func (s *Store) ApprovedCopy(sum string) ([]byte, error) {
	if !validSum(sum) {
		return nil, ErrNoCopy
	}
	data, _, err := safefile.ReadFile(filepath.Join(s.CopiesDir(), sum), MaxCopy)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoCopy
	}
	if err != nil {
		return nil, fmt.Errorf("reading the approved copy: %w", err)
	}
	if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != sum {
		return nil, fmt.Errorf("the approved copy %s was edited since: it no longer matches its sha256", filepath.Join(s.CopiesDir(), sum))
	}
	return data, nil
}

// validSum reports whether sum is a lowercase hex sha256, so it can name a file and nothing
// else (no separator, no "..").
func validSum(sum string) bool {
	if len(sum) != 2*sha256.Size {
		return false
	}
	for _, r := range sum {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// ScriptDiff is what changed in a hook's script since its approval, for a person to read.
type ScriptDiff struct {
	// Path is the script's path.
	Path string
	// Missing says the script is gone: there is nothing to compare.
	Missing bool
	// Unified is the unified diff from the approved version to the script now, "" when
	// Missing or when no copy of the approved version is kept (Err says why).
	Unified string
	Err     error
}

// DiffSinceApproval returns the change of the hook's script since its approval, judged by c
// (a Check of h); ok is false when the script did not change (or the hook pins none). The
// diff compares the approved copy with the file as it is now; the text is the files' own and
// may hold anything: a caller showing it to a person makes it terminal-safe.
func (s *Store) DiffSinceApproval(h config.Hook, c Check) (d ScriptDiff, ok bool) {
	if c.Approval == nil || !h.Pinned() || c.Status != StatusChanged {
		return ScriptDiff{}, false
	}
	old := c.Approval.Script
	if h.ProjectScript {
		old = c.Approval.projectPin(h.Script)
	}
	if old == nil || old.Path != h.Script {
		return ScriptDiff{}, false
	}
	d.Path = h.Script
	if c.Missing {
		d.Missing = true
		return d, true
	}
	if c.Current != nil && c.Current.SHA256 == old.SHA256 {
		return ScriptDiff{}, false
	}
	was, err := s.ApprovedCopy(old.SHA256)
	if err != nil {
		d.Err = err
		return d, true
	}
	now, _, err := safefile.ReadFile(h.Script, MaxCopy)
	if err != nil {
		d.Err = fmt.Errorf("reading script %s: %w", h.Script, err)
		return d, true
	}
	if bytes.Equal(was, now) {
		return ScriptDiff{}, false
	}
	d.Unified = string(diff.Diff("approved "+h.Script, was, "now "+h.Script, now))
	return d, true
}

package runner

import (
	"fmt"
	"os"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/safefile"
)

// heldScript is a hook's pinned script, opened once and held from the consent check until the
// hook has exited. The held file is the unit of every check: consent judges the content read
// from it; just before the start its path must still name it, unchanged (SPEC 14.3, 17.7); and
// after the exit it is read again to see that nothing changed while the hook ran. The hook runs
// the script by its path, as its agent would, so that the script finds its own files through
// $0, BASH_SOURCE or __file__; with `pin: exec` it runs the held file itself (see
// Command.Script).
type heldScript struct {
	f   *os.File
	pin *consent.ScriptPin
	// at is the held file's version when it was last found pinned, just before the start.
	at safefile.Stamp
}

// holdScript opens the hook's pinned script and pins its content. It returns nil and what
// consent should know of the script when the hook is not pinned or the file cannot be read.
func holdScript(h config.Hook) (*heldScript, consent.Script) {
	if !h.Pinned() {
		return nil, consent.Script{}
	}
	f, err := consent.OpenScript(h.Script)
	if err != nil {
		return nil, consent.Script{Err: err}
	}
	s := &heldScript{f: f}
	if s.pin, err = consent.PinFile(h.Script, f); err != nil {
		_ = f.Close()
		return nil, consent.Script{Err: err}
	}
	return s, consent.Script{Pin: s.pin}
}

// statusRetries bounds how often the check before a start is made again when only the file's
// status moved between its two looks (a touch, say): each try reads the content anew.
const statusRetries = 10

// stillPinned checks the held file as late before the start as the caller can: its content is
// still the pinned one (it may have been written to while a person was asked, say), and its
// path names it with the same device, inode, size, mtime and ctime, so that what runs by that
// path is what was hashed. From here on any change counts: see unchangedSinceStart.
func (s *heldScript) stillPinned() error {
	for try := 1; ; try++ {
		// The held file's status is taken before its content is read: a write during the read
		// moves its ctime, which the path's status, taken after, then shows.
		held, err := s.f.Stat()
		if err != nil {
			return fmt.Errorf("script %s cannot be read again: %w", s.pin.Path, err)
		}
		if err := s.sameContent(); err != nil {
			return err
		}
		now, err := s.atPath(held)
		if err != nil {
			return err
		}
		if at := safefile.StampOf(held); safefile.StampOf(now) == at {
			s.at = at
			return nil
		}
		if try == statusRetries {
			return fmt.Errorf("script %s keeps changing: its size or times moved while it was checked", s.pin.Path)
		}
	}
}

// atPath returns the status of the file at the script's path, or an error when that is no
// longer the held file (another file was renamed over it, or it was moved away). held is the
// held file's status, taken by the caller.
func (s *heldScript) atPath(held os.FileInfo) (os.FileInfo, error) {
	now, err := os.Stat(s.pin.Path)
	if err != nil || !os.SameFile(held, now) {
		return nil, fmt.Errorf("script %s was replaced by another file", s.pin.Path)
	}
	return now, nil
}

// unchangedSinceStart reports an error when the held file's content differs from the pinned
// one, or its status changed at all since stillPinned (its ctime moved: it was written to and
// put back, touched, chmod-ed, linked or renamed), or its path names another file by now. No
// such change is excused: the hook may have read something else meanwhile. Atime never counts.
func (s *heldScript) unchangedSinceStart() error {
	held, err := s.f.Stat()
	if err != nil {
		return fmt.Errorf("script %s cannot be read again: %w", s.pin.Path, err)
	}
	if err := s.sameContent(); err != nil {
		return fmt.Errorf("%w while the hook ran", err)
	}
	if safefile.StampOf(held) != s.at {
		return fmt.Errorf("script %s changed while the hook ran: its content is as approved, but it was written to, touched, linked or renamed meanwhile", s.pin.Path)
	}
	if _, err := s.atPath(held); err != nil {
		return fmt.Errorf("%w while the hook ran", err)
	}
	return nil
}

func (s *heldScript) sameContent() error {
	pin, err := consent.PinFile(s.pin.Path, s.f)
	if err != nil {
		return err
	}
	if pin.SHA256 != s.pin.SHA256 {
		return fmt.Errorf("script %s was modified (sha256 %s, was %s)", s.pin.Path, pin.SHA256[:12], s.pin.SHA256[:12])
	}
	return nil
}

func (s *heldScript) close() {
	if s != nil {
		_ = s.f.Close()
	}
}

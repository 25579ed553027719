package runner

import (
	"fmt"
	"os"
	"syscall"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// heldScript is a hook's pinned script, opened once and held from the consent check until the
// hook has exited: consent judges the content read from this file, the hook runs this file
// (see Command.Script), and after it exits the file is read again to see that nothing changed
// while it ran. A rename of another file over the script's path cannot slip in between.
type heldScript struct {
	f   *os.File
	pin *consent.ScriptPin
	at  fileState
}

// fileState is what of an open file changes when its content is written: size and mtime,
// which a writer can set back, and, where the system has it, ctime, which it cannot (ctime
// also moves on a chmod or a rename of the file itself, which errs on the safe side).
type fileState struct {
	size         int64
	mtime, ctime syscall.Timespec
	nlink        uint64
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

// stillPinned reads the held file again, as late before the start as the caller can, and
// reports an error when its content is no longer the pinned one (it was written to while a
// person was asked, say). From here on any write counts: see unchangedSinceStart.
func (s *heldScript) stillPinned() error {
	held, err := s.f.Stat()
	if err != nil {
		return fmt.Errorf("script %s cannot be read again: %w", s.pin.Path, err)
	}
	if err := s.sameContent(); err != nil {
		return err
	}
	if err := s.stillAtPath(held); err != nil {
		return err
	}
	s.at = stateOf(held)
	return nil
}

// stillAtPath reports an error when the script's path no longer names the held file (another
// file was renamed over it, or it was moved away). Running the held file would not be enough:
// some interpreters (node) resolve the /dev/fd link they are given back to a path and read the
// file they find there, which is then another than the one judged. held is the held file's
// status, taken by the caller (its identity does not change while it is open).
func (s *heldScript) stillAtPath(held os.FileInfo) error {
	now, err := os.Stat(s.pin.Path)
	if err != nil || !os.SameFile(held, now) {
		return fmt.Errorf("script %s was replaced by another file", s.pin.Path)
	}
	return nil
}

// unchangedSinceStart reports an error when the held file's content differs from the pinned
// one, or when it was written to (or its status changed) since stillPinned, even if its
// content and mtime were put back: the hook may have read something else meanwhile.
func (s *heldScript) unchangedSinceStart() error {
	held, err := s.f.Stat()
	if err != nil {
		return fmt.Errorf("script %s cannot be read again: %w", s.pin.Path, err)
	}
	if err := s.sameContent(); err != nil {
		return err
	}
	now := stateOf(held)
	if now.size != s.at.size || now.mtime != s.at.mtime || (now.ctime != s.at.ctime && now.nlink == s.at.nlink) {
		return fmt.Errorf("script %s was modified while the hook ran", s.pin.Path)
	}
	// A rename over the path unlinks the held file, which moves its ctime but not its content;
	// an interpreter that reads the script by its path may have read the new file meanwhile.
	if err := s.stillAtPath(held); err != nil {
		return fmt.Errorf("script %s was replaced by another file while the hook ran", s.pin.Path)
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

func (s *heldScript) file() *os.File {
	if s == nil {
		return nil
	}
	return s.f
}

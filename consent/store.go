package consent

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Store is the allowlist file on disk.
type Store struct {
	Path string
	// Now is the clock for approved_at; nil means time.Now.
	Now func() time.Time
	// LockTimeout bounds the wait for another writer's lock; 0 means DefaultLockTimeout.
	LockTimeout time.Duration
	// Interrupt, once closed, ends a wait for the lock with ErrInterrupted (a context's Done).
	Interrupt <-chan struct{}
	// System marks the system layer's allowlist (NewSystemStore): written by root only, mode
	// 0644 in a folder of mode 0755, so that every person's hookctl can read it and only root
	// can change it; anything else is 0600 in a folder of 0700.
	System bool
	// Root, set for a project's approvals file (ProjectStore), is the project's root, links
	// resolved: every write records it in the file, and a file that records another root
	// approves nothing and is never written over (ErrOtherProject).
	Root string
	// anyRoot reads a project's file whatever root it records (Projects checks it itself).
	anyRoot bool
	// Person, set on a project's store, is the person's store: whenever the project's guard
	// record changes, the person's record remembers the project's guards (remember.go).
	Person *Store
}

// fileMode is the mode the allowlist and its guard record are written with.
func (s *Store) fileMode() fs.FileMode {
	if s.System {
		return 0o644
	}
	return 0o600
}

// NewStore returns the store of the allowlist file at path.
func NewStore(path string) *Store {
	return &Store{Path: path}
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Load reads the allowlist. A missing file is an empty allowlist; a corrupt one, or one of an
// unknown version, is an error wrapping ErrCorrupt; one that the group or others may write is
// an error wrapping ErrWritable, and one that another user owns wraps ErrNotOwned (both are an
// *UntrustedError), and so for its folder. Readers take no lock: writers replace the file by rename, so
// a read sees one whole version or the other.
func (s *Store) Load() (*Allowlist, error) {
	a, _, err := s.load()
	return a, err
}

// ErrWritable marks an allowlist that its group or others may write, or that sits in a folder
// they may write: anyone who can write it can approve any hook, so it approves nothing, and
// nothing is written to it, until it is chmod 600 (the folder go-w) again.
var ErrWritable = errors.New("allowlist is writable by others")

// maxAllowlist bounds what is read: a million approvals fit, /dev/zero at the path does not.
const maxAllowlist = 256 << 20

// load is Load that also returns the file's identity, so a Gate can tell when it changed.
func (s *Store) load() (*Allowlist, safefile.Stamp, error) {
	data, fi, err := safefile.ReadFile(s.Path, maxAllowlist)
	if errors.Is(err, fs.ErrNotExist) {
		return &Allowlist{}, safefile.Stamp{}, nil
	}
	if err != nil {
		return nil, safefile.Stamp{}, fmt.Errorf("reading allowlist %s: %w", s.Path, err)
	}
	// Checked on the open file, so a chmod between the check and the read cannot slip by.
	if err := s.checkTrust(s.Path, fi); err != nil {
		return nil, safefile.Stamp{}, err
	}
	a, err := decodeOwned(data) // data is this function's own, and dropped unchanged
	if err != nil {
		return nil, safefile.Stamp{}, fmt.Errorf("reading allowlist %s: %w", s.Path, err)
	}
	if err := s.checkRoot(a); err != nil {
		return nil, safefile.Stamp{}, err
	}
	return a, safefile.StampOf(fi), nil
}

// stamp returns the identity of the file as it is now.
func (s *Store) stamp() safefile.Stamp { return safefile.StatStamp(s.Path) }

// Approve records approvals of the hooks, replacing any earlier approval of the same (event,
// command), and returns the approvals written. Pinned hooks have their script and files hashed
// now. The guards among the hooks are recorded, and a recorded guard of an (event, command)
// approved as something else is dropped. When the existing file cannot be read or trusted,
// nothing is written.
func (s *Store) Approve(hooks ...config.Hook) ([]Approval, error) { return s.approve(hooks, false) }

// ApproveAll is Approve that records the guards anew (approve --all): the guard record becomes
// the guards among hooks, so a recorded guard they do not hold is dropped.
func (s *Store) ApproveAll(hooks ...config.Hook) ([]Approval, error) { return s.approve(hooks, true) }

func (s *Store) approve(hooks []config.Hook, anew bool) ([]Approval, error) {
	p, errs := s.Prepare(hooks)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return s.Record(p, anew)
}

// Prepared is what an approval of some hooks would record, their files read once: a command
// shows the person (and compares with the guard record) exactly what it then writes.
type Prepared struct {
	Hooks []config.Hook
	// Approvals are the hooks' approvals, one each, in the same order.
	Approvals []Approval
}

// Prepare pins the hooks' scripts and files now. A hook whose files cannot be read is left
// out, with an error naming it, so that one missing file does not stop every approval.
func (s *Store) Prepare(hooks []config.Hook) (Prepared, []error) {
	at := s.now().UTC().Truncate(time.Second)
	var p Prepared
	var errs []error
	for _, h := range hooks {
		if h.Event == "" || h.Command == "" {
			errs = append(errs, fmt.Errorf("approving hook %q of event %q: event and command must not be empty", h.Command, h.Event))
			continue
		}
		ap, err := approvalOf(h, at, ReadScript(h))
		if err != nil {
			errs = append(errs, fmt.Errorf("not approved %s %s: %w", h.Event, h.Command, err))
			continue
		}
		p.Hooks, p.Approvals = append(p.Hooks, h), append(p.Approvals, ap)
	}
	return p, errs
}

// approvalOf is the approval of h with its script and files as seen.
func approvalOf(h config.Hook, at time.Time, seen Script) (Approval, error) {
	ap := Approval{Event: h.Event, Command: h.Command, Matcher: h.Matcher, ApprovedAt: at, Pin: pinOf(h), Dialect: h.Dialect,
		Remote: remoteOf(h), Guard: h.Guard()}
	if h.Pinned() {
		if seen.Err != nil {
			return Approval{}, seen.Err
		}
		if seen.Pin == nil {
			return Approval{}, fmt.Errorf("its script %s could not be read", h.Script)
		}
		ap.setPin(h, seen.Pin)
	}
	if paths := PinnedPaths(h); !h.Remote() && len(paths) > 0 {
		if !sameStatePaths(seen.Files, paths) {
			seen.Files = ReadFiles(paths)
		}
		files, err := filesOf(seen.Files)
		if err != nil {
			return Approval{}, err
		}
		ap.Files = files
	}
	return ap, nil
}

// Record writes the prepared approvals, replacing earlier ones of the same (event, command),
// and records their guards (anew: the record becomes exactly those guards). It returns the
// approvals written.
func (s *Store) Record(p Prepared, anew bool) ([]Approval, error) {
	var written []Approval
	index := map[[2]string]int{}
	for _, ap := range p.Approvals {
		key := [2]string{ap.Event, ap.Command}
		if i, ok := index[key]; ok {
			written[i] = ap
			continue
		}
		index[key] = len(written)
		written = append(written, ap)
	}
	return s.record(written, index, p.Hooks, anew)
}

// ApproveSeen records an approval of h pinned to the script content (and files) the person was
// shown, so that an edit made while they were deciding is not approved unseen: the next run
// finds the hook changed and asks again.
func (s *Store) ApproveSeen(h config.Hook, seen Script) (Approval, error) {
	if h.Event == "" || h.Command == "" {
		return Approval{}, fmt.Errorf("approving hook %q of event %q: event and command must not be empty", h.Command, h.Event)
	}
	ap, err := approvalOf(h, s.now().UTC().Truncate(time.Second), seen)
	if err != nil {
		return Approval{}, fmt.Errorf("approving hook %q: %w", h.Command, err)
	}
	var guards []config.Hook // a prompt records a guard, and drops none
	if h.Guard() {
		guards = []config.Hook{h}
	}
	written, err := s.record([]Approval{ap}, map[[2]string]int{{h.Event, h.Command}: 0}, guards, false)
	if err != nil {
		return Approval{}, err
	}
	return written[0], nil
}

// setPin records the script pin of the approval of h: its one script, or, for a script named
// under $CLAUDE_PROJECT_DIR, this project's (keepProjects adds the others').
func (ap *Approval) setPin(h config.Hook, pin *ScriptPin) {
	if h.ProjectScript {
		ap.Scripts = []ScriptPin{*pin}
		return
	}
	ap.Script = pin
}

// keepProjects adds to a new per-project approval the pins of the other projects the earlier
// approval old held, so that approving a command in one project leaves the others approved.
// A change of how the scripts run (pin) is approved for one project only: the others' pins go.
func (ap *Approval) keepProjects(old Approval) {
	if len(ap.Scripts) != 1 || old.Pin != ap.Pin {
		return
	}
	path := ap.Scripts[0].Path
	if old.Script != nil && old.Script.Path != path {
		ap.Scripts = append(ap.Scripts, *old.Script)
	}
	for _, p := range old.Scripts {
		if p.Path != path {
			ap.Scripts = append(ap.Scripts, p)
		}
	}
	slices.SortFunc(ap.Scripts, func(x, y ScriptPin) int { return cmp.Compare(x.Path, y.Path) })
}

// record writes the approvals, replacing earlier ones of the same (event, command) (index),
// and the guards among hooks (all of them anew, when anew), each with the content its final
// approval pins. The guard record is written first: a guard recorded for a hook not yet
// approved changes nothing, an approval without its guard would leave it unguarded.
func (s *Store) record(written []Approval, index map[[2]string]int, hooks []config.Hook, anew bool) ([]Approval, error) {
	if len(written) == 0 && !anew {
		return nil, nil
	}
	err := s.update(func(a *Allowlist) (bool, error) {
		if len(written) > 0 {
			kept := a.Approvals[:0]
			for _, ap := range a.Approvals {
				i, ok := index[[2]string{ap.Event, ap.Command}]
				if !ok {
					// Recording the guards anew drops those the hooks do not hold (the person
					// agreed): the allowlist's second copy of guard-ness follows.
					ap.Guard = ap.Guard && !anew
					kept = append(kept, ap)
					continue
				}
				written[i].keepProjects(ap)
			}
			a.Approvals = append(kept, written...)
			sortApprovals(a.Approvals)
		}
		if err := s.recordGuards(hooks, a, anew); err != nil {
			return false, err
		}
		return len(written) > 0, nil
	})
	if err != nil {
		return nil, err
	}
	sortApprovals(written)
	s.keepCopies(written)
	return written, nil
}

// Revoke removes the approvals of the command for the event, or for every event when event is
// "", and returns how many it removed. The file is written only when something was removed.
func (s *Store) Revoke(command, event string) (int, error) {
	removed := 0
	revoke := func() error {
		return s.changeGuards(func(guards map[[2]string]Guard) bool {
			n := len(guards)
			for k, g := range guards {
				if g.Command == command && (event == "" || g.Event == event) {
					delete(guards, k)
				}
			}
			return len(guards) != n
		})
	}
	err := s.update(func(a *Allowlist) (bool, error) {
		if err := revoke(); err != nil {
			return false, err
		}
		kept := a.Approvals[:0]
		for _, ap := range a.Approvals {
			if ap.Command == command && (event == "" || ap.Event == event) {
				removed++
				continue
			}
			kept = append(kept, ap)
		}
		a.Approvals = kept
		return removed > 0, nil
	})
	if err != nil {
		return 0, err
	}
	return removed, nil
}

// Mode returns the permission bits of the allowlist file.
func (s *Store) Mode() (os.FileMode, error) {
	fi, err := os.Stat(s.Path)
	if err != nil {
		return 0, fmt.Errorf("checking allowlist %s: %w", s.Path, err)
	}
	return fi.Mode().Perm(), nil
}

// update is the locked read-modify-write every change goes through. change edits the loaded
// allowlist (and may write the guard record, under the same lock) and reports whether there is
// anything to write. A load error aborts before any write, so a corrupt file is left exactly
// as it was.
func (s *Store) update(change func(*Allowlist) (bool, error)) error {
	dir := filepath.Dir(s.Path)
	// An existing folder's mode is left alone: it may be shared on purpose. A new one is the
	// person's alone (on Windows: an access list of the owner and SYSTEM), or root's.
	mkdir := func(dir string) error { return safefile.MkdirAll(dir, 0o700) }
	if s.System {
		mkdir = safefile.MkdirSystem
	}
	if err := mkdir(dir); err != nil {
		return fmt.Errorf("creating allowlist folder %s: %w", dir, err)
	}
	// Load checks the folder only when the file exists: a first approval must not create the
	// file where others could replace it.
	if s.System {
		if err := safefile.CheckRootOwned(dir); err != nil {
			return fmt.Errorf("the system allowlist's folder cannot be trusted: %w", err)
		}
	} else if err := checkFolder(s.Path); err != nil {
		return err
	}
	unlock, err := lock(s.Path, s.LockTimeout, s.Interrupt)
	if err != nil {
		return err
	}
	defer unlock()
	a, err := s.Load()
	if err != nil {
		return err
	}
	if write, err := change(a); err != nil || !write {
		return err
	}
	if s.Root != "" {
		a.Root = s.Root
	}
	removeStaleTemps(s.Path)
	if err := safefile.WriteFile(s.Path, a.Encode(), s.fileMode()); err != nil {
		return fmt.Errorf("saving allowlist: %w", err)
	}
	return nil
}

// removeStaleTemps removes the temporary files of writers killed before their rename. Writers
// create one only while they hold the lock, which the caller holds now, so any that exists
// belongs to a dead process: without this, every writer killed mid-write (Ctrl-C included, as
// approve does not catch it) would leave a copy of the allowlist behind for good.
func removeStaleTemps(path string) {
	dir, base := filepath.Split(path)
	ents, err := os.ReadDir(filepath.Clean(dir))
	if err != nil {
		return
	}
	for _, e := range ents {
		if safefile.IsTemp(e.Name(), base) && e.Type().IsRegular() {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// recordGuards records the guards among hooks, each with the content its approval in a
// holds, and drops a recorded guard of an (event, command) among them that is no longer one;
// with anew, the record becomes exactly the guards among hooks. The caller holds the lock.
func (s *Store) recordGuards(hooks []config.Hook, a *Allowlist, anew bool) error {
	if len(hooks) == 0 && !anew {
		return nil
	}
	return s.changeGuards(func(guards map[[2]string]Guard) bool {
		before := maps.Clone(guards)
		if anew {
			clear(guards)
		}
		for _, h := range hooks {
			k := [2]string{h.Event, h.Command}
			ap := a.find(h.Event, h.Command)
			if h.Guard() && ap != nil {
				guards[k] = guardOfApproval(h, *ap)
			} else {
				delete(guards, k)
			}
		}
		return !maps.EqualFunc(before, guards, sameGuard)
	})
}

// SetAutoAccept records that the person turned hooks_auto_accept on at a terminal (on), or
// takes that record out (SPEC 23.1); it reports whether anything changed.
func (s *Store) SetAutoAccept(on bool) (bool, error) {
	changed := false
	err := s.update(func(a *Allowlist) (bool, error) {
		switch {
		case on && a.AutoAccept == nil:
			t := s.now()
			a.AutoAccept, changed = &t, true
		case !on && a.AutoAccept != nil:
			a.AutoAccept, changed = nil, true
		}
		return changed, nil
	})
	return changed, err
}

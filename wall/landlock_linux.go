package wall

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// Detect says how far the wall goes up on this kernel; maxABI > 0 caps the ABI used (tests
// use it to stand for older kernels).
func Detect(maxABI int) Status {
	abi, err := ll.LandlockGetABIVersion()
	if err != nil {
		return statusAt(0, noLandlock(err))
	}
	if maxABI > 0 && abi > maxABI {
		abi = maxABI
	}
	return statusAt(abi, "")
}

// noLandlock words why the kernel has no Landlock.
func noLandlock(err error) string {
	switch {
	case errors.Is(err, unix.ENOSYS):
		return "this kernel has no Landlock (ENOSYS: Linux 5.13 or later built with CONFIG_SECURITY_LANDLOCK has it)"
	case errors.Is(err, unix.EOPNOTSUPP):
		return "Landlock is in this kernel but not enabled at boot (EOPNOTSUPP: add landlock to the lsm= boot parameter)"
	}
	return fmt.Sprintf("asking the kernel for Landlock: %v", err)
}

// Exec puts the wall up and replaces this process with the program at path (same PID and
// process group, SPEC 28.13). It returns only on failure; where the wall cannot go up it
// returns a *NotUpError and runs nothing, unless o.BestEffort.
func Exec(s Set, o Options, path string, argv, env []string) error {
	if _, err := restrict(Table(s), o); err != nil {
		return err
	}
	return fmt.Errorf("starting %s: %w", path, syscall.Exec(path, argv, env))
}

// restrict walls the calling thread, which stays locked to this goroutine: only an exec may
// follow. no_new_privs is set whatever the user, so sudo does not work inside (SPEC 28.17).
func restrict(rows []Row, o Options) (Status, error) {
	st := Detect(o.MaxABI)
	if st.State == Unavailable && (!o.BestEffort || st.ABI == 0) {
		if o.BestEffort {
			return st, nil
		}
		return st, &NotUpError{Status: st}
	}
	cfg := configAt(st.ABI)
	fd, flags, err := cfg.BestEffort().NewRulesetFD()
	if err != nil {
		return st, fmt.Errorf("making the wall's ruleset: %w", err)
	}
	if fd < 0 {
		return st, &NotUpError{Status: statusAt(0, "go-landlock made no ruleset")}
	}
	defer unix.Close(fd)
	w := walker{ruleset: fd, rows: rows, handled: cfg.HandledAccessFS}
	if err := w.dir(unix.AT_FDCWD, "/"); err != nil {
		return st, err
	}
	runtime.LockOSThread() // never unlocked: this thread carries the wall into the exec
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return st, fmt.Errorf("setting no_new_privs: %w", err)
	}
	if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
		if errors.Is(err, unix.E2BIG) {
			return st, errors.New("the wall cannot go up: this process is already 16 walls deep, as deep as Landlock stacks them (E2BIG)")
		}
		return st, fmt.Errorf("putting the wall up: %w", err)
	}
	return st, nil
}

// walker grants the write rights on every entry met on the way from / to each walled or open
// path that has nothing walled below it (see decide).
type walker struct {
	ruleset int
	rows    []Row
	handled landlock.AccessFSSet
}

// dir walks folder name of the folder at parent, path being its full path. A folder that
// cannot be opened or listed grants nothing: the wall is then stricter there, never looser.
func (w walker) dir(parent int, path string) error {
	fd, err := unix.Openat(parent, baseOf(path), unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	names, err := f.Readdirnames(-1)
	if err != nil {
		return nil
	}
	for _, name := range names {
		p := filepath.Join(path, name)
		switch decide(w.rows, p) {
		case grant:
			if err := w.grant(fd, name, p); err != nil {
				return err
			}
		case descend:
			if err := w.dir(fd, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// baseOf is what dir opens relative to its parent: "/" itself, else the last element.
func baseOf(path string) string {
	if path == "/" {
		return "/"
	}
	return filepath.Base(path)
}

// grant gives the write rights on the entry name of the folder at parent. It is opened without
// following a symlink (a link gets nothing: writing through it is judged at its target), so no
// link swapped in after the walk listed the folder can carry the rights into a walled folder.
func (w walker) grant(parent int, name, path string) error {
	fd, err := unix.Openat(parent, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT == unix.S_IFLNK {
		return nil
	}
	rights := w.handled
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		rights &= fileRights
	}
	if rights == 0 {
		return nil
	}
	attr := ll.PathBeneathAttr{ParentFd: fd, AllowedAccess: uint64(rights)}
	if err := ll.LandlockAddPathBeneathRule(w.ruleset, &attr, 0); err != nil {
		return fmt.Errorf("granting writes on %s: %w", path, err)
	}
	return nil
}

package wall

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
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
// The rules' files stay open (close-on-exec): closing each costs a system call per entry.
func restrict(rows []Row, o Options) (Status, error) {
	st := Detect(o.MaxABI)
	if st.State == Unavailable && (!o.BestEffort || st.ABI == 0) {
		if o.BestEffort {
			return st, nil
		}
		return st, &NotUpError{Status: st}
	}
	w, err := ruleset(rows, configAt(st.ABI))
	if err != nil {
		return st, err
	}
	runtime.LockOSThread() // never unlocked: this thread carries the wall into the exec
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		w.close()
		return st, fmt.Errorf("setting no_new_privs: %w", err)
	}
	if err := ll.LandlockRestrictSelf(w.ruleset, 0); err != nil {
		w.close()
		if errors.Is(err, unix.E2BIG) {
			return st, errors.New("the wall cannot go up: this process is already 16 walls deep, as deep as Landlock stacks them (E2BIG)")
		}
		return st, fmt.Errorf("putting the wall up: %w", err)
	}
	return st, nil
}

// ruleset makes the wall's ruleset for cfg: every write right handled, granted back along the
// walk from / (see decide).
func ruleset(rows []Row, cfg landlock.Config) (*walker, error) {
	fd, _, err := cfg.BestEffort().NewRulesetFD()
	if err != nil {
		return nil, fmt.Errorf("making the wall's ruleset: %w", err)
	}
	if fd < 0 {
		return nil, &NotUpError{Status: statusAt(0, "go-landlock made no ruleset")}
	}
	w := &walker{ruleset: fd, rows: rows, handled: cfg.HandledAccessFS, fds: make([]int, 1, 512)}
	w.fds[0] = fd
	if err := w.dir(unix.AT_FDCWD, "/"); err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

// walker grants the write rights on every entry met on the way from / to each walled or open
// path that has nothing walled below it (see decide).
type walker struct {
	ruleset int
	rows    []Row
	handled landlock.AccessFSSet
	// fds are the files opened for the rules, the ruleset's first.
	fds []int
	// listings holds the listing of each folder on the way down, deepest last (see dir).
	listings []byte
	// attr is the rule being added, kept here so adding one allocates nothing.
	attr ll.PathBeneathAttr
}

func (w *walker) close() {
	for _, fd := range w.fds {
		_ = unix.Close(fd)
	}
	w.fds = nil
}

// unnamed stands for every entry of a folder that no row names or lies below: no entry can be
// named so (a NUL), so decide rules on it as on any such entry.
const unnamed = "\x00"

// dir walks folder name of the folder at parent, path being its full path. A folder that
// cannot be opened or listed grants nothing: the wall is then stricter there, never looser.
// decide rules once for the entries no row names (most of a home or of /tmp) and per entry
// only for those on the way to a row; the entries are read from the kernel's listing in place.
// Against os.ReadDir, filepath.Join and decide per entry this took BenchmarkRuleset (about 430
// rules) from 3100 allocations (150 kB) to 115 (37 kB), and hookctl wall -- true in PW's HOME
// from 419 page faults to 383 (perf stat): each fresh page of heap faults once at start-up.
func (w *walker) dir(parent int, path string) error {
	fd, err := unix.Openat(parent, baseOf(path), unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	start := len(w.listings)
	defer func() { w.listings = w.listings[:start] }()
	list, ok := w.list(fd)
	if !ok {
		return nil
	}
	named := namedBelow(w.rows, path)
	rest := decide(w.rows, filepath.Join(path, unnamed))
	return eachEntry(list, func(name string, typ byte, at int) error {
		if !slices.Contains(named, name) {
			if rest == grant {
				return w.grant(fd, list, at, typ, path)
			}
			return nil
		}
		p := filepath.Join(path, name)
		switch decide(w.rows, p) {
		case grant:
			return w.grant(fd, list, at, typ, path)
		case descend:
			return w.dir(fd, p)
		}
		return nil
	})
}

// namedBelow are the names in folder path that lead to a row below it.
func namedBelow(rows []Row, path string) []string {
	var names []string
	for _, r := range rows {
		if r.Path == path || !within(r.Path, path) {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(r.Path, path), "/")
		first, _, _ := strings.Cut(rel, "/")
		names = append(names, first)
	}
	return names
}

// baseOf is what dir opens relative to its parent: "/" itself, else the last element.
func baseOf(path string) string {
	if path == "/" {
		return "/"
	}
	return filepath.Base(path)
}

// grant gives the write rights on the entry whose name starts at list[at] (NUL-terminated, as
// the kernel lists it) in the folder at parent, whose path is dir. A symlink gets
// nothing (writing through it is judged at its target). The entry is opened without following
// a link, so one swapped in after the listing gets a rule on the link itself, which grants
// nothing below it; the kernel refuses a folder's rights on it, and that entry is then left out.
func (w *walker) grant(parent int, list []byte, at int, typ byte, dir string) error {
	if typ == unix.DT_LNK {
		return nil
	}
	rights := w.handled
	if typ != unix.DT_DIR {
		rights &= fileRights
	}
	if rights == 0 {
		return nil
	}
	fd, errno := openPath(parent, &list[at])
	if errno != 0 {
		return nil
	}
	w.fds = append(w.fds, fd)
	w.attr = ll.PathBeneathAttr{ParentFd: fd, AllowedAccess: uint64(rights)}
	err := ll.LandlockAddPathBeneathRule(w.ruleset, &w.attr, 0)
	if err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("granting writes on %s: %w", filepath.Join(dir, nameAt(list, at)), err)
	}
	return nil
}

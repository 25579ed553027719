package consent

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"slices"
	"time"
)

// FilePin records one file, beside the script, that a hook's command names by a path (SPEC
// 18.1, 23.12): a file the person can write is pinned by its content (SHA256); a file the
// person cannot write (root's, not writable by group or others, nor any folder above it) by
// its path and identity (Dev, Ino, Size, Mtime), with SHA256 "": hashing a 30 MiB interpreter
// before and after every run would cost more than a guard may, and its owner is not the agent.
type FilePin struct {
	Path string
	// SHA256 is the lowercase hex sha256 of the content, "" for a file pinned by identity.
	SHA256 string
	Size   int64
	Mtime  time.Time
	// Dev and Ino are set only for a file pinned by identity.
	Dev, Ino uint64
}

// Identity reports whether the file is pinned by identity rather than by content.
func (p FilePin) Identity() bool { return p.SHA256 == "" }

// Same reports whether two pins of a file agree: the same path, and the same content or, for
// a file the person cannot write, that it is still so (SPEC 28.18: root's files are checked at
// each run and never pinned, so root's updates change nothing; the device, inode, size and
// mtime an identity pin carries are shown, not compared). A file that moved from one kind to
// the other (it became writable, or root's) is not the same.
func (p FilePin) Same(o FilePin) bool {
	return p.Path == o.Path && p.SHA256 == o.SHA256
}

func (p FilePin) String() string { return fmt.Sprintf("%s (%s)", p.Path, p.brief()) }

// brief says what pins the file: its hash, or its identity.
func (p FilePin) brief() string {
	if p.Identity() {
		return fmt.Sprintf("root's: device %d, inode %d, %d bytes", p.Dev, p.Ino, p.Size)
	}
	return "sha256 " + short(p.SHA256)
}

// PinPath pins the file at path as the person running hookctl can change it: by identity when
// they cannot write it, else by content.
func PinPath(path string) (FilePin, error) { return pinPathAs(path, os.Geteuid()) }

// pinPathAs is PinPath for the person of uid; root can write anything, so root's files are
// always hashed for root. A file only root can change is RootOnly: the file, every folder on
// its way and every symlink it passes through.
func pinPathAs(path string, uid int) (FilePin, error) {
	if uid != 0 && RootOnly(path) {
		fi, err := os.Stat(path)
		if err != nil {
			return FilePin{}, fmt.Errorf("reading %s: %w", path, err)
		}
		if !fi.Mode().IsRegular() {
			return FilePin{}, fmt.Errorf("reading %s: not a regular file", path)
		}
		// A number past int64 could not be read back from the allowlist: hash such a file.
		dev, ino, ok := fileID(fi)
		if ok && dev <= math.MaxInt64 && ino <= math.MaxInt64 {
			return FilePin{Path: path, Size: fi.Size(), Mtime: writableTime(fi.ModTime()),
				Dev: dev, Ino: ino}, nil
		}
	}
	pin, err := PinScript(path)
	if err != nil {
		return FilePin{}, err
	}
	return FilePin{Path: path, SHA256: pin.SHA256, Size: pin.Size, Mtime: pin.Mtime}, nil
}

// FileState is a pinned file as it is now: its pin, or why it could not be read.
type FileState struct {
	Path string
	Pin  FilePin
	Err  error
}

// ReadFiles pins the files now, one state each, in the order given.
func ReadFiles(paths []string) []FileState {
	out := make([]FileState, len(paths))
	for i, p := range paths {
		pin, err := PinPath(p)
		out[i] = FileState{Path: p, Pin: pin, Err: err}
	}
	return out
}

// SameFiles returns an error naming the first file whose state now differs from before (the
// pins a runner took when consent judged the hook): a file that cannot be read, or a different
// pin. A file that could not be read before is left to what judged it.
func SameFiles(before []FileState) error {
	for _, f := range before {
		if f.Err != nil {
			continue
		}
		now, err := PinPath(f.Path)
		if err != nil {
			return fmt.Errorf("pinned file %s cannot be read: %w", f.Path, err)
		}
		if !now.Same(f.Pin) {
			return fmt.Errorf("pinned file %s was modified", f.Path)
		}
	}
	return nil
}

// filesOf is the pins of the states, sorted by path; the first error stops it.
func filesOf(states []FileState) ([]FilePin, error) {
	var out []FilePin
	for _, f := range states {
		if f.Err != nil {
			return nil, f.Err
		}
		out = append(out, f.Pin)
	}
	sortFiles(out)
	return out, nil
}

func sortFiles(files []FilePin) {
	slices.SortFunc(files, func(x, y FilePin) int { return cmp.Compare(x.Path, y.Path) })
}

// fileChanges says how the files a hook names now (states, in any order) differ from the
// approved pins: one phrase per file, none when they agree.
func fileChanges(approved []FilePin, states []FileState) []string {
	var out []string
	now := map[string]FileState{}
	for _, f := range states {
		now[f.Path] = f
	}
	for _, p := range approved {
		f, ok := now[p.Path]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("file %s was pinned when approved and is no longer named by a path", p.Path))
		case errors.Is(f.Err, fs.ErrNotExist):
			out = append(out, fmt.Sprintf("file %s is missing", p.Path))
		case f.Err != nil:
			out = append(out, fmt.Sprintf("file %s cannot be read (%v)", p.Path, f.Err))
		case !f.Pin.Same(p):
			out = append(out, fmt.Sprintf("file %s differs (now %s, approved %s)", p.Path, f.Pin.brief(), p.brief()))
		}
		delete(now, p.Path)
	}
	var added []string
	for path := range now {
		added = append(added, path)
	}
	slices.Sort(added)
	for _, path := range added {
		out = append(out, fmt.Sprintf("file %s was not pinned when approved", path))
	}
	return out
}

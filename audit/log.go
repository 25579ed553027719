package audit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/hookctl/hookctl/config"
)

// Defaults of a Log.
const (
	DefaultMaxSize = 10 << 20 // bytes a file may reach before it is rotated
	DefaultKeep    = 3        // rotated files kept: PATH.1 (newest) .. PATH.3
)

// Log is the audit log file and its rotated predecessors. Many processes may append to the
// same log at once: each line is one write(2) on a file opened with O_APPEND, so lines never
// interleave, and rotation is done by one process at a time under a lock.
//
// Durability: lines are not fsynced. A line is in the kernel's page cache when Append returns,
// so it survives hookctl being killed but not a power cut; an fsync per line would cost every
// hook run a disk flush.
type Log struct {
	Path string
	// Open, when set, is where a line goes when Path may not be written (a run behind the
	// kernel wall, SPEC 28.16: the wall leaves one folder of the home open): Path refused the
	// open or the rotation with a permission error. Reader reads both, merged by time.
	Open string
	// MaxSize is the size at which the file is rotated; 0 means DefaultMaxSize.
	MaxSize int64
	// Keep is how many rotated files are kept; 0 means DefaultKeep.
	Keep int
}

// ForHome is the log of the hookctl home: PathFor's path, falling back to the folder the wall
// leaves open (config.OpenDir) where the wall refuses that path.
func ForHome(lookupEnv func(string) (string, bool), home string) *Log {
	return &Log{Path: PathFor(lookupEnv, home), Open: filepath.Join(home, config.OpenDir, config.AuditFile)}
}

// PathFor returns the log's path: HOOKCTL_AUDIT, else home/audit.jsonl. The environment is a
// parameter so that callers need not touch the process's own.
func PathFor(lookupEnv func(string) (string, bool), home string) string {
	if p, ok := lookupEnv("HOOKCTL_AUDIT"); ok && p != "" {
		return p
	}
	return filepath.Join(home, config.AuditFile)
}

func (l *Log) maxSize() int64 {
	if l.MaxSize > 0 {
		return l.MaxSize
	}
	return DefaultMaxSize
}

func (l *Log) keep() int {
	if l.Keep > 0 {
		return l.Keep
	}
	return DefaultKeep
}

// rotated returns the name of the n-th rotated file (n >= 1), or the log itself for 0.
func (l *Log) rotated(n int) string {
	if n == 0 {
		return l.Path
	}
	return l.Path + "." + strconv.Itoa(n)
}

// Append writes the entry as one line. The file is created with mode 0600 (and its folder
// with 0700) when missing, and rotated first when the line would take it past MaxSize.
func (l *Log) Append(e Entry) error {
	line := append(e.AppendJSON(make([]byte, 0, 512)), '\n')
	return l.write(line)
}

func (l *Log) write(line []byte) error {
	f, size, err := l.open()
	if l.walledOff(err) {
		return l.openLog().write(line)
	}
	if err != nil {
		return err
	}
	if size > 0 && size+int64(len(line)) > l.maxSize() {
		f.Close()
		err := l.rotate(int64(len(line)))
		if l.walledOff(err) {
			return l.openLog().write(line)
		}
		if err != nil {
			// The line matters more than the size limit: append it to the current file.
			err = fmt.Errorf("rotating audit log %s: %w", l.Path, err)
			return errors.Join(err, l.writeOnce(line))
		}
		if f, _, err = l.open(); err != nil {
			return err
		}
	}
	return writeClose(f, line)
}

// walledOff says err is a refusal to write Path that the Open log stands in for.
func (l *Log) walledOff(err error) bool {
	return l.Open != "" && l.Open != l.Path && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS))
}

// openLog is the log in the Open folder, rotated as Path is.
func (l *Log) openLog() *Log {
	return &Log{Path: l.Open, MaxSize: l.MaxSize, Keep: l.Keep}
}

func (l *Log) writeOnce(line []byte) error {
	f, _, err := l.open()
	if err != nil {
		return err
	}
	return writeClose(f, line)
}

func writeClose(f *os.File, line []byte) error {
	// One write(2): O_APPEND places it at the end atomically, so concurrent writers never
	// interleave their lines.
	_, err := f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing audit log %s: %w", f.Name(), err)
	}
	return nil
}

// open opens the log for appending. Whatever sits at the path cannot hang or redirect the
// write: a FIFO opens without waiting for a reader (O_NONBLOCK) and is refused like any file
// that is not regular, and a symbolic link is not followed, so the lines never land in another
// file (a rotation would rename the link anyway; HOOKCTL_AUDIT moves the log). It returns the
// file's size from the one fstat that checks it, for the rotation check.
func (l *Log) open() (*os.File, int64, error) {
	f, err := openAppend(l.Path)
	if errors.Is(err, fs.ErrNotExist) {
		if mkErr := mkdirLog(filepath.Dir(l.Path)); mkErr == nil {
			f, err = openAppend(l.Path)
		}
	}
	if errors.Is(err, syscall.ELOOP) {
		return nil, 0, fmt.Errorf("opening audit log: %s is a symbolic link, which hookctl does not follow", l.Path)
	}
	if errors.Is(err, syscall.ENXIO) {
		return nil, 0, fmt.Errorf("opening audit log: %s is not a regular file", l.Path)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("opening audit log: %w", err)
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("opening audit log: %s is not a regular file", l.Path)
	}
	return f, fi.Size(), nil
}

// rotate shifts PATH.n to PATH.n+1 (the oldest is dropped) and PATH to PATH.1, under an
// exclusive lock on PATH.lock. Two processes may both find the file full: the second, once it
// holds the lock, sees the fresh file by its name and leaves it alone, so a rotation never
// happens twice for one full file. A writer that opened the file before the rename appends to
// PATH.1, which loses nothing.
func (l *Log) rotate(next int64) error {
	unlock, err := lockFile(l.Path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	fi, err := os.Stat(l.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if fi.Size() == 0 || fi.Size()+next <= l.maxSize() {
		return nil // another process rotated it meanwhile
	}
	for n := l.keep(); n >= 1; n-- {
		err := os.Rename(l.rotated(n-1), l.rotated(n))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// lockWait bounds the wait for the rotation lock: a stuck holder costs an over-long file, never
// a hung hook run.
const lockWait = 2 * time.Second

// lockFile takes an exclusive lock on name (lockNB: flock on Unix, LockFileEx on Windows),
// opened without following a symlink, waiting at most lockWait.
func lockFile(name string) (unlock func(), err error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|noFollow, 0o600)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(lockWait)
	for {
		held, err := lockNB(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", name, err)
		}
		if !held {
			break
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("locking %s: still held after %v", name, lockWait)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return func() {
		unlockFile(f)
		f.Close()
	}, nil
}

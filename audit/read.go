package audit

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"sync"
	"time"

	"github.com/hookctl/hookctl/internal/safefile"
)

// Filter selects entries; its zero value selects every entry. Set fields must all match.
type Filter struct {
	Since    time.Time // entries at or after this time
	Event    string
	Decision string
	Agent    string
}

// Match reports whether the entry passes the filter.
func (f Filter) Match(e *Entry) bool {
	return (f.Since.IsZero() || !e.Time.Before(f.Since)) &&
		(f.Event == "" || e.Event == f.Event) &&
		(f.Decision == "" || e.Decision == f.Decision) &&
		(f.Agent == "" || e.Agent == f.Agent)
}

// Reader reads a log's entries, oldest first, across its rotated files.
type Reader struct {
	Log    *Log
	Filter Filter
	// Warn receives a note for each line that is not an entry (torn, corrupt or foreign),
	// which is skipped; nil discards them.
	Warn func(string)
	// Poll is how often Follow looks for new lines; 0 means 200 ms.
	Poll time.Duration
	// CaughtUp, when set, is called once by Follow when the entries already written are read.
	CaughtUp func()
}

// maxLine bounds one line in memory when reading; a longer line is skipped as corrupt.
const maxLine = 64 << 20

// Read calls fn for each entry that passes the filter, oldest first: PATH.3 .. PATH.1, then
// PATH. A rotated file last written before Filter.Since is not read at all. A missing log is
// no entries. An error from fn stops the read and is returned. With Log.Open set, the entries
// of both logs are merged by time.
func (r *Reader) Read(fn func(Entry) error) error {
	if r.Log.Open == "" || r.Log.Open == r.Log.Path {
		return r.readFiles(r.Log, 0, fn)
	}
	main := func(f func(Entry) error) error { return r.readFiles(r.Log, 0, f) }
	open := func(f func(Entry) error) error { return r.readFiles(r.Log.openLog(), 0, f) }
	return mergeByTime(main, open, fn)
}

// mergeByTime hands fn the entries of a and b, each read oldest first, in time order (a's
// first on a tie).
func mergeByTime(a, b func(func(Entry) error) error, fn func(Entry) error) (err error) {
	var errA, errB error
	nextA, stopA := iter.Pull(entries(a, &errA))
	defer stopA()
	nextB, stopB := iter.Pull(entries(b, &errB))
	defer stopB()
	ea, okA := nextA()
	eb, okB := nextB()
	for okA || okB {
		if okA && (!okB || !eb.Time.Before(ea.Time)) {
			err = fn(ea)
			ea, okA = pullIf(err == nil, nextA)
		} else {
			err = fn(eb)
			eb, okB = pullIf(err == nil, nextB)
		}
		if err != nil {
			return err
		}
	}
	return errors.Join(errA, errB)
}

func pullIf(more bool, next func() (Entry, bool)) (Entry, bool) {
	if !more {
		return Entry{}, false
	}
	return next()
}

// entries turns a read into a sequence; the read's own error lands in *errp.
func entries(read func(func(Entry) error) error, errp *error) iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		errStop := errors.New("stopped")
		err := read(func(e Entry) error {
			if !yield(e) {
				return errStop
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStop) {
			*errp = err
		}
	}
}

// readFiles reads l's rotated files, oldest first, down to PATH.last (PATH itself for 0).
func (r *Reader) readFiles(l *Log, last int, fn func(Entry) error) error {
	for n := l.keep(); n >= last; n-- {
		name := l.rotated(n)
		f, fi, err := openLog(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("reading audit log: %w", err)
		}
		if n > 0 && fi.ModTime().Before(r.Filter.Since) {
			f.Close()
			continue
		}
		_, err = r.lines(f, name, 1, nil, fn)
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// lines reads complete lines from f, numbering from line, and hands each entry to fn. A
// trailing line without its newline is returned as pending when pending is non-nil (a writer
// may be in the middle of it), else read as a line.
func (r *Reader) lines(f io.Reader, name string, line int, pending *[]byte, fn func(Entry) error) (int, error) {
	br := bufio.NewReaderSize(f, 64<<10)
	var buf []byte
	if pending != nil {
		buf = *pending
	}
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(buf) > maxLine {
				return line, fmt.Errorf("reading %s: line %d is longer than %d bytes", name, line, maxLine)
			}
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return line, fmt.Errorf("reading %s: %w", name, err)
		}
		complete := bytes.HasSuffix(buf, []byte{'\n'})
		if !complete && pending != nil {
			*pending = buf
			return line, nil
		}
		if len(bytes.TrimSpace(buf)) > 0 {
			if ferr := r.entry(buf, name, line, fn); ferr != nil {
				return line, ferr
			}
			line++
		} else if complete {
			line++
		}
		buf = buf[:0]
		if err != nil { // EOF
			if pending != nil {
				*pending = nil
			}
			return line, nil
		}
	}
}

func (r *Reader) entry(raw []byte, name string, line int, fn func(Entry) error) error {
	e, err := ParseLine(bytes.TrimRight(raw, "\r\n"))
	if err != nil {
		if r.Warn != nil {
			r.Warn(fmt.Sprintf("%s:%d: skipped: %v", name, line, err))
		}
		return nil
	}
	if !r.Filter.Match(&e) {
		return nil
	}
	return fn(e)
}

// Follow reads the log as Read does, then waits for new entries until ctx is done, following
// the log across rotation: once PATH is a new file, the rest of the old one is read, then the
// new one from its start. It returns nil when ctx ends. With Log.Open set, both logs are
// followed, each entry handed on as it is read.
func (r *Reader) Follow(ctx context.Context, fn func(Entry) error) error {
	if r.Log.Open == "" || r.Log.Open == r.Log.Path {
		return r.follow(ctx, fn)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	locked := func(e Entry) error {
		mu.Lock()
		defer mu.Unlock()
		return fn(e)
	}
	var caught sync.WaitGroup
	caught.Add(2)
	one := func(l *Log) *Reader {
		c := *r
		c.Log = l
		c.CaughtUp = caught.Done
		return &c
	}
	errs := make(chan error, 2)
	for _, c := range []*Reader{one(&Log{Path: r.Log.Path, MaxSize: r.Log.MaxSize, Keep: r.Log.Keep}), one(r.Log.openLog())} {
		go func() {
			err := c.follow(ctx, locked)
			cancel()
			errs <- err
		}()
	}
	if r.CaughtUp != nil {
		go func() { caught.Wait(); r.CaughtUp() }()
	}
	return errors.Join(<-errs, <-errs)
}

func (r *Reader) follow(ctx context.Context, fn func(Entry) error) error {
	// The rotated files first, then PATH itself is kept open and tailed.
	if err := r.readFiles(r.Log, 1, fn); err != nil {
		return err
	}
	poll := r.Poll
	if poll <= 0 {
		poll = 200 * time.Millisecond
	}
	t := &tail{r: r, fn: fn}
	defer t.close()
	for first := true; ; first = false {
		if err := t.step(); err != nil {
			return err
		}
		if first && r.CaughtUp != nil {
			r.CaughtUp()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(poll):
		}
	}
}

// tail is the open log file being followed.
type tail struct {
	r       *Reader
	fn      func(Entry) error
	f       *os.File
	line    int
	pending []byte
}

func (t *tail) close() {
	if t.f != nil {
		t.f.Close()
	}
}

// step reads what was appended since the last step, and moves to a new PATH when the log was
// rotated or recreated.
func (t *tail) step() error {
	for {
		if t.f == nil {
			f, _, err := openLog(t.r.Log.Path)
			if errors.Is(err, fs.ErrNotExist) {
				return nil // not created yet
			}
			if err != nil {
				return fmt.Errorf("reading audit log: %w", err)
			}
			t.f, t.line, t.pending = f, 1, nil
		}
		// Checked before reading: a writer that opened the old file before the rename may still
		// be appending to it, and what it wrote by now is read below.
		replaced := t.replaced()
		line, err := t.r.lines(t.f, t.f.Name(), t.line, &t.pending, t.fn)
		t.line = line
		if err != nil || !replaced {
			return err
		}
		// Everything up to the rename is read: a torn last line stays torn, so read it as is.
		if len(t.pending) > 0 {
			if err := t.r.entry(t.pending, t.f.Name(), t.line, t.fn); err != nil {
				return err
			}
		}
		t.f.Close()
		t.f = nil
	}
}

// replaced reports whether PATH no longer names the open file.
func (t *tail) replaced() bool {
	cur, err := t.f.Stat()
	if err != nil {
		return true
	}
	now, err := os.Stat(t.r.Log.Path)
	if err != nil {
		return errors.Is(err, fs.ErrNotExist)
	}
	return !os.SameFile(cur, now)
}

// openLog opens a log file for reading. A FIFO at its path would stall the open until a
// writer came: it is opened without waiting and refused, like anything that is not a regular
// file.
func openLog(name string) (*os.File, fs.FileInfo, error) {
	f, fi, err := safefile.Open(name)
	if errors.Is(err, safefile.ErrNotRegular) {
		return nil, nil, fmt.Errorf("%s is not a regular file", name)
	}
	return f, fi, err
}

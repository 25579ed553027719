// Package safefile reads and writes the small files hookctl trusts or edits (config,
// allowlist, agents' settings): reads that whatever sits at the path cannot hang or exhaust,
// writes that a crash cannot leave half done.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is returned for a path that is a FIFO, device, socket or folder.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned for a file above the size limit.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads the regular file at path, at most max bytes. The open is non-blocking, so a
// FIFO planted at the path cannot stall it, and the file is checked to be regular before any
// read; a missing file wraps fs.ErrNotExist.
func ReadFile(path string, max int64) ([]byte, fs.FileInfo, error) {
	f, fi, err := Open(path)
	if err != nil {
		return nil, fi, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, fi, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, fi.Size(), max)
	}
	// Sized from the stat, plus one byte to see a file that grew meanwhile.
	data := make([]byte, 0, fi.Size()+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fi, err
		}
		if int64(len(data)) > max {
			break
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	if int64(len(data)) > max {
		return nil, fi, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)
	}
	return data, fi, nil
}

// Open opens the regular file at path for reading, in blocking mode, and returns its stat.
// The open does not wait on a FIFO planted at the path; that, or anything else that is not a
// regular file, is ErrNotRegular. A missing file wraps fs.ErrNotExist.
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fi, fmt.Errorf("%w (%s)", ErrNotRegular, fi.Mode().Type())
	}
	return f, fi, nil
}

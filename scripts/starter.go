package scripts

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/internal/safefile"
)

// Starter is one file of the starter set as Install left it.
type Starter struct {
	Path string
	// Created says Install wrote it; false: it was there, and is left as it is.
	Created bool
}

// Install writes the starter config and example hooks into home, creating home (on Windows:
// the person's and SYSTEM's only). A file that exists, or appears meanwhile, is never
// overwritten; the scripts are made executable. It stops at the first file it cannot write.
func Install(home string) ([]Starter, error) {
	if err := safefile.MkdirAll(home, 0o700); err != nil {
		return nil, fmt.Errorf("creating %s: %w", home, err)
	}
	entries, err := fs.ReadDir(Examples, "examples")
	if err != nil {
		return nil, fmt.Errorf("reading the embedded examples: %w", err)
	}
	var out []Starter
	for _, e := range entries {
		data, err := fs.ReadFile(Examples, path.Join("examples", e.Name()))
		if err != nil {
			return out, fmt.Errorf("reading the embedded examples: %w", err)
		}
		dst := filepath.Join(home, e.Name())
		created, err := writeNew(dst, data, starterMode(e.Name()))
		if err != nil {
			return out, err
		}
		out = append(out, Starter{Path: dst, Created: created})
	}
	return out, nil
}

// starterMode is a starter file's mode: the scripts are executable.
func starterMode(name string) os.FileMode {
	if strings.HasSuffix(name, ".sh") {
		return 0o755
	}
	return 0o644
}

// writeNew writes data to a new file dst; created is false when dst exists.
func writeNew(dst string, data []byte, mode os.FileMode) (created bool, err error) {
	// O_EXCL: a file that exists, or appears meanwhile, is never overwritten.
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("writing %s: %w", dst, err)
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return false, fmt.Errorf("writing %s: %w", dst, werr)
	}
	return true, nil
}

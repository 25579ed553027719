package install

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/internal/safefile"
)

// FoldersPath is the record, in the hookctl home, of the folders install created to hold an
// agent's settings (Copilot CLI's .github/hooks, a first ~/.claude): uninstall removes those it
// leaves empty, and no other folder, so that one that was there before install stays (SPEC 22).
func FoldersPath(home string) string { return filepath.Join(home, "folders.json") }

// maxFolders bounds what the record is read up to; a few hundred folders take a few KiB.
const maxFolders = 1 << 20

type foldersFile struct {
	Version int      `json:"version"`
	Made    []string `json:"made"`
}

// loadFolders reads the record; a missing one holds nothing, and one that cannot be read is
// an error, so that it is never written over.
func loadFolders(path string) ([]string, error) {
	data, _, err := safefile.ReadFile(path, maxFolders)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var f foldersFile
	if err := json.Unmarshal(data, &f); err != nil || f.Version != 1 {
		return nil, errors.New(path + ": not a record of folders this hookctl wrote (version 1)")
	}
	return f.Made, nil
}

func saveFolders(path string, made []string) error {
	if made == nil {
		made = []string{}
	}
	data, err := json.MarshalIndent(foldersFile{Version: 1, Made: made}, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(path, append(data, '\n'), 0o600)
}

// mkdirAll makes dir and the folders above it that are missing, and records those it made in
// t.Folders. A record that cannot be written leaves the folders to the person: uninstall
// then keeps them, which is never worse than keeping a folder the person made.
func (t Target) mkdirAll(dir string) error {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	var made []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) || filepath.Dir(d) == d {
			break
		}
		made = append(made, d)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if len(made) == 0 || t.Folders == "" {
		return nil
	}
	list, err := loadFolders(t.Folders)
	if err != nil {
		return nil
	}
	for _, d := range made {
		if !slices.Contains(list, d) {
			list = append(list, d)
		}
	}
	_ = saveFolders(t.Folders, list)
	return nil
}

// removeMade removes the folders install made (t.Folders) that hold dir or are dir, deepest
// first, each only when it is empty, and forgets those that are gone. It returns whether dir
// itself went.
func (t Target) removeMade(dir string) bool {
	if t.Folders == "" {
		return false
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	list, err := loadFolders(t.Folders)
	if err != nil || len(list) == 0 {
		return false
	}
	var mine []string
	for _, d := range list {
		if d == dir || strings.HasPrefix(dir, d+string(filepath.Separator)) {
			mine = append(mine, d)
		}
	}
	if len(mine) == 0 {
		return false
	}
	// Shallowest first: a made folder replaced by a link (or a file) ends the walk there, so
	// that nothing is removed through it.
	slices.SortFunc(mine, func(a, b string) int { return len(a) - len(b) })
	for i, d := range mine {
		if fi, err := os.Lstat(d); err == nil && !fi.IsDir() {
			mine = mine[:i]
			break
		}
	}
	removed := false
	for _, d := range slices.Backward(mine) {
		if _, err := os.Lstat(d); err == nil && os.Remove(d) != nil {
			break // not empty: it and the folders above it stay
		}
		list = slices.DeleteFunc(list, func(x string) bool { return x == d })
		removed = removed || d == dir
	}
	_ = saveFolders(t.Folders, list)
	return removed
}

package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ProjectFile is the settings file rel (".claude/settings.json") under the project folder dir.
// A folder on the way that is a symbolic link leading out of the project is refused: install
// --project would otherwise edit, through a `.claude` planted as a link to ~/.claude or /etc,
// files the person never meant to hand to the project. A link that stays inside the project
// is followed, as the agent follows it.
func ProjectFile(dir, rel string) (string, error) {
	path := filepath.Join(dir, rel)
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", fmt.Errorf("resolving the project folder %s: %w", dir, err)
	}
	sub := dir
	for _, part := range strings.Split(filepath.Dir(filepath.Clean(rel)), string(filepath.Separator)) {
		if part == "." || part == "" {
			continue
		}
		sub = filepath.Join(sub, part)
		fi, err := os.Lstat(sub)
		if errors.Is(err, fs.ErrNotExist) {
			break // created as a plain folder when written
		}
		if err != nil {
			return "", fmt.Errorf("checking %s: %w", sub, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		dest, _ := os.Readlink(sub)
		to, err := filepath.EvalSymlinks(sub)
		if err != nil || !within(root, to) {
			return "", fmt.Errorf("%s is a symbolic link to %s, outside the project %s: --project edits only the project's own files; replace the link with a folder, or leave out --project for the user's settings", sub, dest, dir)
		}
	}
	return path, nil
}

// within reports whether path is root or inside it (both resolved).
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

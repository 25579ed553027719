package hookslock

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Path is the lock's path in the repository at root.
func Path(root string) string { return filepath.Join(root, filepath.FromSlash(Name)) }

// Load reads the lock of the repository at root. A lock that is a symbolic link, or that lies
// outside the repository (through a linked .agent-hooks), is refused: a lock is what a review
// saw in the repository, nothing else. A missing lock wraps fs.ErrNotExist.
func Load(root string) (Lock, error) {
	path, err := inside(root, Name)
	if err != nil {
		return Lock{}, err
	}
	data, _, err := safefile.ReadFile(path, MaxSize)
	if err != nil {
		return Lock{}, fmt.Errorf("reading the lock %s: %w", path, err)
	}
	l, err := Read(data)
	if err != nil {
		return Lock{}, fmt.Errorf("%s: %w", path, err)
	}
	return l, nil
}

// Write writes the lock of the repository at root in one rename, refusing, as Load does, a
// path that is a link or leads out of the repository.
func Write(root string, l Lock) (string, error) {
	path, err := inside(root, Name)
	if err != nil {
		return "", err
	}
	if err := safefile.WriteFile(path, l.Marshal(), 0o644); err != nil {
		return "", err
	}
	return path, nil
}

// inside returns the path of rel (slash-separated) in the repository at root, checked: not a
// symbolic link itself, and inside root once every link above it is resolved.
func inside(root, rel string) (string, error) {
	path := filepath.Join(root, filepath.FromSlash(rel))
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("resolving the repository %s: %w", root, err)
	}
	fi, err := os.Lstat(path)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		dest, _ := os.Readlink(path)
		return "", fmt.Errorf("%s is a symbolic link (to %s): hookctl reads and writes the lock only as a file of the repository; replace the link with the file", path, dest)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("checking %s: %w", path, err)
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	if err != nil {
		return "", fmt.Errorf("resolving %s: %w", filepath.Dir(path), err)
	}
	if !within(realRoot, dir) {
		return "", fmt.Errorf("%s lies outside the repository %s (its folder leads to %s): refused", path, root, dir)
	}
	return path, nil
}

// within reports whether path is root or inside it (both resolved).
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Build locks the project's hooks (loaded from the project config of the repository at root):
// each one's event, command, matcher, dialect, whether it is a guard, and the sha256 of each
// file of the repository it runs. A hook whose script lies outside the repository is an error:
// a project hook runs a script of the repository (SPEC 23.8); its other files outside the
// repository (an interpreter from the system) are not locked (SPEC 23.12).
func Build(root string, hooks []config.Hook) (Lock, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return Lock{}, fmt.Errorf("resolving the repository %s: %w", root, err)
	}
	l := Lock{Version: Version, Hooks: []Hook{}}
	for _, h := range hooks {
		lh, err := lockHook(realRoot, h)
		if err != nil {
			return Lock{}, err
		}
		if slices.ContainsFunc(l.Hooks, func(o Hook) bool { return o.key() == lh.key() }) {
			continue // one approval covers both
		}
		l.Hooks = append(l.Hooks, lh)
	}
	l.Sort()
	return l, nil
}

// lockHook is h as the lock records it, its files read now.
func lockHook(root string, h config.Hook) (Hook, error) {
	lh := Hook{Event: h.Event, Command: h.Command, Matcher: h.Matcher, Dialect: h.Dialect, Guard: h.FailClosed, Files: []File{}}
	if h.Remote() {
		return lh, nil
	}
	if h.Script == "" {
		return Hook{}, fmt.Errorf("%s hook %q names no script by a path: a project hook runs a script of the repository (SPEC 23.8)", h.Event, h.Command)
	}
	paths := append([]string{h.Script}, h.Files...)
	var rest []File
	for i, p := range paths {
		f, in, err := hashFile(root, p)
		if err != nil {
			return Hook{}, fmt.Errorf("%s hook %q: %w", h.Event, h.Command, err)
		}
		switch {
		case !in && i == 0:
			return Hook{}, fmt.Errorf("%s hook %q runs %s, outside the repository %s: a project hook runs a script of the repository", h.Event, h.Command, p, root)
		case !in:
			continue
		case i == 0:
			lh.Files = append(lh.Files, f)
		case !slices.ContainsFunc(rest, func(o File) bool { return o.Path == f.Path }) && f.Path != lh.Files[0].Path:
			rest = append(rest, f)
		}
	}
	slices.SortFunc(rest, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	lh.Files = append(lh.Files, rest...)
	return lh, nil
}

// hashFile returns the locked form of the file at path: its path relative to root (links
// resolved) and the sha256 of its content; in is false for a file outside root.
func hashFile(root, path string) (f File, in bool, err error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return File{}, false, fmt.Errorf("reading %s: %w", path, err)
	}
	if !within(root, real) {
		return File{}, false, nil
	}
	rel, err := filepath.Rel(root, real)
	if err != nil {
		return File{}, false, err
	}
	fh, _, err := safefile.Open(real)
	if err != nil {
		return File{}, true, fmt.Errorf("reading %s: %w", path, err)
	}
	defer fh.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, fh); err != nil {
		return File{}, true, fmt.Errorf("reading %s: %w", path, err)
	}
	return File{Path: filepath.ToSlash(rel), SHA256: hex.EncodeToString(sum.Sum(nil))}, true, nil
}

// Result is what Verify found of one locked hook.
type Result struct {
	Locked Hook
	// Hook is the project config's hook the lock names, nil when the config has none.
	Hook *config.Hook
	// Differences say how the hook differs from the lock, none when it matches.
	Differences []string
}

// Match reports whether the hook is in the config and its files are as locked.
func (r Result) Match() bool { return r.Hook != nil && len(r.Differences) == 0 }

// Verify checks each locked hook against the project's hooks as they are now (loaded from the
// project config of the repository at root) and their files on disk. The config's hooks the
// lock does not name are returned apart: nothing approves them.
func Verify(root string, l Lock, hooks []config.Hook) (results []Result, unlocked []config.Hook) {
	realRoot, rerr := filepath.EvalSymlinks(root)
	for _, lh := range l.Hooks {
		r := Result{Locked: lh}
		i := slices.IndexFunc(hooks, func(h config.Hook) bool {
			return key{h.Event, h.Command, h.Matcher, h.Dialect} == lh.key()
		})
		if i < 0 {
			r.Differences = []string{"the project config has no such hook (changed or removed since the lock)"}
			results = append(results, r)
			continue
		}
		h := hooks[i]
		r.Hook = &h
		now, err := lockHook(realRoot, h)
		switch {
		case rerr != nil:
			r.Differences = append(r.Differences, rerr.Error())
		case err != nil:
			r.Differences = append(r.Differences, err.Error())
		default:
			r.Differences = differences(lh, now)
		}
		results = append(results, r)
	}
	for _, h := range hooks {
		if !slices.ContainsFunc(l.Hooks, func(lh Hook) bool {
			return key{h.Event, h.Command, h.Matcher, h.Dialect} == lh.key()
		}) {
			unlocked = append(unlocked, h)
		}
	}
	return results, unlocked
}

// differences names each way now differs from the locked hook.
func differences(locked, now Hook) []string {
	var out []string
	if now.Guard != locked.Guard {
		out = append(out, fmt.Sprintf("fail_closed is %v, %v in the lock", now.Guard, locked.Guard))
	}
	for _, f := range locked.Files {
		i := slices.IndexFunc(now.Files, func(o File) bool { return o.Path == f.Path })
		switch {
		case i < 0:
			out = append(out, fmt.Sprintf("%s is no longer one of its files", f.Path))
		case now.Files[i].SHA256 != f.SHA256:
			out = append(out, fmt.Sprintf("%s differs from the lock (sha256 %s, %s in the lock)", f.Path, now.Files[i].SHA256[:12], f.SHA256[:12]))
		}
	}
	for _, f := range now.Files {
		if !slices.ContainsFunc(locked.Files, func(o File) bool { return o.Path == f.Path }) {
			out = append(out, fmt.Sprintf("%s is not in the lock", f.Path))
		}
	}
	return out
}

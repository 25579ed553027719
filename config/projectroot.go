package config

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// What makes a folder a project's root (SPEC 23.8, 24.8, 28.23), nearest first from the folder
// a run starts in, never above the person's home nor at or inside the hookctl home:
//  1. a root whose approvals are recorded in the hookctl home (projects/KEY.json): it stays a
//     project while its folder exists, whatever happened to its .git, and covers every folder
//     below it whatever .git lies deeper (the outermost recorded root wins);
//  2. else the first folder holding .git (a folder, or a worktree's file) or
//     .agent-hooks/config.yaml (a project with or without .git; not the person's home, whose
//     .agent-hooks is their own).
// A recorded root that is gone while the run's folder names it is a project that moved: its
// recorded guards cannot be found where they were approved, and its layer blocks
// (ErrProjectMoved).

// ErrProjectMoved marks a recorded project root that no longer exists while the agent's
// project folder names it.
var ErrProjectMoved = errors.New("the project moved: approve it where it is now")

// ProjectsDir is the folder of the projects' approvals in the hookctl home.
func ProjectsDir(hookctlHome string) string { return filepath.Join(hookctlHome, "projects") }

// ProjectKeyOf is the name a project's approvals are filed under: the sha256 of its root,
// links resolved (real).
func ProjectKeyOf(real string) string {
	sum := sha256.Sum256([]byte(real))
	return hex.EncodeToString(sum[:])
}

// projectRoot is a project found from a folder.
type projectRoot struct {
	root, real string
	// recorded says the root was found by its recorded approvals; moved, that it is gone.
	recorded, moved bool
}

// movedError is the error of a moved project's layer.
func (r projectRoot) movedError() error {
	return fmt.Errorf("%w: %s, whose hooks were approved, is gone; in its new folder, at a terminal, run `hookctl hooks approve --project`", ErrProjectMoved, r.root)
}

// recordedRoot finds the outermost recorded root at or above from (its links resolved), up to
// the person's home; a recorded root on the way that is gone makes it a moved project. A root
// the person's guard record remembers (remembered) is a recorded one.
func recordedRoot(from, personHome, hookctlHome string, remembered []string) (projectRoot, bool) {
	keys := recordedKeys(hookctlHome)
	for _, root := range remembered {
		if keys == nil {
			keys = map[string]bool{}
		}
		keys[ProjectKeyOf(root)] = true
	}
	if len(keys) == 0 {
		return projectRoot{}, false
	}
	home := ""
	if personHome != "" {
		home = realPath(personHome)
	}
	var found projectRoot
	ok := false
	for dir := existingReal(from); ; dir = filepath.Dir(dir) {
		if home != "" && dir != home && within(dir, home) {
			break
		}
		if keys[ProjectKeyOf(dir)] && !found.moved {
			_, err := os.Lstat(dir)
			found, ok = projectRoot{root: dir, real: dir, recorded: true, moved: err != nil}, true
		}
		if dir == filepath.Dir(dir) {
			break
		}
	}
	return found, ok
}

// recordedKeys are the keys of the projects whose approvals the hookctl home records; nil when
// it records none (one read of the folder).
func recordedKeys(hookctlHome string) map[string]bool {
	if hookctlHome == "" {
		return nil
	}
	entries, err := os.ReadDir(ProjectsDir(hookctlHome))
	if err != nil {
		return nil
	}
	keys := make(map[string]bool, len(entries))
	for _, e := range entries {
		key, ok := strings.CutSuffix(e.Name(), ".json")
		if ok && !strings.HasSuffix(key, ".guards") && len(key) == sha256.Size*2 {
			keys[key] = true
		}
	}
	return keys
}

// existingReal is p with the links of its longest existing part resolved, the rest as given.
func existingReal(p string) string {
	p = cleanAbs(p)
	var rest []string
	for dir := p; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(append([]string{real}, rest...)...)
		}
		if dir == filepath.Dir(dir) {
			return p
		}
		rest = append([]string{filepath.Base(dir)}, rest...)
	}
}

// rootMark reports whether dir is a project's root by what it holds: .git, or a project config
// (except at the person's home, whose .agent-hooks is their own).
func rootMark(dir, home string) bool {
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		return true
	}
	if dir == home {
		return false
	}
	_, err := os.Lstat(ProjectConfigPath(dir))
	return err == nil
}

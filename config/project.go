package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The rules of a project's config (SPEC 20, 23.8). A repository's hooks come with a clone, so
// what they may run is narrowed to what the repository itself holds and a person can read:
// each command names a script inside the repository, run by its path or by a program from
// PATH that is given it as its first word (`python3 .agent-hooks/guard.py`). `npm run`, `make`
// and `sh -c '...'` run code the config does not name; an absolute path, a `..` or a symbolic
// link leading out of the repository names code the repository does not hold.

// projectKeys are the top-level keys a project config may set: the rest (hooks_auto_accept,
// parallel, audit) are the person's.
var projectKeys = []string{"hooks", "custom_events"}

// project reports whether the file read is a project's config.
func (l *loader) project() bool { return l.layer == LayerProject }

// projectKey says why a top-level key cannot be set in a project config, "" when it can.
func projectKey(key string) string {
	switch key {
	case "hooks", "custom_events":
		return ""
	case "hooks_auto_accept":
		return "a project config cannot turn on hooks_auto_accept: only the person can, in their own config (ignored)"
	}
	return fmt.Sprintf("a project config may set only %s; %s is the person's to set, in their own config (ignored)",
		strings.Join(projectKeys, " and "), key)
}

// projectCommand says why a project's command cannot run, "" when it can (or the config is not
// a project's).
func (l *loader) projectCommand(r resolved) string {
	if !l.project() {
		return ""
	}
	root := l.cfg.Root
	if len(r.env) > 0 {
		name, _, _ := strings.Cut(r.env[0], "=")
		return fmt.Sprintf("a project hook's command cannot set variables (%s=...): it runs with the person's environment", name)
	}
	prog := r.argv[0]
	switch {
	case hasPathSep(prog):
		if msg := insideRepo(root, prog, true); msg != "" {
			return "its program " + msg
		}
	case r.script == "" || r.scriptWord != 1:
		return fmt.Sprintf("a project hook's command must name a script inside the repository, run by its path (.agent-hooks/guard.sh) or by a program from PATH given the script first (python3 .agent-hooks/guard.py); %s runs code this config does not name", ShellQuote(prog))
	}
	if r.script != "" {
		if msg := insideRepo(root, r.script, true); msg != "" {
			return "its script " + msg
		}
	}
	for i, w := range r.argv[1:] {
		if i+1 == r.scriptWord || !pathCandidate(r.argv, i+1) || !hasPathSep(w) {
			continue
		}
		if msg := insideRepo(root, w, false); msg != "" {
			return "it " + msg
		}
	}
	return ""
}

// insideRepo says why path (relative to root, or absolute) is not a file inside the repository
// at root, "" when it is: cleaned, it must lie under root, and when it exists, so must the file
// its symbolic links lead to. must says the file must exist and be a regular file.
func insideRepo(root, path string, must bool) string {
	p, abs := absWord(root, path)
	if !abs {
		p = filepath.Join(root, path)
	}
	p = filepath.Clean(p)
	if !within(root, p) {
		return fmt.Sprintf("names %s, outside the repository %s (a project hook may name only files inside it)", path, root)
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		if must {
			return fmt.Sprintf("%s cannot be read: %v%s", p, unwrapPath(err), rootHint(root, p))
		}
		return ""
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	if !within(realRoot, real) {
		return fmt.Sprintf("%s leads out of the repository through a symbolic link, to %s", p, real)
	}
	if must {
		if fi, err := os.Stat(real); err != nil || !fi.Mode().IsRegular() {
			return fmt.Sprintf("%s is not a file", p)
		}
	}
	return ""
}

// rootHint reminds that a project's paths start at the repository's root, not at
// .agent-hooks/ (where the config is), and names the file there when that is what was meant;
// p is the missing file's path, inside root.
func rootHint(root, p string) string {
	hint := fmt.Sprintf(" (a project's commands are relative to the repository's root, %s", root)
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return hint + ")"
	}
	under := filepath.Join(".agent-hooks", rel)
	if fi, err := os.Stat(filepath.Join(root, under)); err == nil && fi.Mode().IsRegular() {
		return hint + fmt.Sprintf(": did you mean %s?)", filepath.ToSlash(under))
	}
	return hint + ")"
}

// within reports whether p is dir or lies under it (both clean and absolute).
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

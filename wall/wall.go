// Package wall builds the kernel wall: one table of the paths a process tree under it cannot
// write, enforced by Landlock on Linux and by a Seatbelt profile on macOS (SPEC 24.1, 28.5).
package wall

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// Set is what the wall protects. The caller computes it (the hookctl home, hookctl's binary
// folder, the guard PATH folders, the agent files it may wall); paths are absolute.
type Set struct {
	// Trees are folders nothing below which may be written, made, removed or renamed.
	Trees []string
	// Files are single files that may not be written, replaced, removed or renamed.
	Files []string
	// Open are paths below a tree that stay writable (the audit log's folder, SPEC 28.16).
	Open []string
}

// Kind says what a row of the table is.
type Kind string

// The kinds of row.
const (
	KindTree Kind = "tree"
	KindFile Kind = "file"
	KindOpen Kind = "open"
)

// Row is one line of the wall's table: a path and the rights refused (none for KindOpen).
type Row struct {
	Path    string
	Kind    Kind
	Refused landlock.AccessFSSet
	// Missing is set when the path does not exist; Cover is then its nearest existing folder,
	// in which nothing new can be made, so the path cannot appear under the wall (SPEC 28.21).
	Missing bool
	Cover   string
}

// Rights the wall handles: exactly the write side of the filesystem (SPEC 28.12), and, where
// the kernel's ABI has it (9), connects to named (pathname) unix sockets (SPEC 28.15). Read,
// execute, IOCTL_DEV and the network are never handled.
const (
	fileWrites landlock.AccessFSSet = ll.AccessFSWriteFile | ll.AccessFSTruncate
	dirWrites  landlock.AccessFSSet = ll.AccessFSRemoveDir | ll.AccessFSRemoveFile |
		ll.AccessFSMakeChar | ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSock |
		ll.AccessFSMakeFifo | ll.AccessFSMakeBlock | ll.AccessFSMakeSym | ll.AccessFSRefer
	// Writes is every write-side right.
	Writes = fileWrites | dirWrites
	// handled is what the wall asks the kernel to handle, cut to the kernel's ABI.
	handled = Writes | ll.AccessFSResolveUnix
	// fileRights are the rights Landlock accepts on a rule for something not a folder.
	fileRights landlock.AccessFSSet = fileWrites | ll.AccessFSResolveUnix
)

// Table is the wall's one table: each walled path with the rights refused there, each open
// path, in path order. Paths are cleaned; a symlink's target is walled too, but an open path
// is never followed: a link there opens nothing (a link planted at config.yaml that names the
// allowlist must not open the allowlist), and a path both walled and open is walled.
func Table(s Set) []Row {
	var rows []Row
	add := func(kind Kind, paths []string) {
		for _, p := range paths {
			targets := withTarget(p)
			if kind == KindOpen {
				targets = targets[:1]
			}
			for _, q := range targets {
				r := Row{Path: q, Kind: kind}
				if kind != KindOpen {
					r.Refused = Writes
				}
				if _, err := os.Lstat(q); err != nil {
					r.Missing, r.Cover = true, nearestFolder(q)
				}
				rows = append(rows, r)
			}
		}
	}
	add(KindTree, s.Trees)
	add(KindFile, s.Files)
	add(KindOpen, s.Open)
	slices.SortStableFunc(rows, func(a, b Row) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return bool2int(a.Kind == KindOpen) - bool2int(b.Kind == KindOpen)
	})
	return slices.CompactFunc(rows, func(a, b Row) bool { return a.Path == b.Path })
}

// withTarget returns p cleaned and, when a symlink lies on its way, the path it resolves to
// (as far as it exists): the wall must cover the link's name and what it names.
func withTarget(p string) []string {
	p = filepath.Clean(p)
	out := []string{p}
	real := resolveExisting(p)
	if real != p {
		out = append(out, real)
	}
	return out
}

// resolveExisting resolves symlinks in the longest existing prefix of p and joins the rest.
func resolveExisting(p string) string {
	rest := ""
	for cur := p; ; cur = filepath.Dir(cur) {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		if cur == filepath.Dir(cur) {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
	}
}

// nearestFolder is the closest existing folder above p.
func nearestFolder(p string) string {
	for cur := filepath.Dir(p); ; cur = filepath.Dir(cur) {
		if fi, err := os.Stat(cur); err == nil && fi.IsDir() {
			return cur
		}
		if cur == filepath.Dir(cur) {
			return cur
		}
	}
}

// within reports whether p is root or below it.
func within(p, root string) bool {
	if root == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == root || strings.HasPrefix(p, root+"/")
}

// plan decides, from the table, what the wall does at one path of the walk from /.
type plan int

const (
	grant   plan = iota // every write right, for it and all below
	skip                // nothing: it is walled
	descend             // a walled or open path lies below: decide for each entry
)

// decide is the allow-list's construction (Landlock can only grant, never take away below a
// grant): a path with nothing walled below it is granted the writes; a walled path with nothing
// open below it gets nothing; any other path is walked into. The folders on the way down to a
// walled path are therefore granted nothing themselves: nothing in them can be made, removed or
// renamed, which is what keeps the walled path (and its parents) from being moved away.
func decide(rows []Row, p string) plan {
	var deepest *Row
	walledBelow, openBelow := false, false
	for i, r := range rows {
		switch {
		case within(p, r.Path):
			if deepest == nil || len(r.Path) > len(deepest.Path) {
				deepest = &rows[i]
			}
		case within(r.Path, p):
			if r.Kind == KindOpen {
				openBelow = true
			} else {
				walledBelow = true
			}
		}
	}
	writable := deepest == nil || deepest.Kind == KindOpen
	switch {
	case writable && !walledBelow:
		return grant
	case !writable && !openBelow:
		return skip
	}
	return descend
}

// Describe names rights in plain words, for --status and the docs.
func Describe(a landlock.AccessFSSet) string {
	var words []string
	for _, w := range []struct {
		bits landlock.AccessFSSet
		word string
	}{
		{ll.AccessFSWriteFile, "write"},
		{ll.AccessFSTruncate, "truncate"},
		{ll.AccessFSMakeReg | ll.AccessFSMakeDir | ll.AccessFSMakeSym | ll.AccessFSMakeSock | ll.AccessFSMakeFifo | ll.AccessFSMakeChar | ll.AccessFSMakeBlock, "create"},
		{ll.AccessFSRemoveFile | ll.AccessFSRemoveDir, "remove"},
		{ll.AccessFSRefer, "rename or link out"},
	} {
		if a&w.bits != 0 {
			words = append(words, w.word)
		}
	}
	return strings.Join(words, ", ")
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Parents lists the folders above the walled paths (the open ones left out), each once,
// nearest first for each path up to the root, separated by spaces: what `wall --status` says
// the wall leaves writable for files already there.
func Parents(rows []Row) string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rows {
		if r.Kind == KindOpen {
			continue
		}
		for p := filepath.Dir(r.Path); !seen[p]; p = filepath.Dir(p) {
			seen[p] = true
			out = append(out, p)
			if p == filepath.Dir(p) {
				break
			}
		}
	}
	return strings.Join(out, " ")
}

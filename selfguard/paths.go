package selfguard

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// A target is one protected path in the forms a name may take: as given, cleaned, and with its
// symlinks resolved.
type target struct {
	name     string
	forms    []string
	settings bool
	tree     bool // a name inside the path is the path's too (Protected.Trees)
}

// matcher decides whether a name in the call names a protected path. The protected paths are
// resolved on the first question only, so a call that names no path costs no system call.
type matcher struct {
	p       Protected
	c       Call
	targets []target
	// except are Protected.Except, cleaned, and with their folder's links resolved: never the
	// file's own, so that an excepted name that is a link does not except the file it leads to.
	except []string
	ready  bool
	memo   map[string]resolved
	// components are the names along the protected paths, for mayName's cheap first test.
	components map[string]bool
	// ctx ends the judgement; units is the work left (see budgetFor).
	ctx   context.Context
	units int
	tick  int
	// payloadCwd is the payload's folder when the tool input names its own (see toolFolder):
	// a relative name in a command is read against both.
	payloadCwd string
	// binaries remembers which program files are builds of hookctl (hookctlbin.go).
	binaries map[string]bool
	// finals remembers what the system said each name leads to ("" for nothing).
	finals map[string]string
}

func newMatcher(p Protected, c Call) *matcher {
	return &matcher{p: p, c: c, ctx: context.Background(), units: budgetFor(len(c.Input))}
}

// prepare resolves the protected paths once.
func (m *matcher) prepare() {
	if m.ready {
		return
	}
	m.ready = true
	add := func(list []string, settings, tree bool) {
		for _, p := range list {
			if p == "" {
				continue
			}
			abs := m.abs(p, m.c.Cwd)
			m.targets = append(m.targets, target{name: p, forms: m.forms(abs), settings: settings, tree: tree})
		}
	}
	add(m.p.Dirs, false, false)
	add(m.p.Trees, false, true)
	add(m.p.Files, false, false)
	add(m.p.Settings, true, false)
	for _, p := range m.p.Except {
		if p != "" {
			clean := sysClean(m.abs(p, m.c.Cwd))
			dir, _ := m.resolve(filepath.Dir(clean), 0)
			m.except = append(m.except, fold(clean), fold(filepath.Join(dir, filepath.Base(clean))))
		}
	}
}

// excepted reports whether the name c (one of its forms) is exactly a file of Protected.Except.
func (m *matcher) excepted(c string) bool {
	return slices.Contains(m.except, c)
}

// A hit is what a name was found to name.
type hit struct {
	target   string // the protected path, as the caller gave it
	settings bool   // the name is exactly a Settings file (an edit of it may be judged by content)
}

// names reports which protected path the name s names, read relative to cwd: the path itself,
// or a folder that contains it. glob says s is a pattern (an unquoted *, ?, [ or a part of the
// word that cannot be known).
func (m *matcher) names(s, cwd string, glob bool) (hit, bool) {
	if s == "" || len(s) > 4096 || strings.IndexByte(s, 0) >= 0 {
		return hit{}, false
	}
	m.prepare()
	if len(m.targets) == 0 {
		return hit{}, false
	}
	abs := m.abs(s, cwd)
	var candidates []string
	if glob {
		candidates = []string{fold(sysClean(abs))}
		if prefix, rest := globPrefix(abs); prefix != "" {
			if real, _ := m.resolve(prefix, 0); real != prefix {
				candidates = append(candidates, fold(filepath.Join(real, rest)))
			}
		}
	} else {
		candidates = m.forms(abs)
	}
	for _, t := range m.targets {
		for _, f := range t.forms {
			for _, c := range candidates {
				if glob {
					if globNames(c, f) || t.tree && globWithin(c, f) {
						return hit{target: t.name}, true
					}
					continue
				}
				if c == f {
					return hit{target: t.name, settings: t.settings}, true
				}
				if contains(c, f) || t.tree && contains(f, c) && !m.excepted(c) {
					return hit{target: t.name}, true
				}
			}
		}
	}
	return hit{}, false
}

// abs makes s absolute: ~ and $HOME from the call's Home, relative against cwd.
func (m *matcher) abs(s, cwd string) string {
	s = expandHome(s, m.c.Home)
	if filepath.IsAbs(s) {
		return s
	}
	if cwd == "" {
		cwd = m.c.Cwd
	}
	if a, ok := rootedAbs(s, cwd); ok {
		return a
	}
	if cwd == "" {
		// No folder to read it against: the root is the folder that contains everything,
		// so the name is judged as strictly as it can be.
		cwd = string(filepath.Separator)
	}
	return cwd + string(filepath.Separator) + s
}

// expandHome expands a leading ~, ~user, $HOME or ${HOME}.
func expandHome(s, home string) string {
	if home == "" {
		return s
	}
	if h, ok := expandSysHome(s, home); ok {
		return h
	}
	switch {
	case s == "~" || s == "$HOME" || s == "${HOME}":
		return home
	case strings.HasPrefix(s, "~/"):
		return home + s[1:]
	case strings.HasPrefix(s, "$HOME/"):
		return home + s[5:]
	case strings.HasPrefix(s, "${HOME}/"):
		return home + s[7:]
	case strings.HasPrefix(s, "~"):
		// ~user: read as a home beside the person's own, the common layout.
		user, rest, _ := strings.Cut(s[1:], "/")
		return filepath.Join(filepath.Dir(home), user, rest)
	}
	return s
}

// forms returns the cleaned path and, when they differ, the path with its symlinks resolved
// and the path the system says it leads to (on Windows: junctions and short names, winFinal).
func (m *matcher) forms(abs string) []string {
	clean := sysClean(abs)
	if lexicalDots {
		abs = clean // Windows reads .. before it walks a name, links or not
	}
	real, _ := m.resolve(abs, 0)
	out := []string{fold(clean)}
	if real != clean {
		out = append(out, fold(real))
	}
	if final, ok := m.final(clean); ok && !slices.Contains(out, fold(final)) {
		out = append(out, fold(final))
	}
	return out
}

// final is what the system says the cleaned name leads to (sysFinal), asked once per name.
func (m *matcher) final(clean string) (string, bool) {
	if f, ok := m.finals[clean]; ok {
		return f, f != ""
	}
	if m.finals == nil {
		m.finals = map[string]string{}
	}
	f, _ := sysFinal(clean)
	m.finals[clean] = f
	return f, f != ""
}

// resolved is one looked-up path: its real path, and whether it exists.
type resolved struct {
	real    string
	missing bool
}

// resolve resolves the symlinks of abs as the kernel walks it, component by component (a ..
// after a symlink leaves the symlink's target); past the first missing component the rest is
// appended as it is. Lookups are kept for the call, so the protected paths and the names
// judged against them share one Lstat per folder.
func (m *matcher) resolve(abs string, hops int) (string, bool) {
	vol := filepath.VolumeName(abs)
	sep := string(filepath.Separator)
	cur := vol + sep
	missing := false
	for _, comp := range strings.Split(abs[len(vol):], sep) {
		switch comp {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, comp)
		if missing {
			cur = next
			continue
		}
		r := m.lookup(next, hops)
		cur, missing = r.real, r.missing
	}
	return cur, missing
}

// maxHops bounds the symlinks followed for one name, as the kernel's ELOOP does.
const maxHops = 40

func (m *matcher) lookup(p string, hops int) resolved {
	if r, ok := m.memo[p]; ok {
		return r
	}
	if m.memo == nil {
		m.memo = map[string]resolved{}
	}
	r := resolved{real: p}
	fi, err := os.Lstat(p)
	switch {
	case err != nil:
		r.missing = true
	case fi.Mode()&os.ModeSymlink != 0 && hops < maxHops:
		if dest, err := os.Readlink(p); err == nil {
			if !filepath.IsAbs(dest) {
				dest = filepath.Join(filepath.Dir(p), dest)
			}
			r.real, r.missing = m.resolve(dest, hops+1)
		}
	}
	m.memo[p] = r
	return r
}

// contains reports whether folder dir contains path p.
func contains(dir, p string) bool {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return strings.HasPrefix(p, dir) && p != dir
	}
	return len(p) > len(dir) && p[len(dir)] == filepath.Separator && strings.HasPrefix(p, dir)
}

// globPrefix splits a pattern at the last separator before its first wildcard.
func globPrefix(pattern string) (prefix, rest string) {
	i := strings.IndexAny(pattern, "*?[")
	if i < 0 {
		return "", ""
	}
	j := strings.LastIndexByte(pattern[:i], filepath.Separator)
	if j <= 0 {
		return "", ""
	}
	return pattern[:j], pattern[j+1:]
}

// globNames reports whether the pattern matches p or a folder containing p.
func globNames(pattern, p string) bool {
	depth := strings.Count(pattern, string(filepath.Separator))
	anc := p
	for strings.Count(anc, string(filepath.Separator)) > depth {
		anc = filepath.Dir(anc)
	}
	ok, err := filepath.Match(pattern, anc)
	// A pattern the matcher cannot read is taken to match.
	return ok || err != nil
}

// globWithin reports whether the pattern may match a path inside dir: its leading components,
// as many as dir has, match dir.
func globWithin(pattern, dir string) bool {
	sep := string(filepath.Separator)
	parts := strings.Split(pattern, sep)
	depth := strings.Count(dir, sep) + 1
	if len(parts) <= depth {
		return false
	}
	ok, err := filepath.Match(strings.Join(parts[:depth], sep), dir)
	return ok || err != nil
}

// fold makes names compare as the file system does: without case on macOS and Windows.
func fold(s string) string {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return strings.ToLower(s)
	}
	return s
}

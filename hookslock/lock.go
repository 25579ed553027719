// Package hookslock reads, writes and checks a project's hooks.lock: each project hook's
// event, command and the sha256 of every file of the repository it runs, reviewed and
// committed like a lock file, so that a CI job approves exactly the hooks that were reviewed
// (SPEC 20, 23.7). Only `hooks lock` and `hooks approve --from-lock` read or write it; `run`
// never does, so an agent that edits a guard or the lock during a job gains nothing.
package hookslock

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/internal/lazy"
	"gopkg.in/yaml.v3"
)

// Name is the lock's path inside the repository.
const Name = ".agent-hooks/hooks.lock"

// MaxSize bounds the lock hookctl reads: a lock of a few hundred hooks is a few KiB.
const MaxSize = 1 << 20

// Header opens every lock hookctl writes.
const Header = `# hooks.lock: the project's hooks as they were reviewed, written by ` + "`hookctl hooks lock`" + `.
# Review and commit it with .agent-hooks/. In CI, ` + "`hookctl hooks approve --from-lock`" + ` (before
# the agent starts) approves exactly the hooks below whose files still match. Do not edit it by
# hand: change the hooks, then run ` + "`hookctl hooks lock`" + ` again.
`

// Version is the only lock format this hookctl reads and writes.
const Version = 1

// Lock is a project's reviewed hooks, sorted by event, then command, then matcher.
type Lock struct {
	Version int    `yaml:"version"`
	Hooks   []Hook `yaml:"hooks"`
}

// Hook is one locked project hook: what its approval is keyed by, and its files.
type Hook struct {
	Event   string `yaml:"event"`
	Command string `yaml:"command"`
	// Matcher and Dialect are part of a hook's approval (SPEC 23.4): another matcher or
	// dialect is another hook.
	Matcher string `yaml:"matcher,omitempty"`
	Dialect string `yaml:"dialect,omitempty"`
	// Guard marks a fail_closed hook: one whose files differ is recorded as a guard not in
	// force, which blocks.
	Guard bool `yaml:"guard,omitempty"`
	// Files are the files of the repository the hook runs, its script first then sorted by
	// path, with their content's sha256.
	Files []File `yaml:"files"`
}

// File is one pinned file: its path relative to the repository, with forward slashes.
type File struct {
	Path   string `yaml:"path"`
	SHA256 string `yaml:"sha256"`
}

var sha256HexOnce lazy.Value[*regexp.Regexp]

// sha256Hex is compiled at first use: compiled at start-up it was about 1% of the CPU time of
// hookctl wall -- true (perf), which never reads a lock file.
func sha256Hex() *regexp.Regexp {
	return sha256HexOnce.Get(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9a-f]{64}$`) })
}

// Read parses a lock. Anything but exactly the format Marshal writes in meaning (known keys,
// version 1, relative clean paths inside the repository, sha256 in lowercase hex, no hook
// twice) is an error: a lock hookctl cannot read in full approves nothing.
func Read(data []byte) (Lock, error) {
	var l Lock
	if len(data) > MaxSize {
		return l, fmt.Errorf("the lock is %d bytes, more than %d", len(data), MaxSize)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&l); err != nil {
		return Lock{}, fmt.Errorf("reading the lock: %w", err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return Lock{}, errors.New("the lock holds more than one YAML document")
	}
	if l.Version != Version {
		return Lock{}, fmt.Errorf("the lock is version %d: this hookctl reads version %d (run hookctl hooks lock with this hookctl)", l.Version, Version)
	}
	if err := l.check(); err != nil {
		return Lock{}, err
	}
	return l, nil
}

// check reports the first entry that breaks the format's rules.
func (l Lock) check() error {
	for i, h := range l.Hooks {
		where := fmt.Sprintf("hooks[%d]", i)
		switch {
		case h.Event == "" || strings.ContainsAny(h.Event, "\x00\n\r"):
			return fmt.Errorf("%s: no event", where)
		case strings.TrimSpace(h.Command) == "" || strings.ContainsAny(h.Command, "\x00\n\r"):
			return fmt.Errorf("%s (%s): no command on one line", where, h.Event)
		case strings.ContainsAny(h.Matcher+h.Dialect, "\x00\n\r"):
			return fmt.Errorf("%s (%s %s): a matcher or dialect of more than one line", where, h.Event, h.Command)
		}
		for j, f := range h.Files {
			if err := CheckPath(f.Path); err != nil {
				return fmt.Errorf("%s.files[%d]: %w", where, j, err)
			}
			if !sha256Hex().MatchString(f.SHA256) {
				return fmt.Errorf("%s.files[%d] (%s): sha256 %q is not 64 lowercase hex digits", where, j, f.Path, f.SHA256)
			}
			if slices.ContainsFunc(h.Files[:j], func(o File) bool { return o.Path == f.Path }) {
				return fmt.Errorf("%s: %s is listed twice", where, f.Path)
			}
		}
		for _, o := range l.Hooks[:i] {
			if o.key() == h.key() {
				return fmt.Errorf("%s: the %s hook %q is locked twice", where, h.Event, h.Command)
			}
		}
	}
	return nil
}

// CheckPath checks a locked file's path: relative to the repository, forward slashes, clean,
// never leaving it.
func CheckPath(p string) error {
	switch {
	case p == "" || strings.ContainsAny(p, "\x00\n\r\\"):
		return fmt.Errorf("path %q is not a file's path", p)
	case strings.HasPrefix(p, "/"):
		return fmt.Errorf("path %s is absolute: a lock pins only files inside the repository", p)
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." {
			return fmt.Errorf("path %s is not clean and inside the repository", p)
		}
	}
	return nil
}

// key is what tells two locked hooks apart.
type key struct{ event, command, matcher, dialect string }

func (h Hook) key() key { return key{h.Event, h.Command, h.Matcher, h.Dialect} }

// Sort puts the hooks in the lock's order: by event, command, matcher, then dialect.
func (l *Lock) Sort() {
	slices.SortStableFunc(l.Hooks, func(a, b Hook) int {
		return cmp.Or(strings.Compare(a.Event, b.Event), strings.Compare(a.Command, b.Command),
			strings.Compare(a.Matcher, b.Matcher), strings.Compare(a.Dialect, b.Dialect))
	})
}

// Marshal writes the lock: the header, then the hooks in the lock's order, each field on a
// line of its own, so a change to one hook is a change to its own lines in a review.
func (l Lock) Marshal() []byte {
	l.Version = Version
	l.Hooks = slices.Clone(l.Hooks)
	l.Sort()
	if l.Hooks == nil {
		l.Hooks = []Hook{}
	}
	var b bytes.Buffer
	b.WriteString(Header)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(l); err != nil {
		panic("hookslock: encoding a lock: " + err.Error()) // plain strings, ints and bools always encode
	}
	_ = enc.Close()
	return b.Bytes()
}

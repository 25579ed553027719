package consent

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/safefile"
)

// The system layer (SPEC 18.2, 23.3): hooks root keeps in config.SystemDir, approved by root
// in the allowlist beside them, their guards in the record beside that. It is trusted by
// ownership, as ssh's StrictModes trusts a key: the folders on the way, the config, the
// allowlist, the record and every file a system hook names must be root's and writable by
// neither group nor others. Nothing of the person's (variables, flags, their config, their
// allowlist) is read to load it or can move it.

// System is the system layer as a run sees it.
type System struct {
	Loc config.Locations
	// Config is the system config, every hook marked config.LayerSystem; nil when Err is set.
	Config *config.Config
	// Allowlist holds root's approvals of system hooks; Guards is the system guard record.
	Allowlist *Allowlist
	Guards    []Guard
	// Err says why the layer cannot be read or trusted (it names the file and what is wrong).
	// Its guards are then unknown: every event a guard could cover must block, with Err as
	// the reason.
	Err error
}

// NewSystemStore is the store of the system allowlist (and guard record): written with modes
// that every person can read and only root can write, and trusted only when root owns it and
// its folders.
func NewSystemStore() *Store {
	loc, _ := config.SystemLocations()
	return &Store{Path: loc.Allowlist, System: true}
}

// LoadSystem reads the system layer for a run of event ("" for every event, as list and
// doctor read it): its config, approvals and guards. home is the person's HOME, from which
// alone a system command's ~ and $HOME expand (config.SystemLookup). With no system folder it
// returns nil after one failed stat, and reads nothing else (SPEC 23.13).
func LoadSystem(home, event string) *System {
	loc, ok := config.SystemLocations()
	if !ok {
		return nil
	}
	if _, err := os.Lstat(loc.Home); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return &System{Loc: loc, Err: fmt.Errorf("reading the system folder %s: %w", loc.Home, err)}
	}
	return loadSystem(loc, home, event)
}

func loadSystem(loc config.Locations, home, event string) *System {
	sys := &System{Loc: loc}
	if err := safefile.CheckRootOwned(loc.Home); err != nil {
		sys.Err = fmt.Errorf("the system folder cannot be trusted: %w", err)
		return sys
	}
	cfg, err := loadSystemConfig(home, event)
	if err != nil {
		sys.Err = err
		return sys
	}
	store := &Store{Path: loc.Allowlist, System: true}
	list, err := store.Load()
	if err != nil {
		sys.Err = fmt.Errorf("the system allowlist cannot be trusted: %w", err)
		return sys
	}
	guards, err := store.Guards()
	if err != nil {
		sys.Err = fmt.Errorf("the system guard record cannot be trusted: %w", err)
		return sys
	}
	sys.Config, sys.Allowlist, sys.Guards = cfg, list, guards
	return sys
}

// loadSystemConfig reads the system config.yaml as the system layer is read (config.Layers):
// checked as opened, a missing one has no hooks.
func loadSystemConfig(home, event string) (*config.Config, error) {
	layer, ok := config.LayerOf(config.Layers(config.Sources{PersonHome: home, Event: event}), config.LayerSystem)
	if !ok {
		return nil, errors.New("this platform has no system level")
	}
	return layer.Read()
}

// checkTrust checks the file read (as opened, fi) and its folder: the person's own (or root's)
// and writable by no one else; for the system store, root's alone, with every folder up to /.
func (s *Store) checkTrust(path string, fi fs.FileInfo) error {
	if !s.System {
		if err := checkFile(path, fi); err != nil {
			return err
		}
		return checkFolder(path)
	}
	if err := safefile.CheckRootOwnedInfo(path, fi); err != nil {
		return &UntrustedError{Err: ErrWritable, Problem: err.Error(),
			Fix: "as root: chown root:root and chmod go-w the file and its folders, then check what was approved (hookctl hooks list)"}
	}
	return nil
}

// ErrSystemHook marks a system hook that is not in force: a file it names, or a program it
// runs, could be changed by someone other than root.
var ErrSystemHook = errors.New("system hook not in force")

// CheckSystemHook says whether a system hook may be in force (SPEC 18.2, 23.3): every program it
// runs resolves to an absolute root-owned path (a bare name through config.SystemPath, a `#!`
// interpreter, and the program `#!/usr/bin/env` names, included), and every file its command
// names by a path (the script, a program's argument, a NAME=value word's value) is root's and
// writable by neither group nor others, with its folders. The error wraps ErrSystemHook and names the
// first offending file and why.
func CheckSystemHook(h config.Hook) error {
	fail := func(err error) error {
		return fmt.Errorf("%w: %s: %w", ErrSystemHook, h.Command, err)
	}
	if h.URL != "" {
		return fail(errors.New("a url hook cannot be a system hook (nothing on this machine vouches for what answers)"))
	}
	if len(h.Argv) == 0 {
		return fail(errors.New("it runs no program"))
	}
	prog, err := systemProgram(h.Argv[0])
	if err != nil {
		return fail(err)
	}
	if err := checkProgram(prog, 0); err != nil {
		return fail(err)
	}
	words := append([]string{}, h.Argv[1:]...)
	for _, kv := range h.Env {
		_, v, _ := strings.Cut(kv, "=")
		words = append(words, v)
	}
	if h.Script != "" {
		words = append(words, h.Script)
	}
	for _, w := range words {
		if !strings.Contains(w, "/") {
			continue
		}
		if _, err := os.Stat(w); err != nil {
			if w == h.Script {
				return fail(fmt.Errorf("its script %s cannot be read: %w", w, err))
			}
			continue // not a file: an argument such as a URL or a pattern
		}
		if err := checkProgram(w, 0); err != nil {
			return fail(err)
		}
	}
	return nil
}

// systemProgram resolves a command's program: a path must be absolute (config resolves a
// relative one against the config's folder), a bare name is looked up on config.SystemPath
// alone, whatever the person's PATH says.
func systemProgram(name string) (string, error) {
	if strings.Contains(name, "/") {
		if !filepath.IsAbs(name) {
			return "", fmt.Errorf("its program %s is not an absolute path", name)
		}
		return name, nil
	}
	for _, dir := range filepath.SplitList(config.SystemPath) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("its program %s is not found on %s", name, config.SystemPath)
}

// maxInterpreters bounds the chain of `#!` lines followed, as the kernel bounds it.
const maxInterpreters = 4

// checkProgram checks the file at path and, when it starts with `#!`, its interpreter (and the
// program an env interpreter runs).
func checkProgram(path string, depth int) error {
	if err := safefile.CheckRootOwned(path); err != nil {
		return err
	}
	interp, args, err := shebang(path)
	if err != nil || interp == "" {
		return err
	}
	if depth >= maxInterpreters {
		return fmt.Errorf("%s: too many #! interpreters in a row", path)
	}
	if !filepath.IsAbs(interp) {
		return fmt.Errorf("%s: its #! interpreter %s is not an absolute path", path, interp)
	}
	if err := checkProgram(interp, depth+1); err != nil {
		return fmt.Errorf("%s: its #! interpreter: %w", path, err)
	}
	if filepath.Base(interp) != "env" {
		return nil
	}
	a := envProgram(args)
	if a == "" {
		return nil
	}
	prog, err := systemProgram(a)
	if err != nil {
		return fmt.Errorf("%s: #!%s: %w", path, interp, err)
	}
	if err := checkProgram(prog, depth+1); err != nil {
		return fmt.Errorf("%s: the program its #! line runs: %w", path, err)
	}
	return nil
}

// shebang reads the `#!` line of the file at path: its interpreter and arguments, "" when the
// file does not start with one (a binary, or a folder).
func shebang(path string) (interp string, args []string, err error) {
	f, fi, err := safefile.Open(path)
	if errors.Is(err, safefile.ErrNotRegular) && fi != nil && fi.IsDir() {
		return "", nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	buf := make([]byte, 256) // the kernel reads no more of a #! line
	n, _ := f.Read(buf)
	line, _, _ := bytes.Cut(buf[:n], []byte("\n"))
	rest, ok := bytes.CutPrefix(line, []byte("#!"))
	if !ok {
		return "", nil, nil
	}
	fields := strings.Fields(string(rest))
	if len(fields) == 0 {
		return "", nil, fmt.Errorf("%s: an empty #! line", path)
	}
	return fields[0], fields[1:], nil
}

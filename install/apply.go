package install

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"

	"github.com/hookctl/hookctl/internal/safefile"
)

// Target is one agent's settings file and the entries hookctl keeps in it.
type Target struct {
	Agent string
	Path  string
	// BackupDir is where the backup of the file is kept (BackupPath); "" keeps it beside the
	// file. A project's file has its backup in the person's hookctl home, so that the
	// repository holds only what the team commits.
	BackupDir string
	Layout    Layout
	// Command is the command line of hookctl's entries (CommandLine), quoted for Shell, to
	// which each entry adds its deadline (EntryCommand). Err says why there is none: Install
	// returns it.
	Command string
	Shell   Shell
	Err     error
	// Name is this hookctl binary's file name, to recognise its entries (IsOwnCommand).
	Name string
	// Comments says the agent reads comments in the file (Gemini CLI): hookctl reads them
	// too, and keeps them byte for byte.
	Comments bool
	// HookSettings are the keys of the hooks object that are not events (the registration's).
	HookSettings []string
	// Portable marks a project's committed wiring (RunFlags.ProjectWiring): each entry finds
	// hookctl on PATH and refuses the call where there is none (portable.go).
	Portable bool
	// EventArg makes each entry's command name its event (CommandFor).
	EventArg bool
	// HookFiles says Path is a folder of executables named after the events (Cline); Events
	// are the agent's events, the names of the files install may own there.
	HookFiles bool
	Events    []string
	// Plugin says Path is a plugin folder, where install writes hookctl's plugin (plugin.go).
	Plugin bool
	// System marks the agent's administrator file (SystemTarget); Mode is the mode of a file
	// the target creates (0: 0600); Switch is the agent's managed-only key to set to true
	// (install --managed-only), "" to leave it as it was before hookctl first wrote the file.
	System bool
	Mode   fs.FileMode
	Switch string
	// SwitchOn sets Switch to true; without it, Switch is put back as it was before hookctl
	// first wrote the file (its backup says how).
	SwitchOn bool
	// Pin is a key of the administrator file that keeps the agent's hooks on (HooksPin; a path
	// such as "hooks.hooksDisabled" for a key inside an object), set to PinValue while PinOn,
	// and put back as it was on uninstall.
	Pin      string
	PinValue any
	PinOn    bool
	// Wall is the value of Claude Code's CLAUDE_CODE_SHELL_PREFIX that runs its commands behind
	// the wall (WallPrefix); WallMode says whether install writes it, takes hookctl's own out
	// or leaves it as it is.
	Wall     string
	WallMode WallMode
	// Fail is the agent's fail-closed switch every entry carries (wiredFailSwitch); nil: none.
	Fail *FailSwitch
	// Folders is the record of the folders install created (FoldersPath): install adds those it
	// makes, and uninstall removes those it leaves empty. "" records none and removes none.
	Folders string
}

// Want is one entry install keeps: an agent event, its timeout in the agent's unit, and the
// same in whole seconds, passed to hookctl as --deadline.
type Want struct {
	Event    string
	Timeout  int64
	Deadline int64
}

// Change is one entry of a Report.
type Change struct {
	Event   string `json:"event"`
	Command string `json:"command"`
	Timeout *int64 `json:"timeout"`
}

// Report says what install or uninstall did to a settings file (the `--json` shape).
type Report struct {
	Agent   string   `json:"agent"`
	File    string   `json:"file"`
	Changed bool     `json:"changed"`
	DryRun  bool     `json:"dry_run"`
	Created bool     `json:"created"` // the file did not exist before
	Deleted bool     `json:"deleted"` // uninstall removed the file install had created
	Backup  string   `json:"backup"`  // the backup written by this run, else ""
	Added   []Change `json:"added"`
	Updated []Change `json:"updated"`
	Kept    []Change `json:"kept"`
	Removed []Change `json:"removed"`
	// Diff is the change as a unified diff ("" when nothing changes).
	Diff string `json:"diff"`
	// Switch says what became of the agent's managed-only switch (install --system
	// --managed-only): "set", "restored", or "" when it did not change.
	Switch string `json:"switch,omitempty"`
	// Pin says what became of the key that keeps the agent's hooks on (HooksPin): "set",
	// "restored", or "" when it did not change.
	Pin string `json:"pin,omitempty"`
	// Wall says what became of the wall's prefix (install --wall): "set", "removed" or "".
	Wall string `json:"wall,omitempty"`
}

// BackupSuffix names the copy of a settings file kept before hookctl first wrote it. An empty
// backup means there was no file.
const BackupSuffix = ".hookctl-backup"

// BackupPath is where the copy of the target's file kept before hookctl first wrote it is:
// beside the file, or, with BackupDir, in that folder under a name made of the file's
// absolute path's hash and its name (two repositories' files never share one).
func (t Target) BackupPath() string {
	if t.BackupDir == "" {
		return t.Path + BackupSuffix
	}
	abs, err := filepath.Abs(t.Path)
	if err != nil {
		abs = t.Path
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(t.BackupDir, hex.EncodeToString(sum[:8])+"-"+filepath.Base(t.Path)+BackupSuffix)
}

// maxSettings bounds what is read: settings files are a few KiB.
const maxSettings = 16 << 20

// Install makes the target's hookctl entries exactly want: entries added, changed timeouts and
// commands updated in place, entries for other events removed, everything else in the file
// left byte for byte as it was.
func Install(t Target, want []Want, dryRun bool) (Report, error) {
	if t.Err != nil {
		return Report{}, t.Err
	}
	if t.Layout == Requirements {
		return applyRequirements(t, want, false, dryRun)
	}
	if t.HookFiles {
		return installFiles(t, want, false, dryRun)
	}
	if t.Plugin {
		return installPlugin(t, want, false, dryRun)
	}
	return apply(t, want, false, dryRun)
}

// Uninstall removes the target's hookctl entries, what install created to hold them, and the
// backup install kept; a file install created goes, and its folder when that leaves it empty.
func Uninstall(t Target, dryRun bool) (Report, error) {
	t.SwitchOn, t.PinOn, t.WallMode = false, false, WallDrop
	if t.Layout == Requirements {
		return applyRequirements(t, nil, true, dryRun)
	}
	if t.HookFiles {
		return installFiles(t, nil, true, dryRun)
	}
	if t.Plugin {
		return installPlugin(t, nil, true, dryRun)
	}
	return apply(t, nil, true, dryRun)
}

// apply reads the target's file, edits it and writes it back if it changed. A file that
// changes while it is edited (the agent itself writes its settings) is read again, up to three
// times, so that no one's change is lost.
func apply(t Target, want []Want, uninstall, dryRun bool) (Report, error) {
	for try := 0; ; try++ {
		r, err := applyOnce(t, want, uninstall, dryRun)
		if !errors.Is(err, errChanged) || try == 2 {
			return r, err
		}
	}
}

var errChanged = errors.New("changed while hookctl was editing it; run the command again")

func applyOnce(t Target, want []Want, uninstall, dryRun bool) (Report, error) {
	r := Report{Agent: t.Agent, File: t.Path, DryRun: dryRun, Added: []Change{}, Updated: []Change{}, Kept: []Change{}, Removed: []Change{}}
	old, fi, err := readSettings(t.Path)
	if err != nil {
		return r, err
	}
	b := readBackup(t.BackupPath(), t.Comments)
	out, changed, err := editText(old, t, want, b, &r)
	if err != nil || !changed {
		if err == nil && uninstall && !dryRun && b.ok {
			_ = os.Remove(t.BackupPath()) // no entry of hookctl's is left to undo
		}
		return r, err
	}
	if b.ok && b.prior == nil && isEmptyObject(out) {
		out, r.Deleted = nil, true
	}
	if uninstall && b.ok && b.prior != nil && jsonEqual(out, b.data) {
		out = b.data // the file as it was, byte for byte
	}
	r.Changed, r.Created = true, fi == nil
	r.Diff = unifiedDiff(t.Path, old, out, fi == nil, r.Deleted)
	if dryRun {
		return r, nil
	}
	if err := write(t, old, out, fi, b.ok, &r); err != nil {
		return r, err
	}
	if uninstall && b.ok {
		// Uninstall leaves nothing hookctl made (SPEC 22): the backup served to tell what
		// install had created, and the file has no entry of hookctl's left.
		_ = os.Remove(t.BackupPath())
	}
	if uninstall {
		t.removeMade(filepath.Dir(t.Path)) // the folders install made for the file, if now empty
	}
	return r, nil
}

// editText returns the settings text old (nil: no file) with the target's entries made want,
// and whether that changes it. It reads and writes nothing.
func editText(old []byte, t Target, want []Want, b backup, r *Report) ([]byte, bool, error) {
	blank := len(bytes.TrimSpace(old)) == 0
	text := old
	if blank {
		text = []byte("{\n}\n") // no file, or an empty one: nothing to keep
		if t.Layout.versioned() {
			text = []byte("{\n  \"version\": 1\n}\n")
		}
	}
	d, err := newDoc(text, t.Comments)
	if err != nil {
		return nil, false, fmt.Errorf("%s:%w (fix the file, then run the command again)", t.Path, err)
	}
	s := &settings{doc: d, path: t.Path, layout: t.Layout, keep: t.HookSettings}
	if err := converge(s, t, want, b, r); err != nil {
		return nil, false, err
	}
	if t.Switch != "" {
		if err := s.setSwitch(t.Switch, t.SwitchOn, b, r); err != nil {
			return nil, false, err
		}
	}
	if t.Pin != "" {
		if err := s.checkPin(t, b); err != nil {
			return nil, false, err
		}
		if err := s.setPin(t, b, &r.Pin); err != nil {
			return nil, false, err
		}
	}
	if err := s.setWall(t, b, r); err != nil {
		return nil, false, err
	}
	if blank && len(r.Added) == 0 && r.Switch == "" && r.Pin == "" && r.Wall == "" || !blank && bytes.Equal(s.data, old) {
		return old, false, nil
	}
	return s.data, true, nil
}

// readSettings reads the file at path; a missing file is (nil, nil, nil). A symbolic link is
// refused: replacing it would cut it, and writing through it would edit a file elsewhere.
func readSettings(path string) ([]byte, fs.FileInfo, error) {
	lfi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if lfi.Mode()&fs.ModeSymlink != 0 {
		dest, _ := os.Readlink(path)
		return nil, nil, fmt.Errorf("%s is a symbolic link to %s: hookctl does not edit through links; edit that file or replace the link with a copy", path, dest)
	}
	data, fi, err := safefile.ReadFile(path, maxSettings)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, fi, nil
}

// backup is the copy of a settings file kept before hookctl first wrote it.
type backup struct {
	ok    bool   // there is a backup that parses (an empty one included)
	data  []byte // its text
	prior *node  // its value; nil for an empty backup: there was no file
}

// readBackup reads the backup at path (Target.BackupPath). One that cannot be read or parsed
// says nothing (ok false), so nothing is removed on its word.
func readBackup(path string, comments bool) backup {
	data, _, err := safefile.ReadFile(path, maxSettings)
	if err != nil {
		return backup{}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return backup{ok: true, data: data}
	}
	n, err := parseDocComments(data, comments)
	if err != nil || n.kind != '{' {
		return backup{}
	}
	return backup{ok: true, data: data, prior: n}
}

// created reports whether install created the value at the path of keys: the backup says
// there was none. With no backup, nothing counts as created.
func (b backup) created(keys ...string) bool {
	if !b.ok {
		return false
	}
	n := b.prior
	for _, k := range keys {
		n = n.get(k)
	}
	return n == nil
}

func isEmptyObject(data []byte) bool {
	var v map[string]any
	return json.Unmarshal(data, &v) == nil && len(v) == 0
}

// write replaces the file (or removes it), keeping a backup of the first version hookctl
// changed. Nothing is left changed when it fails: the file is replaced in one rename, and a
// backup made for a write that failed is removed again.
func write(t Target, old, out []byte, fi fs.FileInfo, hasBackup bool, r *Report) error {
	path := t.Path
	mode := t.fileMode()
	if fi != nil {
		mode = fi.Mode().Perm()
	}
	// An administrator file's folder is made as the system level's is: on Windows an access list
	// of SYSTEM and Administrators, not ProgramData's, which lets every user add files.
	mkdir := t.mkdirAll
	if t.System {
		mkdir = safefile.MkdirSystem
	}
	if err := mkdir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("creating the folder of %s: %w", path, err)
	}
	if t.System {
		// Whoever could write the folder could replace the administrator file.
		if err := safefile.CheckRootOwned(filepath.Dir(path)); err != nil {
			return fmt.Errorf("%s cannot hold an administrator file: %w", filepath.Dir(path), err)
		}
	}
	if !sameFile(path, fi) {
		return fmt.Errorf("%s %w", path, errChanged)
	}
	backup := t.BackupPath()
	if !hasBackup && !r.Deleted {
		if _, err := os.Lstat(backup); errors.Is(err, fs.ErrNotExist) {
			if t.BackupDir != "" {
				if err := os.MkdirAll(t.BackupDir, 0o700); err != nil {
					return fmt.Errorf("keeping a backup of %s: %w", path, err)
				}
			}
			if err := safefile.WriteFile(backup, old, mode); err != nil {
				return fmt.Errorf("keeping a backup of %s: %w", path, err)
			}
			r.Backup = backup
		}
	}
	var err error
	if r.Deleted {
		err = os.Remove(path)
	} else {
		err = safefile.WriteFile(path, out, mode)
	}
	if err != nil {
		if r.Backup != "" {
			os.Remove(backup)
			r.Backup = ""
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// sameFile reports whether the file at path is still the one read (fi; nil: none).
func sameFile(path string, fi fs.FileInfo) bool {
	now, err := os.Lstat(path)
	if fi == nil || err != nil {
		return fi == nil && errors.Is(err, fs.ErrNotExist)
	}
	// Identity (device and inode; on Windows the creation time), size and times: a
	// replacement by rename or a write in place since the read both show.
	return safefile.StampOf(now) == safefile.StampOf(fi)
}

// unifiedDiff is the change from old to out as a unified diff; a file created or deleted is
// /dev/null on its missing side, as diff -N writes it.
func unifiedDiff(path string, old, out []byte, created, deleted bool) string {
	from, to := path, path
	if created {
		from = "/dev/null"
	}
	if deleted {
		to = "/dev/null"
	}
	return unified(from, to, old, out)
}

// jsonEqual reports whether two JSON texts hold the same value.
func jsonEqual(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

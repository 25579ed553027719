package consent

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/hookctl/hookctl/config"
)

// MaxScript bounds the file a hook's command may pin. It is hashed before every start and after
// every exit, so a command naming a disk image or a sparse file of a terabyte would otherwise
// hold every run (and hooks list) for minutes; hook scripts and programs are far smaller.
const MaxScript = 256 << 20

// PinScript reads the script file and records its sha256, size and mtime (UTC).
func PinScript(path string) (*ScriptPin, error) {
	f, err := OpenScript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return PinFile(path, f)
}

// PinFile pins the content of an open script, read from its start whatever its offset, so a
// runner can hash the very file it then runs, as often as it needs to.
func PinFile(path string, f *os.File) (*ScriptPin, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading script %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("reading script %s: not a regular file", path)
	}
	if fi.Size() > MaxScript {
		return nil, fmt.Errorf("reading script %s: %d bytes, too large to pin (the limit is %d MiB)", path, fi.Size(), MaxScript>>20)
	}
	h := sha256.New()
	// A buffer the script's size (most are a few KiB) rather than io.Copy's 32 KiB, which is
	// eight fresh pages to fault in, and a runner hashes twice: before the start, after the exit.
	buf := make([]byte, min(max(fi.Size()+1, 512), 32<<10))
	n, err := io.CopyBuffer(h, io.NewSectionReader(f, 0, MaxScript+1), buf)
	if err == nil && n > MaxScript {
		err = fmt.Errorf("more than %d MiB, too large to pin", MaxScript>>20)
	}
	if err != nil {
		return nil, fmt.Errorf("reading script %s: %w", path, err)
	}
	return &ScriptPin{
		Path:   path,
		SHA256: hex.EncodeToString(h.Sum(nil)),
		Size:   n,
		Mtime:  writableTime(fi.ModTime()),
	}, nil
}

// Script is a hook's script as it is now: the pin of its content, or why it could not be
// read, and the other files its command names by a path (config.Hook.Files), in that order.
// The zero value stands for a hook that pins nothing.
type Script struct {
	Pin   *ScriptPin
	Err   error
	Files []FileState
}

// ReadScript reads the hook's pinned script and files from their paths, for callers that run
// nothing.
func ReadScript(h config.Hook) Script {
	var s Script
	if h.Pinned() {
		s.Pin, s.Err = PinScript(h.Script)
	}
	if !h.Remote() {
		s.Files = ReadFiles(PinnedPaths(h))
	}
	return s
}

// Check is the consent verdict on one hook, with what changed since its approval.
type Check struct {
	Status Status
	// Approval is the approval of the hook's (event, command), nil when there is none.
	Approval *Approval
	// Current is the hook's script as it is now: nil when the hook is not pinned or its script
	// cannot be read.
	Current *ScriptPin
	// ContentChanged makes the status StatusChanged; MtimeChanged and MatcherChanged are only
	// worth a warning.
	ContentChanged, MtimeChanged, MatcherChanged bool
	// Missing says the approved script is gone (deleted or moved): the status is
	// StatusChanged, but a person is told "missing", since there is no content to compare.
	Missing bool
	// Reason explains the status for people; it is "" when the hook is approved and nothing
	// changed.
	Reason string
}

// Check says whether the hook may run. The key is (event, command); for a hook whose script is
// named by a path, the script is hashed now and must match the approved content, since an edit
// can keep the size and mtime.
func (a *Allowlist) Check(h config.Hook) Check {
	return a.CheckScript(h, ReadScript(h))
}

// CheckScript is Check judging the script as the caller read it: a runner passes the content
// of the file it holds open and will run, so what is judged is what runs.
func (a *Allowlist) CheckScript(h config.Hook, s Script) Check {
	var c Check
	var pinErr error
	if h.Pinned() {
		c.Current, pinErr = s.Pin, s.Err
		if c.Current == nil && pinErr == nil {
			pinErr = fmt.Errorf("reading script %s: not read", h.Script)
		}
	}
	ap := a.find(h.Event, h.Command)
	if ap == nil {
		c.Status, c.Reason = StatusNotApproved, "not approved"
		return c
	}
	c.Approval = ap
	c.Status = StatusApproved
	c.MatcherChanged = ap.Matcher != h.Matcher

	var changed, notes []string
	if h.Remote() && (ap.Script != nil || len(ap.Scripts) > 0) {
		// The same text approved as a command that ran a script does not approve a url.
		changed = append(changed, "approved as a command, not as a url")
		c.Status, c.ContentChanged = StatusChanged, true
	}
	if h.Remote() || ap.Remote != nil {
		if diff := remoteChanges(ap.Remote, remoteOf(h)); len(diff) > 0 {
			changed = append(changed, diff...)
			c.Status, c.ContentChanged = StatusChanged, true
		}
	}
	if h.Pinned() {
		old := ap.Script
		if h.ProjectScript {
			// One approval of the command, one pin per project: a script of a project the
			// person has not approved it in is not approved, whatever another project holds.
			if old = ap.projectPin(h.Script); old == nil {
				c.Approval, c.Status = nil, StatusNotApproved
				c.Reason = fmt.Sprintf("not approved in this project (%s=%s): its script %s is not pinned",
					config.ProjectDirVar, h.ProjectDir, h.Script)
				return c
			}
		}
		changed = append(changed, scriptChanges(h, ap, old, c.Current, pinErr)...)
		c.Missing = old != nil && old.Path == h.Script && errors.Is(pinErr, fs.ErrNotExist)
		if len(changed) > 0 {
			c.Status, c.ContentChanged = StatusChanged, true
		}
		if old != nil && c.Current != nil && !old.Mtime.Equal(c.Current.Mtime) {
			c.MtimeChanged = true
			if len(changed) == 0 {
				notes = append(notes, "mtime changed since approval, content unchanged")
			}
		}
	}
	if !h.Remote() {
		if diff := fileChanges(ap.Files, s.Files); len(diff) > 0 {
			changed = append(changed, diff...)
			c.Status, c.ContentChanged = StatusChanged, true
		}
	}
	if ap.Dialect != h.Dialect {
		// The same script fed another protocol reads other keys: a guard may read nothing.
		changed = append(changed, dialectChange(ap.Dialect, h.Dialect))
		c.Status, c.ContentChanged = StatusChanged, true
	}
	if !h.Pinned() && (ap.Script != nil || len(ap.Scripts) > 0) {
		// The person approved a pinned file; the same command now runs a program found on
		// PATH ($VAR changed, say), which nothing pins: that is not what they approved.
		now := "a program found on PATH"
		if p := h.ResolveScript(); p != "" {
			now = p + ", found on PATH"
		}
		changed = append(changed, fmt.Sprintf("approved with script %s pinned, now runs %s", ap.pinnedPath(), now))
		c.Status, c.ContentChanged = StatusChanged, true
	}
	if c.MatcherChanged {
		notes = append(notes, fmt.Sprintf("matcher changed since approval (approved %q, now %q)", ap.Matcher, h.Matcher))
	}
	switch {
	case c.Missing && len(changed) == 1:
		c.Reason = changed[0] + " since approval"
		if len(notes) > 0 {
			c.Reason += "; " + strings.Join(notes, "; ")
		}
	case len(changed) > 0:
		c.Reason = "changed since approval: " + strings.Join(changed, "; ")
		if len(notes) > 0 {
			c.Reason += "; " + strings.Join(notes, "; ")
		}
	default:
		c.Reason = strings.Join(notes, "; ")
	}
	return c
}

// scriptChanges says how the hook's pinned script now (cur, or pinErr) differs from old, the
// pin its approval ap holds for it (nil when none): one phrase per difference.
func scriptChanges(h config.Hook, ap *Approval, old, cur *ScriptPin, pinErr error) []string {
	var changed []string
	switch {
	case old == nil:
		changed = append(changed, fmt.Sprintf("script %s was not pinned when approved", h.Script))
	case old.Path != h.Script:
		changed = append(changed, fmt.Sprintf("script path differs (approved %s, now %s)", old.Path, h.Script))
	case pinErr != nil:
		if errors.Is(pinErr, fs.ErrNotExist) {
			changed = append(changed, fmt.Sprintf("script %s is missing", h.Script))
		} else {
			changed = append(changed, fmt.Sprintf("script cannot be read (%v)", pinErr))
		}
	case old.SHA256 != cur.SHA256:
		changed = append(changed, fmt.Sprintf("content differs (sha256 %s, approved %s)",
			short(cur.SHA256), short(old.SHA256)))
	}
	if old != nil && ap.Pin != pinOf(h) {
		changed = append(changed, fmt.Sprintf("pin differs (approved %s, now %s)", pinName(ap.Pin), pinName(pinOf(h))))
	}
	return changed
}

// projectPin returns the pin of the script at path among those of a command approved per
// project (an approval recorded before it was, with one script, counts as one of them).
func (ap *Approval) projectPin(path string) *ScriptPin {
	for i := range ap.Scripts {
		if ap.Scripts[i].Path == path {
			return &ap.Scripts[i]
		}
	}
	if ap.Script != nil && ap.Script.Path == path {
		return ap.Script
	}
	return nil
}

// pinnedPath names a script the approval pinned, for messages.
func (ap *Approval) pinnedPath() string {
	if ap.Script != nil {
		return ap.Script.Path
	}
	if len(ap.Scripts) > 0 {
		return ap.Scripts[0].Path
	}
	return ""
}

// pinOf is what an approval records of how the hook's pinned script runs: config.PinExec, or
// "" for the default, by its path.
func pinOf(h config.Hook) string {
	if h.Pinned() && h.PinExec {
		return config.PinExec
	}
	return ""
}

// dialectChange says how a hook's dialect changed since it was approved.
func dialectChange(was, now string) string {
	return fmt.Sprintf("dialect differs (approved %s, now %s)", dialectName(was), dialectName(now))
}

func dialectName(d string) string {
	if d == "" {
		return "none"
	}
	return d
}

func pinName(pin string) string {
	if pin == "" {
		return config.PinPath
	}
	return pin
}

// short abbreviates a hash for messages; the full value is in Current and Approval.
func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12]
	}
	return sum
}

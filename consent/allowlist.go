// Package consent keeps the allowlist of approved hooks and says whether a hook is approved,
// not approved or changed since its approval.
package consent

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// Status is the consent state of one hook.
type Status string

// Statuses a Check can report.
const (
	StatusApproved    Status = "approved"
	StatusNotApproved Status = "not_approved"
	StatusChanged     Status = "changed"
)

// ScriptPin records the script file an approval was given for.
type ScriptPin struct {
	Path string `json:"path"`
	// SHA256 is the lowercase hex sha256 of the file's content.
	SHA256 string    `json:"sha256"`
	Size   int64     `json:"size"`
	Mtime  time.Time `json:"mtime"`
}

// Approval is one approved (event, command) pair.
type Approval struct {
	Event   string `json:"event"`
	Command string `json:"command"`
	// Matcher is recorded so that list and doctor can show a matcher changed since approval;
	// it is not part of the consent key.
	Matcher    string    `json:"matcher"`
	ApprovedAt time.Time `json:"approved_at"`
	// Script is nil when the hook's script is not named by a path (found on PATH at run time),
	// and when it is named under $CLAUDE_PROJECT_DIR: Scripts holds those.
	Script *ScriptPin `json:"script"`
	// Scripts are the pins of a command whose script is named under $CLAUDE_PROJECT_DIR, one
	// per project it was approved in (SPEC 17.12), sorted by path.
	Scripts []ScriptPin `json:"scripts,omitempty"`
	// Pin is config.PinExec when the pinned script was approved to run as the held file
	// (`pin: exec`), "" when it runs by its path (the default). The file leaves it out then.
	Pin string `json:"pin,omitempty"`
	// Dialect is the protocol the hook's script was approved to speak (config.Hook.Dialect,
	// SPEC 23.4): fed another, it is another hook. "" for the calling agent's own.
	Dialect string `json:"dialect,omitempty"`
	// Remote is what a url hook approved sends beyond its url, nil when nothing.
	Remote *RemotePin `json:"remote,omitempty"`
	// Files are the pins of the other files the command names by a path, the program too
	// (config.Hook.Files), sorted by path.
	Files []FilePin `json:"files,omitempty"`
	// Guard says the approval was of a guard (SPEC 18.1: guard-ness is written twice, here
	// and in the guard record), so a record that lost it is seen.
	Guard bool `json:"guard,omitempty"`
}

// Allowlist is the content of the allowlist file.
type Allowlist struct {
	// Approvals are sorted by (event, command), at most one per pair.
	Approvals []Approval
	// AutoAccept is when the person turned hooks_auto_accept on at a terminal (`hookctl hooks
	// auto-accept on`), nil while it is off: under run --agent, hooks_auto_accept counts only
	// then (SPEC 23.1), since the agent's tools can edit config.yaml.
	AutoAccept *time.Time
	// Root is the project a project's approvals file is of (ProjectStore, SPEC 20): its root,
	// links resolved, as the file records it; "" in the person's allowlist.
	Root string
	// GuardProjects, in the person's allowlist, are the roots of the projects whose guards
	// the person's guard record remembers: the second copy (remember.go), so that a record
	// deleted with projects/ cannot be trusted.
	GuardProjects []string
}

// ErrCorrupt marks an allowlist file that cannot be trusted: not JSON, not the expected shape,
// or of a version this hookctl does not know.
var ErrCorrupt = errors.New("corrupt allowlist")

// fileVersion is the only allowlist format this package reads and writes.
const fileVersion = 1

// The wire types keep times as strings so that Decode controls which formats are accepted and
// Encode always writes UTC with "Z".
type fileJSON struct {
	Version    *int64         `json:"version"`
	Root       string         `json:"root,omitempty"`
	AutoAccept string         `json:"auto_accept,omitempty"`
	Approvals  []approvalJSON `json:"approvals"`
	// GuardProjects is Allowlist.GuardProjects, sorted.
	GuardProjects []string `json:"guard_projects,omitempty"`
}

type approvalJSON struct {
	Event      string        `json:"event"`
	Command    string        `json:"command"`
	Matcher    string        `json:"matcher"`
	ApprovedAt string        `json:"approved_at"`
	Script     *pinJSON      `json:"script"`
	Scripts    []pinJSON     `json:"scripts,omitempty"`
	Pin        string        `json:"pin,omitempty"`
	Dialect    string        `json:"dialect,omitempty"`
	Remote     *remoteJSON   `json:"remote,omitempty"`
	Files      []filePinJSON `json:"files,omitempty"`
	Guard      bool          `json:"guard,omitempty"`
}

// filePinJSON is a FilePin's wire form: sha256 for a file pinned by content, dev and ino for
// one pinned by identity.
type filePinJSON struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256,omitempty"`
	Size   int64  `json:"size"`
	Mtime  string `json:"mtime"`
	Dev    uint64 `json:"dev,omitempty"`
	Ino    uint64 `json:"ino,omitempty"`
}

type pinJSON struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
	Mtime  string `json:"mtime"`
}

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// toApproval checks an approval's fields and converts it; pin, when not nil, is where its
// script pin is stored (Decode hands out pins from one slab instead of one allocation each).
func (w approvalJSON) toApproval(pin *ScriptPin) (Approval, error) {
	if w.Event == "" {
		return Approval{}, errors.New("no event")
	}
	if w.Command == "" {
		return Approval{}, errors.New("no command")
	}
	at, err := parseTime(w.ApprovedAt)
	if err != nil {
		return Approval{}, fmt.Errorf("approved_at: %w", err)
	}
	ap := Approval{Event: w.Event, Command: w.Command, Matcher: w.Matcher, ApprovedAt: at, Guard: w.Guard, Dialect: w.Dialect}
	if _, err := agent.ForScript(w.Dialect); err != nil {
		return Approval{}, err
	}
	if ap.Remote, err = w.Remote.toPin(); err != nil {
		return Approval{}, err
	}
	if ap.Files, err = toFiles(w.Files); err != nil {
		return Approval{}, fmt.Errorf("files: %w", err)
	}
	if ap.Remote != nil && len(ap.Files) > 0 {
		return Approval{}, errors.New("files: an approval of a url hook pins no file")
	}
	if ap.Remote != nil && (w.Script != nil || len(w.Scripts) > 0) {
		return Approval{}, errors.New("remote: an approval of a url hook has no script")
	}
	switch w.Pin {
	case "":
	case config.PinExec:
		if w.Script == nil && len(w.Scripts) == 0 {
			return Approval{}, errors.New("pin: no script to run as the held file")
		}
		ap.Pin = w.Pin
	default:
		return Approval{}, fmt.Errorf("pin %q is not %q", w.Pin, config.PinExec)
	}
	if w.Script != nil {
		if pin == nil {
			pin = new(ScriptPin)
		}
		if err := w.Script.toPin(pin); err != nil {
			return Approval{}, fmt.Errorf("script: %w", err)
		}
		ap.Script = pin
	}
	if len(w.Scripts) > 0 {
		if w.Script != nil {
			return Approval{}, errors.New("both script and scripts")
		}
		ap.Scripts = make([]ScriptPin, len(w.Scripts))
		for i := range w.Scripts {
			if err := w.Scripts[i].toPin(&ap.Scripts[i]); err != nil {
				return Approval{}, fmt.Errorf("scripts %d: %w", i, err)
			}
		}
		slices.SortFunc(ap.Scripts, func(x, y ScriptPin) int { return cmp.Compare(x.Path, y.Path) })
		for i := 1; i < len(ap.Scripts); i++ {
			if ap.Scripts[i].Path == ap.Scripts[i-1].Path {
				return Approval{}, fmt.Errorf("scripts: %s pinned twice", ap.Scripts[i].Path)
			}
		}
	}
	return ap, nil
}

// toPin checks a script pin's fields and converts it into pin.
func (p *pinJSON) toPin(pin *ScriptPin) error {
	if p.Path == "" {
		return errors.New("no path")
	}
	if !isSHA256Hex(p.SHA256) {
		return fmt.Errorf("sha256 %q is not 64 lowercase hex digits", p.SHA256)
	}
	if p.Size < 0 {
		return fmt.Errorf("negative size %d", p.Size)
	}
	mt, err := parseTime(p.Mtime)
	if err != nil {
		return fmt.Errorf("mtime: %w", err)
	}
	*pin = ScriptPin{Path: p.Path, SHA256: p.SHA256, Size: p.Size, Mtime: mt}
	return nil
}

// toFiles checks and converts the wire form of file pins: sorted by path, each path once.
func toFiles(ws []filePinJSON) ([]FilePin, error) {
	if len(ws) == 0 {
		return nil, nil
	}
	out := make([]FilePin, len(ws))
	for i, w := range ws {
		if err := w.toPin(&out[i]); err != nil {
			return nil, fmt.Errorf("%d: %w", i, err)
		}
	}
	sortFiles(out)
	for i := 1; i < len(out); i++ {
		if out[i].Path == out[i-1].Path {
			return nil, fmt.Errorf("%s pinned twice", out[i].Path)
		}
	}
	return out, nil
}

// toPin checks a file pin: a path, and either a sha256 or an identity (an inode), not both.
func (w *filePinJSON) toPin(p *FilePin) error {
	if w.Path == "" {
		return errors.New("no path")
	}
	switch {
	case w.SHA256 != "" && !isSHA256Hex(w.SHA256):
		return fmt.Errorf("sha256 %q is not 64 lowercase hex digits", w.SHA256)
	case w.SHA256 != "" && (w.Dev != 0 || w.Ino != 0):
		return errors.New("both sha256 and an identity")
	case w.SHA256 == "" && w.Ino == 0:
		return errors.New("neither sha256 nor an inode")
	case w.Size < 0:
		return fmt.Errorf("negative size %d", w.Size)
	}
	mt, err := parseTime(w.Mtime)
	if err != nil {
		return fmt.Errorf("mtime: %w", err)
	}
	*p = FilePin{Path: w.Path, SHA256: w.SHA256, Size: w.Size, Mtime: mt, Dev: w.Dev, Ino: w.Ino}
	return nil
}

func filesJSON(files []FilePin) []filePinJSON {
	var out []filePinJSON
	for _, f := range files {
		out = append(out, filePinJSON{Path: f.Path, SHA256: f.SHA256, Size: f.Size, Mtime: formatTime(f.Mtime), Dev: f.Dev, Ino: f.Ino})
	}
	return out
}

func (p *ScriptPin) toJSON() pinJSON {
	return pinJSON{Path: p.Path, SHA256: p.SHA256, Size: p.Size, Mtime: formatTime(p.Mtime)}
}

// parseTime reads an RFC 3339 time ("Z" or any offset, such as "+00:00") as UTC; "" is the
// zero time. Times that would not format back as a four-digit year are refused so that every
// decoded allowlist can be written again.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, ok := parseTimeZ(s); ok {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, err
	}
	t = t.UTC()
	if y := t.Year(); y < 0 || y > 9999 {
		return time.Time{}, fmt.Errorf("%q is out of range", s)
	}
	return t, nil
}

// parseTimeZ reads the form hookctl writes, "2006-01-02T15:04:05Z", without time.Parse; ok is
// false for anything else, which time.Parse then judges.
func parseTimeZ(s string) (time.Time, bool) {
	if len(s) != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z' {
		return time.Time{}, false
	}
	num := func(i, n int) (int, bool) {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return 0, false
			}
			v = v*10 + int(c-'0')
		}
		return v, true
	}
	y, ok1 := num(0, 4)
	mo, ok2 := num(5, 2)
	d, ok3 := num(8, 2)
	h, ok4 := num(11, 2)
	mi, ok5 := num(14, 2)
	sec, ok6 := num(17, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, 0, time.UTC)
	if t.Day() != d { // February 30th and the like: let time.Parse refuse it
		return time.Time{}, false
	}
	return t, true
}

// writableTime returns t in UTC when the allowlist can hold it (a four-digit year), else the
// zero time: a file system may report any mtime, and one past 9999 must not make hookctl write
// an allowlist it would then refuse to read. The mtime is informational only (content is
// what an approval pins), so the cost is an "mtime changed" note.
func writableTime(t time.Time) time.Time {
	t = t.UTC()
	if y := t.Year(); y < 0 || y > 9999 {
		return time.Time{}
	}
	return t
}

func formatTime(t time.Time) string {
	return writableTime(t).Format(time.RFC3339Nano)
}

func isSHA256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

func sortApprovals(as []Approval) { slices.SortStableFunc(as, compareApprovals) }

func compareApprovals(x, y Approval) int {
	return cmp.Or(cmp.Compare(x.Event, y.Event), cmp.Compare(x.Command, y.Command))
}

// Encode returns the file form of the allowlist: version 1, approvals sorted by (event,
// command), 2-space indentation, times in UTC with "Z", and a trailing newline.
func (a *Allowlist) Encode() []byte {
	f := fileJSON{Version: new(int64(fileVersion)), Approvals: []approvalJSON{}}
	if a != nil && a.AutoAccept != nil {
		f.AutoAccept = formatTime(*a.AutoAccept)
	}
	if a != nil {
		f.Root = a.Root
		f.GuardProjects = slices.Sorted(slices.Values(a.GuardProjects))
	}
	if a != nil {
		as := slices.Clone(a.Approvals)
		sortApprovals(as)
		for _, ap := range as {
			w := approvalJSON{
				Event:      ap.Event,
				Command:    ap.Command,
				Matcher:    ap.Matcher,
				ApprovedAt: formatTime(ap.ApprovedAt),
				Pin:        ap.Pin,
				Dialect:    ap.Dialect,
				Remote:     ap.Remote.toJSON(),
				Files:      filesJSON(ap.Files),
				Guard:      ap.Guard,
			}
			if p := ap.Script; p != nil {
				w.Script = new(p.toJSON())
			}
			for i := range ap.Scripts {
				w.Scripts = append(w.Scripts, ap.Scripts[i].toJSON())
			}
			f.Approvals = append(f.Approvals, w)
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// Commands such as "a && b" stay readable in the file.
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		// Only strings and integers are encoded: this cannot fail.
		panic("consent: encoding allowlist: " + err.Error())
	}
	return buf.Bytes()
}

// Suggest is the approved command closest to a command that has no approval (a revoke's
// did-you-mean, as approve names the closest configured one), "" when none is close.
func (a *Allowlist) Suggest(command string) string {
	if a == nil {
		return ""
	}
	var approved []string
	for _, ap := range a.Approvals {
		if !slices.Contains(approved, ap.Command) {
			approved = append(approved, ap.Command)
		}
	}
	if sug := config.SuggestCommand(command, approved); sug != command {
		return sug
	}
	return ""
}

// find returns the approval of the (event, command) pair, or nil.
func (a *Allowlist) find(event, command string) *Approval {
	if a == nil {
		return nil
	}
	for i := range a.Approvals {
		if a.Approvals[i].Event == event && a.Approvals[i].Command == command {
			return &a.Approvals[i]
		}
	}
	return nil
}

package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// The system level's wiring (SPEC 18.2): `install --system AGENT` writes hookctl's entries
// into the agent's own administrator file, which the agent reads before (and, with its
// managed-only switch, instead of) the person's files, and which only root can change. The
// entries are the same as for the person, with `--system` in their command, and the same
// planner and writers edit them: the system targets are other paths.

// ErrNoSystemFile marks an agent that reads no administrator file hookctl could wire.
var ErrNoSystemFile = errors.New("no administrator file")

// SystemFile is the agent's administrator file on this platform.
func SystemFile(d *agent.Dialect) (string, error) {
	if p := systemFile(d, runtime.GOOS); p != "" {
		return p, nil
	}
	switch {
	case d.Admin.None != "":
		return "", fmt.Errorf("%w: %s", ErrNoSystemFile, d.Admin.None)
	case d.SettingsFile == "":
		return "", fmt.Errorf("%w: %s calls hookctl itself and has no settings file to wire", ErrNoSystemFile, d.Name)
	}
	return "", fmt.Errorf("%w: hookctl knows no administrator file of %s on this platform", ErrNoSystemFile, d.Title)
}

// systemFile is the agent's administrator file on the system goos (its registration's Admin;
// on Windows under the ProgramData known folder that holds config.SystemDir, C:\ProgramData on
// a default install, or under the Program Files known folder), "" for none.
func systemFile(d *agent.Dialect, goos string) string {
	p := d.Admin.File(goos)
	if p == "" || goos != "windows" {
		return p
	}
	base := filepath.Dir(config.SystemDir)
	if d.Admin.WindowsProgramFiles {
		base = programFiles()
	}
	if base == "" || base == "." {
		return ""
	}
	return filepath.Join(base, filepath.FromSlash(p))
}

// ManagedSwitch is the key of the agent's administrator file that makes it ignore every hook
// that is not managed (install --managed-only), "" where the agent has none.
func ManagedSwitch(d *agent.Dialect) string { return d.Admin.ManagedOnly }

// HooksPin is the top-level key of the agent's administrator file, and its value, that keeps
// the agent's hooks on whatever the person's own settings say (SPEC 24.3), "" where the agent
// has none hookctl writes there (its registration's Admin.Pin says why each holds). Codex's
// pin, [features] hooks = true, is written with the requirements (requirements.go).
func HooksPin(d *agent.Dialect) (key string, value any) { return d.Admin.Pin, d.Admin.PinValue }

// pinPlace splits the pin's path into the object of the file that holds it ("" for the top
// level) and its key: Droid's "hooks.hooksDisabled" sits in the object of hookctl's entries.
func pinPlace(pin string) (in, key string) {
	if i := strings.LastIndexByte(pin, '.'); i >= 0 {
		return pin[:i], pin[i+1:]
	}
	return "", pin
}

// objectAt is the object at in ("" for n itself), nil when there is none.
func objectAt(n *node, in string) *node {
	if in == "" || n == nil {
		return n
	}
	return n.get(in)
}

// checkPin refuses to pin over an administrator's own value of the pin's key: the one the file
// held before hookctl first wrote it (its backup), or holds now when hookctl never did.
// hookctl does not change an administrator's own setting.
func (s *settings) checkPin(t Target, b backup) error {
	if !t.PinOn || s.root.kind != '{' {
		return nil
	}
	in, key := pinPlace(t.Pin)
	n, data := objectAt(s.root, in).get(key), s.data
	if b.ok {
		n, data = nil, b.data
		if b.prior != nil {
			n = objectAt(b.prior, in).get(key)
		}
	}
	want, err := json.Marshal(t.PinValue)
	if n == nil || err != nil || string(data[n.start:n.end]) == string(want) {
		return nil
	}
	return fmt.Errorf("%s sets %s = %s: hookctl does not change an administrator's own setting, which could switch the agent's hooks off, hookctl's included; set it to %s there, or remove it, then run the command again",
		t.Path, t.Pin, data[n.start:n.end], want)
}

// SystemTarget is the target `install --system` edits for the agent: its administrator file,
// entries that run the hookctl at bin with --system, written mode 0644 (every person's agent
// reads it; only root writes it), and with managedOnly the agent's managed-only switch set
// (ManagedSwitch). The caller checks that bin is root's alone.
func SystemTarget(d *agent.Dialect, bin string, managedOnly bool) (Target, error) {
	path, err := SystemFile(d)
	if err != nil {
		return Target{}, err
	}
	// --system tells the run it came from the managed wiring; no location of a person's.
	t := TargetFor(d, path, bin, RunFlags{System: true})
	t.System, t.Mode = true, 0o644
	t.Switch, t.SwitchOn = ManagedSwitch(d), managedOnly
	t.Pin, t.PinValue = HooksPin(d)
	t.PinOn = t.Pin != ""
	if d.Admin.Layout != "" {
		t.Layout = layoutOf(d.Admin.Layout, runtime.GOOS)
	}
	return t, nil
}

// fileMode is the mode a file the target creates is written with.
func (t Target) fileMode() fs.FileMode {
	if t.Mode != 0 {
		return t.Mode
	}
	return 0o600
}

// setSwitch sets the managed-only switch key of the file to true (on), or puts it back as the
// backup shows it was before hookctl first wrote the file (no backup: left as it is).
func (s *settings) setSwitch(key string, on bool, b backup, r *Report) error {
	return s.setKey(key, true, on, b, &r.Switch)
}

// setKey sets a top-level key of the file to value (on), or puts it back as the backup shows
// it was before hookctl first wrote the file (no backup: left as it is); *changed says "set"
// or "restored" when it did either.
func (s *settings) setKey(key string, value any, on bool, b backup, changed *string) error {
	return s.setKeyIn("", key, value, on, b, changed)
}

// setPin is setKey for the pin's path (pinPlace): an object that holds it is made when missing,
// and removed again on uninstall when the backup shows hookctl made it and nothing else is in it.
func (s *settings) setPin(t Target, b backup, changed *string) error {
	in, key := pinPlace(t.Pin)
	if in == "" {
		return s.setKey(key, t.PinValue, t.PinOn, b, changed)
	}
	if s.root.kind != '{' {
		return s.problem(s.root, "the file holds %s, not an object", s.root.kindName())
	}
	if t.PinOn && s.root.get(in) == nil {
		if err := s.add(s.root, in, object{}); err != nil {
			return err
		}
	}
	if s.root.get(in) == nil {
		return nil
	}
	if err := s.setKeyIn(in, key, t.PinValue, t.PinOn, b, changed); err != nil {
		return err
	}
	if o := s.root.get(in); !t.PinOn && o.kind == '{' && len(o.members) == 0 && b.created(in) {
		return s.remove(s.root, s.root.index(in))
	}
	return nil
}

// setKeyIn is setKey for a key of the file's object at in ("" for the top level), which the
// caller has made sure exists.
func (s *settings) setKeyIn(in, key string, value any, on bool, b backup, changed *string) error {
	obj := func() *node { return objectAt(s.root, in) }
	if o := obj(); o.kind != '{' {
		return s.problem(o, "%s holds %s, not an object", orWord(in, "the file"), o.kindName())
	}
	cur := obj().get(key)
	text := func(n *node) string { return string(s.data[n.start:n.end]) }
	if on {
		want, err := json.Marshal(value)
		if err != nil {
			return err
		}
		switch {
		case cur != nil && text(cur) == string(want):
			return nil
		case cur != nil:
			*changed = "set"
			return s.replace(cur, value)
		}
		*changed = "set"
		return s.add(obj(), key, value)
	}
	if !b.ok {
		return nil
	}
	var prior *node
	if b.prior != nil {
		prior = objectAt(b.prior, in).get(key)
	}
	switch {
	case prior == nil && cur == nil:
		return nil
	case prior == nil:
		*changed = "restored"
		return s.remove(obj(), obj().index(key))
	case cur == nil:
		*changed = "restored"
		return s.add(obj(), key, json.RawMessage(b.data[prior.start:prior.end]))
	case text(cur) != string(b.data[prior.start:prior.end]):
		*changed = "restored"
		return s.replace(cur, json.RawMessage(b.data[prior.start:prior.end]))
	}
	return nil
}

// orWord is s, or word when s is empty.
func orWord(s, word string) string {
	if s == "" {
		return word
	}
	return `"` + s + `"`
}

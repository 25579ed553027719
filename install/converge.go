package install

import (
	"errors"
	"slices"
	"strconv"
)

// converge edits s one step at a time until the target's entries are exactly want (none for
// uninstall), recording each step in r. Each step reads the entries again, so no step works
// from offsets an earlier one moved.
func converge(s *settings, t Target, want []Want, b backup, r *Report) error {
	wants := map[string]Want{}
	for _, w := range want {
		wants[w.Event] = w
	}
	touched := map[string]bool{}
	for steps := 0; ; steps++ {
		if steps > 10000 {
			// Each step removes, fixes or adds one entry; this many means a bug, not a file.
			return errors.New("internal error: the edit of " + s.path + " does not settle")
		}
		all, err := s.entries()
		if err != nil {
			return err
		}
		var own []entry
		for _, e := range all {
			if IsOwnCommand(e.command, t.Agent, t.Name) {
				own = append(own, e)
			}
		}
		done, err := s.step(t, own, wants, touched, want, b, r)
		if err != nil {
			return err
		}
		if done {
			break
		}
	}
	for _, w := range want {
		if !touched[w.Event] {
			r.Kept = append(r.Kept, s.change(w.Event, EntryCommand(t, w), w.Timeout))
		}
	}
	return nil
}

// step makes the first edit still needed and reports done when there is none.
func (s *settings) step(t Target, own []entry, wants map[string]Want, touched map[string]bool, want []Want, b backup, r *Report) (done bool, err error) {
	seen := map[string]bool{}
	for _, e := range own {
		if _, ok := wants[e.event]; ok && !seen[e.event] {
			seen[e.event] = true
			continue
		}
		// An event no longer configured, or a second entry for one.
		r.Removed = append(r.Removed, Change{Event: e.event, Command: e.command, Timeout: numberOf(s, e.timeout)})
		if err := s.removeEntry(e); err != nil {
			return true, err
		}
		return false, s.tidy(e.event, b)
	}
	timeoutKey := s.layout.timeoutKey()
	for _, e := range own {
		w := wants[e.event]
		command := EntryCommand(t, w)
		key, second := companion(t, w)
		switch {
		case e.command != command:
			err = s.replace(e.obj.get(s.layout.commandKey()), command)
		case key != "" && e.obj.get(key) == nil:
			err = s.add(e.obj, key, second)
		case key != "" && (e.obj.get(key).kind != '"' || e.obj.get(key).str != second):
			err = s.replace(e.obj.get(key), second)
		case timeoutKey != "" && e.timeout == nil:
			err = s.add(e.obj, timeoutKey, w.Timeout)
		case timeoutKey != "" && !sameNumber(s, e.timeout, w.Timeout):
			err = s.replace(e.timeout, w.Timeout)
		case t.Fail != nil && e.obj.get(t.Fail.Key) == nil:
			err = s.add(e.obj, t.Fail.Key, t.Fail.Value) // an older hookctl's entry
		case t.Fail != nil && !t.Fail.holds(s, e.obj.get(t.Fail.Key)):
			err = s.replace(e.obj.get(t.Fail.Key), t.Fail.Value)
		default:
			continue
		}
		if !touched[e.event] {
			touched[e.event] = true
			r.Updated = append(r.Updated, s.change(e.event, command, w.Timeout))
		}
		return false, err
	}
	for _, w := range want {
		if !seen[w.Event] {
			touched[w.Event] = true
			command := EntryCommand(t, w)
			r.Added = append(r.Added, s.change(w.Event, command, w.Timeout))
			o := s.hookObject(command, w.Timeout, t.Fail)
			if key, second := companion(t, w); key != "" {
				o = slices.Insert(o, 2, field{key, second})
			}
			return false, s.addEntry(w.Event, o)
		}
	}
	return true, nil
}

// hookObject is the entry install writes, in the layout's shape, with the agent's fail-closed
// switch (nil: none) after the timeout.
func (s *settings) hookObject(command string, timeout int64, fail *FailSwitch) object {
	var o object
	switch s.layout {
	case Flat:
		o = object{{"command", command}, {"timeout", timeout}}
	case Copilot:
		o = object{{"type", "command"}, {"bash", command}, {"timeoutSec", timeout}}
	case CopilotPowerShell:
		o = object{{"type", "command"}, {"powershell", command}, {"timeoutSec", timeout}}
	case Windsurf:
		o = object{{"command", command}}
	default:
		o = object{{"type", "command"}, {"command", command}, {"timeout", timeout}}
	}
	if fail != nil {
		o = append(o, field{fail.Key, fail.Value})
	}
	return o
}

// change is a Report entry; its timeout is nil where the layout writes none.
func (s *settings) change(event, command string, timeout int64) Change {
	if s.layout.timeoutKey() == "" {
		return Change{Event: event, Command: command}
	}
	return change(event, command, timeout)
}

// tidy removes what install created and the removal of an entry left empty: the event's
// array, then "hooks", then Cursor's "version" once no hooks are left. What the backup shows
// was there before stays, so install then uninstall gives back the file as it was.
func (s *settings) tidy(event string, b backup) error {
	hooks, err := s.hooks()
	if hooks == nil || err != nil {
		return err
	}
	if list := hooks.get(event); list != nil && len(list.elems) == 0 && b.created("hooks", event) {
		if err := s.remove(hooks, hooks.index(event)); err != nil {
			return err
		}
		hooks, _ = s.hooks()
	}
	if len(hooks.members) > 0 || !b.created("hooks") {
		return nil
	}
	if err := s.remove(s.root, s.root.index("hooks")); err != nil {
		return err
	}
	if v := s.root.get("version"); s.layout.versioned() && v != nil && b.created("version") {
		return s.remove(s.root, s.root.index("version"))
	}
	return nil
}

func change(event, command string, timeout int64) Change {
	return Change{Event: event, Command: command, Timeout: &timeout}
}

// numberOf returns the integer value of a number node, nil when it is absent or not one.
func numberOf(s *settings, n *node) *int64 {
	if n == nil || n.kind != '0' {
		return nil
	}
	f, err := strconv.ParseFloat(string(s.data[n.start:n.end]), 64)
	if err != nil {
		return nil
	}
	v := int64(f)
	return &v
}

func sameNumber(s *settings, n *node, want int64) bool {
	if n.kind != '0' {
		return false
	}
	f, err := strconv.ParseFloat(string(s.data[n.start:n.end]), 64)
	return err == nil && f == float64(want)
}

package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Hook files: Cline runs the executables named after its events (PreToolUse, PreToolUse.sh,
// ...) in its hooks folder, with no settings file. install writes one small file per event,
// named exactly after it, that runs hookctl; uninstall removes exactly those. A file is
// recognised as hookctl's by its whole content, never by its name alone: a person's own hook
// file is never written over or removed.

// hookFileMarker is the comment every file install writes carries on its second line.
const hookFileMarker = "# Written by `hookctl install "

// HookFile is the text of the file install writes for the entry w: a shell script that runs
// hookctl with the event's name; in a project's wiring, the event's guard comes first, on a
// line of its own (portable.go).
func (t Target) HookFile(w Want) []byte {
	guard, how := "", t.Agent
	if t.Portable {
		how += " --project" // as it was installed, and is uninstalled
		if d, err := agent.Lookup(t.Agent); err == nil {
			guard = missingGuard(d, w.Event) + "\n"
		}
	}
	return fmt.Appendf(nil, "#!/bin/sh\n%s%s`: %s runs it for its %s hooks, and `hookctl uninstall %s` removes it.\n%sexec %s\n",
		hookFileMarker, how, t.Agent, w.Event, how, guard, EntryCommand(t, w))
}

// hookFileCommand is the hookctl command line of a file ownHookFile accepts.
func hookFileCommand(data []byte) string {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return strings.TrimPrefix(lines[len(lines)-1], "exec ")
}

// ownHookFile reports whether data is a file install wrote for the agent: the marker, the
// event's guard in a project's wiring, then one exec of hookctl (any path) with run --agent
// AGENT EVENT, and nothing else.
func ownHookFile(data []byte, t Target, event string) bool {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) == 4 {
		if !isGuard(lines[2]) {
			return false
		}
		lines = append(lines[:2], lines[3])
	}
	// The marker names the install as it was made: `hookctl install cline` or, in a project,
	// `hookctl install cline --project` (an older hookctl wrote the first in a project too).
	if len(lines) != 3 || lines[0] != "#!/bin/sh" ||
		!strings.HasPrefix(lines[1], hookFileMarker+t.Agent+"`") && !strings.HasPrefix(lines[1], hookFileMarker+t.Agent+" --project`") {
		return false
	}
	command, ok := strings.CutPrefix(lines[2], "exec ")
	if !ok || !IsOwnCommand(command, t.Agent, t.Name) {
		return false
	}
	return strings.HasSuffix(command, " "+event) || strings.HasSuffix(command, " "+shellQuote(event))
}

// hookFileState is one event's file in the folder.
type hookFileState struct {
	event string
	path  string
	data  []byte // nil: no such file
	own   bool
}

// readHookFiles lists the folder's files that install may have written: those named exactly
// after an event, with whether each is hookctl's. A missing folder has none.
func readHookFiles(t Target, events []string) (map[string]hookFileState, bool, error) {
	out := map[string]hookFileState{}
	fi, err := os.Lstat(t.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading %s: %w", t.Path, err)
	}
	if !fi.IsDir() {
		return nil, false, fmt.Errorf("%s is not a folder: %s reads its hooks from a folder there; move the file away", t.Path, t.Agent)
	}
	for _, event := range events {
		st := hookFileState{event: event, path: filepath.Join(t.Path, event)}
		lfi, err := os.Lstat(st.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, true, fmt.Errorf("reading %s: %w", st.path, err)
		case !lfi.Mode().IsRegular():
			st.data = []byte{} // a link or a folder: not hookctl's, never touched
		default:
			data, _, err := safefile.ReadFile(st.path, 64<<10)
			if err != nil {
				st.data = []byte{}
				break
			}
			st.data, st.own = data, ownHookFile(data, t, event)
		}
		out[event] = st
	}
	return out, true, nil
}

// installFiles makes the target folder's hookctl files exactly want (none for uninstall):
// each written whole (temp, fsync, rename, mode 0755), a person's file of the same name left
// alone (an error, so that nothing is half wired), files for events no longer configured
// removed, and the folder itself removed when uninstall leaves it empty.
func installFiles(t Target, want []Want, uninstall, dryRun bool) (Report, error) {
	r := Report{Agent: t.Agent, File: t.Path, DryRun: dryRun, Added: []Change{}, Updated: []Change{}, Kept: []Change{}, Removed: []Change{}}
	events := t.Events
	files, exists, err := readHookFiles(t, events)
	if err != nil {
		return r, err
	}
	wanted := map[string]bool{}
	type write struct {
		path string
		old  []byte
		data []byte // nil: remove
	}
	var writes []write
	for _, w := range want {
		wanted[w.Event] = true
		st, ok := files[w.Event]
		if !ok { // no folder yet
			st = hookFileState{event: w.Event, path: filepath.Join(t.Path, w.Event)}
		}
		data := t.HookFile(w)
		command := EntryCommand(t, w)
		switch {
		case st.data != nil && !st.own:
			return r, fmt.Errorf("%s is not hookctl's, so hookctl leaves it as it is: to run it through hookctl, import it (hookctl import %s), "+
				"then move it away and run install again", st.path, t.Agent)
		case st.data == nil:
			r.Added = append(r.Added, Change{Event: w.Event, Command: command})
			writes = append(writes, write{st.path, nil, data})
		case !bytes.Equal(st.data, data):
			r.Updated = append(r.Updated, Change{Event: w.Event, Command: command})
			writes = append(writes, write{st.path, st.data, data})
		default:
			r.Kept = append(r.Kept, Change{Event: w.Event, Command: command})
		}
	}
	for _, event := range events {
		if st := files[event]; st.own && !wanted[event] {
			r.Removed = append(r.Removed, Change{Event: event, Command: hookFileCommand(st.data)})
			writes = append(writes, write{st.path, st.data, nil})
		}
	}
	if len(writes) == 0 {
		return r, nil
	}
	r.Changed, r.Created = true, !exists
	var diff strings.Builder
	for _, w := range writes {
		from, to := w.path, w.path
		if w.old == nil {
			from = "/dev/null"
		}
		if w.data == nil {
			to = "/dev/null"
		}
		diff.WriteString(unified(from, to, w.old, w.data))
	}
	r.Diff = diff.String()
	if dryRun {
		return r, nil
	}
	if err := t.mkdirAll(t.Path); err != nil {
		return r, fmt.Errorf("creating %s: %w", t.Path, err)
	}
	for _, w := range writes {
		if w.data == nil {
			err = os.Remove(w.path)
		} else {
			err = safefile.WriteFile(w.path, w.data, 0o755)
		}
		if err != nil {
			return r, fmt.Errorf("writing %s: %w", w.path, err)
		}
	}
	if uninstall {
		// The hooks folder and its parent (.cline, .clinerules), when install made them and
		// nothing else is in them.
		r.Deleted = t.removeMade(t.Path)
	}
	return r, nil
}

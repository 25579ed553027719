package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/doctor"
)

// Wiring is one of hookctl's entries found in an agent's settings file.
type Wiring struct {
	Agent      string `json:"agent"`
	Scope      string `json:"scope"` // "user" or "project"
	File       string `json:"file"`
	AgentEvent string `json:"agent_event"`
	Event      string `json:"event"` // the hookctl event it fires
	Binary     string `json:"binary"`
	Timeout    *int64 `json:"timeout"`
	// Deadline is the entry's --deadline, nil when it has none (an older hookctl wrote it).
	Deadline *int64 `json:"deadline"`
	// AcceptHooks says the entry runs hookctl with --accept-hooks (a CI machine's wiring).
	AcceptHooks bool `json:"accept_hooks"`
	// RequireProject says the entry runs hookctl with --require-project (strict mode).
	RequireProject bool `json:"require_project,omitempty"`
	// Home and Allowlist are the entry's --home and --allowlist, "" when it has none: the
	// consent state its runs are held to, whatever the agent's environment says.
	Home      string `json:"home,omitempty"`
	Allowlist string `json:"allowlist,omitempty"`
	// Guarded says the entry runs hookctl with --guarded: a run that finds no consent state
	// blocks what a guard could cover.
	Guarded bool `json:"guarded,omitempty"`
}

// WiredAllowlist is the allowlist the entry's runs read: its --allowlist, else the allowlist
// of its --home; "" when it names neither (an older wiring, or a project's, which read the
// environment's).
func (w Wiring) WiredAllowlist() string {
	switch {
	case w.Allowlist != "":
		return w.Allowlist
	case w.Home != "":
		return filepath.Join(w.Home, "allowlist.json")
	}
	return ""
}

// Scan finds hookctl's entries in every agent's user settings (under home) and project
// settings (under project, "" for none). A file that is missing is skipped; one that cannot
// be read or parsed is returned as an error beside the rest. name is this binary's file name.
func Scan(home, project, name string, lookupEnv func(string) (string, bool)) ([]Wiring, []error) {
	var out []Wiring
	var errs []error
	for _, d := range agent.Dialects() {
		if d.SettingsFile == "" {
			continue
		}
		files := [][2]string{{"user", d.UserSettings(home, lookupEnv)}}
		if project != "" {
			if p := d.ProjectSettings(project); p != files[0][1] {
				files = append(files, [2]string{"project", p})
			}
		}
		for _, f := range files {
			ws, err := scanFile(d, f[0], f[1], name)
			if err != nil {
				errs = append(errs, err)
			}
			out = append(out, ws...)
		}
	}
	return out, errs
}

func scanFile(d *agent.Dialect, scope, path, name string) ([]Wiring, error) {
	if d.HookFiles {
		return scanHookFiles(d, scope, path, name)
	}
	if d.Plugin != nil {
		return scanPlugin(d, scope, path, name)
	}
	s, entries, err := loadEntries(path, d)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Wiring
	for _, e := range entries {
		if !IsOwnCommand(e.command, d.Name, name) {
			continue
		}
		event := e.event
		if m, ok := d.Mapping(e.event); ok {
			event = m.Event
		}
		w := Wiring{Agent: d.Name, Scope: scope, File: path, AgentEvent: e.event, Event: event,
			Binary: OwnBinary(e.command), Timeout: numberOf(s, e.timeout)}
		if n, ok := OwnDeadline(e.command, d.Name); ok {
			w.Deadline = &n
		}
		w.setFlags(ownFlags(e.command, d.Name))
		out = append(out, w)
	}
	return out, nil
}

// setFlags keeps what the entry's flags say of where and how its runs are held.
func (w *Wiring) setFlags(f RunFlags) {
	w.AcceptHooks, w.Home, w.Allowlist, w.Guarded = f.AcceptHooks, f.Home, f.Allowlist, f.Guarded
	w.RequireProject = f.RequireProject
}

// Findings checks each settings file that has hookctl entries against the config: events
// whose hooks run under the agent but that the file does not wire (those hooks never run
// there), and entries that run a hookctl binary that no longer exists (none of the file's
// hooks run).
func Findings(cfg *config.Config, wired []Wiring) []doctor.Finding {
	var out []doctor.Finding
	files := map[string][]Wiring{}
	var order []string
	for _, w := range wired {
		key := w.File
		if d, err := agent.Lookup(w.Agent); err == nil && d.HookFiles {
			key = filepath.Dir(w.File) // one folder of hook files is one agent's wiring
		}
		if files[key] == nil {
			order = append(order, key)
		}
		files[key] = append(files[key], w)
	}
	for _, file := range order {
		ws := files[file]
		d, err := agent.Lookup(ws[0].Agent)
		if err != nil {
			continue
		}
		fix := "hookctl install " + d.Name
		if ws[0].Scope == "project" {
			fix += " --project (in " + projectOf(d, file) + ")"
		}
		want, _, _ := Plan(cfg, d, nil)
		var unpassed []Want // events whose entry does not pass the deadline: one finding below
		for _, w := range want {
			for _, x := range ws {
				if x.AgentEvent != w.Event {
					continue
				}
				switch {
				case x.Timeout != nil && *x.Timeout < w.Timeout:
					out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Event: x.Event, Check: "agent_wiring",
						Message: fmt.Sprintf("%s gives hookctl %d for %s in %s, less than its hooks may take (%d): it may stop hookctl before they answer", d.Title, *x.Timeout, w.Event, file, w.Timeout),
						Fix:     fix})
				case x.Deadline == nil || *x.Deadline < w.Deadline:
					if !slices.Contains(unpassed, w) {
						unpassed = append(unpassed, w)
					}
				}
			}
			event := w.Event
			if m, ok := d.Mapping(w.Event); ok {
				event = m.Event
			}
			if !slices.ContainsFunc(ws, func(x Wiring) bool { return x.Event == event }) {
				out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Event: event, Check: "agent_wiring",
					Message: fmt.Sprintf("%s is wired to hookctl in %s, but not for %s: its %s hooks do not run under %s", d.Title, file, w.Event, event, d.Title),
					Fix:     fix})
			}
		}
		if len(unpassed) > 0 {
			out = append(out, deadlineFinding(d, file, ws, unpassed, fix))
		}
		var missing []string
		for _, w := range ws {
			if slices.Contains(missing, w.Binary) {
				continue
			}
			if w.Binary == PortableBinary {
				// A project's wiring: hookctl from PATH where the agent runs it.
				if _, err := exec.LookPath(w.Binary); err != nil {
					missing = append(missing, w.Binary)
					out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "agent_wiring",
						Message: fmt.Sprintf("%s runs hookctl from PATH, and there is none on this PATH: %s refuses every call it guards", file, d.Title),
						Fix:     "install hookctl (" + InstallDocs + ") and put it on PATH"})
				}
				continue
			}
			if _, err := os.Stat(w.Binary); err != nil {
				missing = append(missing, w.Binary)
				out = append(out, doctor.Finding{Severity: doctor.SeverityError, Check: "agent_wiring",
					Message: fmt.Sprintf("%s runs hookctl at %s, which does not exist: no hook runs under %s", file, w.Binary, d.Title),
					Fix:     fix})
			}
		}
	}
	return out
}

// deadlineFinding says which of hookctl's entries in one settings file do not pass on how long
// the agent waits (--deadline): one finding naming every such event, so that an older wiring
// without --deadline reads as one step to take, not one per event.
func deadlineFinding(d *agent.Dialect, file string, ws []Wiring, unpassed []Want, fix string) doctor.Finding {
	f := doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_wiring", Fix: fix}
	if len(unpassed) == 1 {
		w := unpassed[0]
		for _, x := range ws {
			if x.AgentEvent == w.Event {
				f.Event = x.Event
			}
		}
		f.Message = fmt.Sprintf("hookctl's entry for %s in %s does not pass the %d s %s waits (--deadline): a guard still running when %s gives up does not block",
			w.Event, file, w.Deadline, d.Title, d.Title)
		return f
	}
	var events []string
	same := true
	for _, w := range unpassed {
		events = append(events, w.Event)
		same = same && w.Deadline == unpassed[0].Deadline
	}
	waits := fmt.Sprintf("the %d s %s waits", unpassed[0].Deadline, d.Title)
	if !same {
		var each []string
		for _, w := range unpassed {
			each = append(each, fmt.Sprintf("%s %d s", w.Event, w.Deadline))
		}
		waits = fmt.Sprintf("how long %s waits (%s)", d.Title, strings.Join(each, ", "))
	}
	f.Message = fmt.Sprintf("hookctl's entries for %s in %s do not pass %s (--deadline): a guard still running when %s gives up does not block",
		strings.Join(events, ", "), file, waits, d.Title)
	return f
}

// scanHookFiles finds the hook files install wrote in the agent's hooks folder.
func scanHookFiles(d *agent.Dialect, scope, path, name string) ([]Wiring, error) {
	t := TargetFor(d, path, name, RunFlags{})
	files, _, err := readHookFiles(t, t.Events)
	if err != nil {
		return nil, err
	}
	var out []Wiring
	for _, event := range t.Events {
		st := files[event]
		if !st.own {
			continue
		}
		hookctlEvent := event
		if m, ok := d.Mapping(event); ok {
			hookctlEvent = m.Event
		}
		command := hookFileCommand(st.data)
		w := Wiring{Agent: d.Name, Scope: scope, File: st.path, AgentEvent: event, Event: hookctlEvent,
			Binary: OwnBinary(command)}
		if n, ok := OwnDeadline(command, d.Name); ok {
			w.Deadline = &n
		}
		w.setFlags(ownFlags(command, d.Name))
		out = append(out, w)
	}
	return out, nil
}

// projectOf is the project folder of an agent's project settings file (or hooks folder).
func projectOf(d *agent.Dialect, file string) string {
	rel := d.ProjectFile
	if rel == "" {
		rel = d.SettingsFile
	}
	dir := file
	for range strings.Split(filepath.Clean(rel), string(filepath.Separator)) {
		dir = filepath.Dir(dir)
	}
	return dir
}

// StrictWired reports whether any of the agents' entries Scan finds runs hookctl with
// --require-project (strict mode for that agent's runs).
func StrictWired(home, cwd, binary string, lookupEnv func(string) (string, bool)) bool {
	ws, _ := Scan(home, cwd, binary, lookupEnv)
	return slices.ContainsFunc(ws, func(w Wiring) bool { return w.RequireProject })
}

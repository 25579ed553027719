package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Plugin agents (OpenCode, Kilo, pi): install writes hookctl's plugin, agent.PluginFile, into
// the agent's plugin folder (the target's Path), holding one call of `hookctl run` for each
// agent event whose hooks run there; uninstall removes exactly that file. A file of that name
// that hookctl did not write is never written over or removed.

func init() { agent.SplitCommand = splitCommand }

// pluginPath is the plugin's file in the target's folder.
func (t Target) pluginPath() string { return filepath.Join(t.Path, agent.PluginFile) }

// pluginHow is the install the plugin's header names, as it is undone.
func (t Target) pluginHow() string {
	switch {
	case t.System:
		return t.Agent + " --system"
	case t.Portable:
		return t.Agent + " --project"
	}
	return t.Agent
}

// readPlugin reads the target's plugin: nil for none; an error for a file that is not
// hookctl's (a person's own of that name, a link, a folder).
func readPlugin(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file, so hookctl leaves it as it is: move it away and run install again", path)
	}
	data, _, err := safefile.ReadFile(path, 1<<20)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if !agent.IsPluginText(data) {
		return nil, fmt.Errorf("%s is not hookctl's, so hookctl leaves it as it is: move it away and run install again", path)
	}
	return data, nil
}

// pluginCalls are the calls the plugin makes for want.
func (t Target) pluginCalls(want []Want) ([]agent.PluginCall, error) {
	var calls []agent.PluginCall
	for _, w := range want {
		command := runLine(t, w)
		argv, err := splitCommand(command)
		if err != nil {
			return nil, fmt.Errorf("writing hookctl's plugin for %s: %w", t.Agent, err)
		}
		calls = append(calls, agent.PluginCall{Event: w.Event, Command: command, Argv: argv, Deadline: w.Deadline})
	}
	return calls, nil
}

// installPlugin makes the target's plugin hand exactly want to hookctl (none: uninstall
// removes it), written whole (temp, fsync, rename); a changed or broken copy of hookctl's is
// written again.
func installPlugin(t Target, want []Want, uninstall, dryRun bool) (Report, error) {
	path := t.pluginPath()
	r := Report{Agent: t.Agent, File: path, DryRun: dryRun, Added: []Change{}, Updated: []Change{}, Kept: []Change{}, Removed: []Change{}}
	d, err := agent.Lookup(t.Agent)
	if err != nil {
		return r, err
	}
	old, err := readPlugin(path)
	if err != nil {
		return r, err
	}
	calls, err := t.pluginCalls(want)
	if err != nil {
		return r, err
	}
	var data []byte
	if len(calls) > 0 {
		data = agent.PluginSource(d, t.pluginHow(), calls)
	}
	pluginChanges(old, calls, t.Agent, &r)
	if bytes.Equal(old, data) {
		return r, nil
	}
	r.Changed, r.Created, r.Deleted = true, old == nil, data == nil
	from, to := path, path
	if old == nil {
		from = "/dev/null"
	}
	if data == nil {
		to = "/dev/null"
	}
	r.Diff = unified(from, to, old, data)
	if dryRun {
		return r, nil
	}
	if data == nil {
		if err := os.Remove(path); err != nil {
			return r, fmt.Errorf("removing %s: %w", path, err)
		}
		if uninstall {
			t.removeMade(t.Path)
		}
		return r, nil
	}
	if err := t.mkdirAll(t.Path); err != nil {
		return r, fmt.Errorf("creating %s: %w", t.Path, err)
	}
	mode := fs.FileMode(0o644)
	if err := safefile.WriteFile(path, data, mode); err != nil {
		return r, fmt.Errorf("writing %s: %w", path, err)
	}
	return r, nil
}

// pluginChanges reports, per event, how the calls differ from the plugin's old ones.
func pluginChanges(old []byte, calls []agent.PluginCall, name string, r *Report) {
	_, commands, _ := agent.PluginCommands(old, name)
	var had []string
	for _, c := range commands {
		if words, err := splitCommand(c); err == nil && len(words) > 0 {
			had = append(had, words[len(words)-1])
		}
	}
	for _, c := range calls {
		i := slices.Index(had, c.Event)
		switch {
		case i < 0:
			r.Added = append(r.Added, Change{Event: c.Event, Command: c.Command})
		case commands[i] != c.Command || !agent.PluginIntact(name, old):
			r.Updated = append(r.Updated, Change{Event: c.Event, Command: c.Command})
		default:
			r.Kept = append(r.Kept, Change{Event: c.Event, Command: c.Command})
		}
	}
	for i, e := range had {
		if !slices.ContainsFunc(calls, func(c agent.PluginCall) bool { return c.Event == e }) {
			r.Removed = append(r.Removed, Change{Event: e, Command: commands[i]})
		}
	}
}

// scanPlugin finds the calls of hookctl's plugin in the agent's plugin folder; a copy that is
// not exactly as install writes it is an error that names it, since the agent may fail to load
// it without a word and let every call through.
func scanPlugin(d *agent.Dialect, scope, folder, name string) ([]Wiring, error) {
	path := filepath.Join(folder, agent.PluginFile)
	data, err := readPlugin(path)
	if data == nil || err != nil {
		return nil, err
	}
	_, commands, _ := agent.PluginCommands(data, d.Name)
	var out []Wiring
	for _, command := range commands {
		if !IsOwnCommand(command, d.Name, name) {
			continue
		}
		o, _ := parseOwn(command, d.Name, name)
		w := Wiring{Agent: d.Name, Scope: scope, File: path, AgentEvent: o.event, Event: eventOf(d, o.event), Binary: OwnBinary(command)}
		if o.deadline > 0 {
			n := o.deadline
			w.Deadline = &n
		}
		w.setFlags(o.flags)
		out = append(out, w)
	}
	if !agent.PluginIntact(d.Name, data) {
		return out, fmt.Errorf("%s is not as hookctl wrote it: %s may fail to load it without a word and let every tool call through; run hookctl install %s again", path, d.Title, d.Name)
	}
	return out, nil
}

// OtherPlugins are doctor's warnings for the plugins beside hookctl's in each plugin agent's
// plugin folders, user and project (SPEC 28.14): each runs inside the agent with hookctl's and
// can change a tool call after hookctl judged it, or keep hookctl's from loading.
func OtherPlugins(home string, projects []string, lookupEnv func(string) (string, bool)) []doctor.Finding {
	var out []doctor.Finding
	for _, d := range agent.Dialects() {
		if d.Plugin == nil {
			continue
		}
		for _, p := range d.SwitchPaths(home, projects, lookupEnv) {
			entries, err := os.ReadDir(filepath.Dir(p))
			if err != nil {
				continue
			}
			for _, e := range entries {
				if e.Name() == agent.PluginFile {
					continue
				}
				out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_plugin",
					Message: fmt.Sprintf("%s loads %s beside hookctl's plugin: it runs with every tool call and can change one after hookctl judged it",
						d.Title, filepath.Join(filepath.Dir(p), e.Name())),
					Fix: "keep it only if you trust it as you trust hookctl"})
			}
		}
	}
	return out
}

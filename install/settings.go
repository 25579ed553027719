package install

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Layout is how an agent's settings file nests its hook entries.
type Layout int

const (
	// Grouped is Claude Code's settings.json, also used by Codex's hooks.json and Gemini CLI's
	// settings.json: {"hooks": {EVENT: [{"matcher": M, "hooks": [{"type": "command",
	// "command": C, "timeout": T}]}]}}.
	Grouped Layout = iota
	// Flat is Cursor's hooks.json: {"version": 1, "hooks": {EVENT: [{"command": C,
	// "timeout": T}]}}.
	Flat
	// Copilot is a Copilot CLI hook file: {"version": 1, "hooks": {EVENT: [{"type":
	// "command", "bash": C, "timeoutSec": T}]}}.
	Copilot
	// CopilotPowerShell is a Copilot CLI hook file on Windows, where Copilot runs an entry's
	// "powershell" command: {"version": 1, "hooks": {EVENT: [{"type": "command",
	// "powershell": C, "timeoutSec": T}]}}.
	CopilotPowerShell
	// Windsurf is Windsurf's hooks.json: {"hooks": {EVENT: [{"command": C}]}}, with no timeout.
	Windsurf
	// Requirements is Codex's administrator file, requirements.toml: hookctl's entries are
	// inline [[hooks.EVENT]] tables in a block of its own (requirements.go).
	Requirements
)

// nested reports whether an event's entries are groups holding a "hooks" list.
func (l Layout) nested() bool { return l == Grouped }

// versioned reports whether the file carries "version": 1.
func (l Layout) versioned() bool { return l == Flat || l == Copilot || l == CopilotPowerShell }

// commandKey is the key of an entry's command.
func (l Layout) commandKey() string {
	switch l {
	case Copilot:
		return "bash"
	case CopilotPowerShell:
		return "powershell"
	}
	return "command"
}

// powerShellKey is the key of an entry's command for Windows beside its own, "" where the
// layout has none.
func (l Layout) powerShellKey() string {
	if l == Copilot {
		return "powershell"
	}
	return ""
}

// timeoutKey is the key of an entry's timeout, "" where the agent takes none.
func (l Layout) timeoutKey() string {
	switch l {
	case Copilot, CopilotPowerShell:
		return "timeoutSec"
	case Windsurf:
		return ""
	}
	return "timeout"
}

// entry is one command hook found in a settings file.
type entry struct {
	event   string
	group   int   // the entry's index in the event's array
	hook    int   // Grouped: its index in the group's "hooks"; Flat: -1
	obj     *node // the hook object
	command string
	timeout *node // nil when absent
	matcher string
}

// settings is a parsed settings file of one layout.
type settings struct {
	*doc
	path   string
	layout Layout
	// keep are the hooks object's keys that are not events (Target.HookSettings).
	keep []string
}

// problem is an error about a place in the file: "FILE:LINE:COL: what".
func (s *settings) problem(n *node, format string, args ...any) error {
	line, col := position(s.data, n.start)
	return fmt.Errorf("%s:%d:%d: %s", s.path, line, col, fmt.Sprintf(format, args...))
}

// loadEntries reads the settings file at path and lists its command hooks; a missing file
// wraps fs.ErrNotExist.
func loadEntries(path string, d *agent.Dialect) (*settings, []entry, error) {
	data, _, err := safefile.ReadFile(path, maxSettings)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	doc, err := newDoc(data, d.SettingsComments)
	if err != nil {
		return nil, nil, fmt.Errorf("%s:%w", path, err)
	}
	s := &settings{doc: doc, path: path, layout: LayoutOf(d), keep: d.HookSettings}
	entries, err := s.entries()
	if err != nil {
		return nil, nil, err
	}
	return s, entries, nil
}

// hooks returns the file's "hooks" object, nil when there is none.
func (s *settings) hooks() (*node, error) {
	if s.root.kind != '{' {
		return nil, s.problem(s.root, "the file holds %s, not an object", s.root.kindName())
	}
	h := s.root.get("hooks")
	if h != nil && h.kind != '{' {
		return nil, s.problem(h, `"hooks" is %s, want an object of events`, h.kindName())
	}
	return h, nil
}

// entries lists every command hook of the file in file order, checking the shape of all of
// them: a file hookctl cannot read in full is a file it must not edit.
func (s *settings) entries() ([]entry, error) {
	hooks, err := s.hooks()
	if hooks == nil || err != nil {
		return nil, err
	}
	if s.layout.versioned() {
		if v := s.root.get("version"); v != nil && string(s.data[v.start:v.end]) != "1" {
			return nil, s.problem(v, `"version" is %s: hookctl knows version 1 only (upgrade hookctl, or move the file away and run the command again)`, shownKey(string(s.data[v.start:v.end])))
		}
	}
	var out []entry
	for _, m := range hooks.members {
		if slices.Contains(s.keep, m.key) {
			continue
		}
		if m.val.kind != '[' {
			return nil, s.problem(m.val, "hooks.%s is %s, want an array", shownKey(m.key), m.val.kindName())
		}
		for gi, g := range m.val.elems {
			if g.kind != '{' {
				return nil, s.problem(g, "hooks.%s[%d] is %s, want an object", shownKey(m.key), gi, g.kindName())
			}
			if !s.layout.nested() {
				out = append(out, s.entry(m.key, gi, -1, g, g))
				continue
			}
			list := g.get("hooks")
			if list == nil {
				continue
			}
			if list.kind != '[' {
				return nil, s.problem(list, "hooks.%s[%d].hooks is %s, want an array", shownKey(m.key), gi, list.kindName())
			}
			for hi, h := range list.elems {
				if h.kind != '{' {
					return nil, s.problem(h, "hooks.%s[%d].hooks[%d] is %s, want an object", shownKey(m.key), gi, hi, h.kindName())
				}
				out = append(out, s.entry(m.key, gi, hi, g, h))
			}
		}
	}
	return out, nil
}

func (s *settings) entry(event string, gi, hi int, group, h *node) entry {
	e := entry{event: event, group: gi, hook: hi, obj: h}
	if k := s.layout.timeoutKey(); k != "" {
		e.timeout = h.get(k)
	}
	if c := h.get(s.layout.commandKey()); c != nil && c.kind == '"' {
		e.command = c.str
	}
	if t := h.get("type"); t != nil && (t.kind != '"' || t.str != "command") {
		e.command = "" // a prompt, agent or http hook: nothing hookctl runs or owns
	}
	if m := group.get("matcher"); m != nil && m.kind == '"' {
		e.matcher = m.str
	}
	return e
}

// RunFlags are what install writes after `run --agent AGENT` besides the deadline: the
// locations it used, so that HOOKCTL_HOME, HOOKCTL_ALLOWLIST or HOOKCTL_CONFIG set in the
// agent's environment cannot move a run away from the recorded guards (SPEC 18.1), and the
// switches of this machine's wiring.
type RunFlags struct {
	// System marks the wiring install --system writes into an agent's administrator file.
	System                  bool
	Home, Allowlist, Config string
	// Guarded says guards were recorded when install ran: a run that then finds no consent
	// state at all blocks what a guard could cover (SPEC 23.6).
	Guarded bool
	// AcceptHooks is a CI machine's --accept-hooks, written into its wiring (SPEC 23.1).
	AcceptHooks bool
	// RequireProject is strict mode's --require-project (SPEC 27.2, 28.27): a project guard not
	// approved in its repository blocks instead of being skipped.
	RequireProject bool
	// ProjectWiring marks a project's committed wiring (install --project): hookctl from
	// PATH behind a guard that refuses the call where there is none (portable.go), and
	// --project-wiring, which makes the run give way to the person's own wiring of the same
	// event, so that each hook runs once per call (SPEC 20, 23.11).
	ProjectWiring bool
}

// ownCommand is an entry hookctl's install wrote, as parseOwn reads it.
type ownCommand struct {
	binary   string
	flags    RunFlags
	deadline int64 // 0 for none (older hookctl wrote none)
	event    string
	// guarded says the command starts with a project wiring's guard (portable.go).
	guarded bool
}

// parseOwn reads command as an entry hookctl's install writes for the agent:
// `'/path/to/hookctl' run --agent AGENT [--system] [--home H] [--allowlist A] [--config C] [--guarded]
// [--accept-hooks] [--require-project] [--project-wiring] [--deadline N] [EVENT]`, the flags in that order, each at
// most once; older hookctl wrote fewer flags. A project's wiring puts the guard of one of the
// agent's events and `; exec ` before `hookctl run` (portable.go). The binary may be at any path (a moved binary's entry is still
// hookctl's, to be replaced); name is this binary's file name, in case it is not "hookctl".
// The last word names the event for agents whose payload does not (Copilot CLI, Cline), and
// only for them.
func parseOwn(command, agentName, name string) (ownCommand, bool) {
	var o ownCommand
	command, guarded := cutGuard(command)
	words, err := splitCommand(command)
	if err != nil || len(words) < 4 || guarded && words[0] != PortableBinary {
		return o, false
	}
	base := programName(words[0])
	if base != "hookctl" && base != "hookctl.exe" && base != name || words[1] != "run" || words[2] != "--agent" || words[3] != agentName {
		return o, false
	}
	o.binary = words[0]
	o.guarded = guarded
	rest := words[4:]
	if d, lerr := agent.Lookup(agentName); lerr == nil && d.EventFromArgs {
		if len(rest) == 0 || !d.HasEvent(rest[len(rest)-1]) {
			return o, false
		}
		o.event, rest = rest[len(rest)-1], rest[:len(rest)-1]
	}
	order := []string{"--system", "--home", "--allowlist", "--config", "--guarded", "--accept-hooks", "--require-project", "--project-wiring", "--deadline"}
	for len(rest) > 0 {
		i := slices.Index(order, rest[0])
		if i < 0 {
			return o, false
		}
		flag := rest[0]
		order = order[i+1:] // each once, in install's order
		switch flag {
		case "--system":
			o.flags.System, rest = true, rest[1:]
			continue
		case "--guarded":
			o.flags.Guarded, rest = true, rest[1:]
			continue
		case "--accept-hooks":
			o.flags.AcceptHooks, rest = true, rest[1:]
			continue
		case "--require-project":
			o.flags.RequireProject, rest = true, rest[1:]
			continue
		case "--project-wiring":
			o.flags.ProjectWiring, rest = true, rest[1:]
			continue
		}
		if len(rest) < 2 || rest[1] == "" {
			return o, false
		}
		value := rest[1]
		rest = rest[2:]
		switch flag {
		case "--home":
			o.flags.Home = value
		case "--allowlist":
			o.flags.Allowlist = value
		case "--config":
			o.flags.Config = value
		case "--deadline":
			n, ok := deadlineWord(flag, value)
			if !ok {
				return o, false
			}
			o.deadline = n
		}
	}
	return o, true
}

// IsOwnCommand reports whether command is an entry hookctl's install writes for the agent
// (parseOwn).
func IsOwnCommand(command, agentName, name string) bool {
	_, ok := parseOwn(command, agentName, name)
	return ok
}

// ownFlags returns the flags of an entry hookctl's install wrote (parseOwn).
func ownFlags(command, agentName string) RunFlags {
	o, _ := parseOwn(command, agentName, "")
	return o.flags
}

// OwnDeadline returns the --deadline of an entry hookctl's install wrote, false when it has
// none (older hookctl wrote none) or the command is no such entry.
func OwnDeadline(command, agentName string) (int64, bool) {
	o, ok := parseOwn(command, agentName, "")
	return o.deadline, ok && o.deadline > 0
}

func deadlineWord(flag, value string) (int64, bool) {
	n, err := strconv.ParseInt(value, 10, 64)
	return n, flag == "--deadline" && err == nil && n > 0 && value == strconv.FormatInt(n, 10)
}

// OwnBinary returns the hookctl binary path of an entry IsOwnCommand accepts: PortableBinary,
// a name looked up on PATH, for a project's wiring.
func OwnBinary(command string) string {
	command, _ = cutGuard(command)
	words, err := splitCommand(command)
	if err != nil || len(words) == 0 {
		return ""
	}
	return words[0]
}

// CommandLine is the command an entry runs for an agent that hands it to sh: hookctl at bin,
// single-quoted, with `run --agent AGENT` and the flags f; each entry adds its deadline
// (EntryCommand). A project's wiring (f.ProjectWiring) runs PortableBinary from PATH, whatever
// bin is.
func CommandLine(bin, agent string, f RunFlags) string {
	command, _ := CommandLineFor(POSIX, bin, agent, f) // sh can be given any word
	return command
}

// CommandLineFor is CommandLine quoted for the shell sh (SPEC 23.9). An error names a path that
// sh cannot be given as one word (Cmd); with Cmd a path with a space is given its short name
// first, where Windows keeps one.
func CommandLineFor(sh Shell, bin, agent string, f RunFlags) (string, error) {
	command := PortableBinary // the bare name, looked up on PATH where the wiring runs
	if !f.ProjectWiring {
		var err error
		if command, err = sh.quoteProgram(bin); err != nil {
			return "", fmt.Errorf("writing hookctl's command for %s: %w", agent, err)
		}
	}
	command += " run --agent " + agent
	if f.System {
		command += " --system"
	}
	for _, kv := range [][2]string{{"--home", f.Home}, {"--allowlist", f.Allowlist}, {"--config", f.Config}} {
		if kv[1] == "" {
			continue
		}
		v := kv[1]
		if sh == Cmd {
			v = shortName(v)
		}
		q, err := sh.quoteArg(v)
		if err != nil {
			return "", fmt.Errorf("writing hookctl's command for %s: %s %w", agent, kv[0], err)
		}
		command += " " + kv[0] + " " + q
	}
	if f.Guarded {
		command += " --guarded"
	}
	if f.AcceptHooks {
		command += " --accept-hooks"
	}
	if f.RequireProject {
		command += " --require-project"
	}
	if f.ProjectWiring {
		command += " --project-wiring"
	}
	return command, nil
}

// EntryCommand is the command of the entry w: the target's command line with
// `--deadline N`, the seconds the agent waits for it, so that hookctl ends its hooks before
// the agent gives up on it; then the event, where the agent's payload does not name it. A
// project's wiring (t.Portable) puts the event's guard before it, for the agent's shell; in a
// hook file (Cline) the guard has a line of its own (HookFile).
func EntryCommand(t Target, w Want) string {
	command := runLine(t, w)
	if d, err := agent.Lookup(t.Agent); err == nil && t.Portable && !t.HookFiles {
		command = portableEntry(d, t, w, command)
	}
	return command
}

// runLine is the hookctl command line of the entry w, without a project wiring's guard.
func runLine(t Target, w Want) string {
	command := t.Command + " --deadline " + strconv.FormatInt(w.Deadline, 10)
	if t.EventArg {
		ev, err := t.Shell.quoteArg(w.Event)
		if err != nil {
			ev = shellQuote(w.Event) // agents' event names are plain words: never reached
		}
		command += " " + ev
	}
	return command
}

// removeEntry deletes the hook entry, and its group when it was the group's only hook.
func (s *settings) removeEntry(e entry) error {
	hooks, _ := s.hooks()
	list := hooks.get(e.event)
	if s.layout == Grouped {
		group := list.elems[e.group]
		inner := group.get("hooks")
		if len(inner.elems) > 1 {
			return s.remove(inner, e.hook)
		}
	}
	return s.remove(list, e.group)
}

// addEntry appends a hook entry for the event, creating "hooks" and the event's array as
// needed.
func (s *settings) addEntry(event string, hook object) error {
	hooks, err := s.hooks()
	if err != nil {
		return err
	}
	if hooks == nil {
		if err := s.add(s.root, "hooks", object{}); err != nil {
			return err
		}
		if hooks, _ = s.hooks(); hooks == nil {
			return s.problem(s.root, `"hooks" could not be added to this file`)
		}
	}
	if hooks.get(event) == nil {
		if err := s.add(hooks, event, []any{}); err != nil {
			return err
		}
		hooks, _ = s.hooks()
	}
	var v any = hook
	if s.layout == Grouped {
		v = object{{"hooks", []any{hook}}}
	}
	return s.add(hooks.get(event), "", v)
}

// shownKey is text of the file as a message shows it: as is when it is one printable line, else
// Go-quoted, so that a line feed in a key cannot make an error print a line of its own.
func shownKey(k string) string {
	for _, r := range k {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return strconv.Quote(k)
		}
	}
	return k
}

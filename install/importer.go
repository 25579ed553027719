package install

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/shlex"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/lazy"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Imported is one command hook of an agent's settings file, in config.yaml's terms.
type Imported struct {
	Event      string   `json:"event"`       // hookctl's event, or a custom event's name
	AgentEvent string   `json:"agent_event"` // the event as the agent spells it
	Matcher    string   `json:"matcher"`
	Command    string   `json:"command"`
	Original   string   `json:"original"` // the command as the agent's file has it
	TimeoutS   float64  `json:"timeout_s"`
	Agents     []string `json:"agents"`
	// Dialect is the protocol the hook is fed under every agent, for an agent whose scripts
	// hookctl can feed everywhere (Claude Code's); Agents is empty then.
	Dialect string `json:"dialect,omitempty"`
	// FailClosed is written as fail_closed: true (hookctl hooks add --fail-closed); import
	// leaves it false and names the entries that block instead.
	FailClosed bool `json:"fail_closed,omitempty"`
}

// Blocking names the imported entries that can block a call (the events a guard lives on):
// without fail_closed, a failure, an edit or the entry going missing lets the call through,
// which the agent's own hook did not.
func Blocking(added []Imported) []string {
	var out []string
	for _, h := range added {
		if !config.GuardEvent(h.Event) {
			continue
		}
		name := h.Command + " on " + h.Event
		if h.Matcher != "" {
			name += " (matcher " + h.Matcher + ")"
		}
		out = append(out, name)
	}
	return out
}

// scope says where an imported hook runs: under every agent in its own agent's dialect where
// hookctl can feed it so (Claude Code's), else under its own agent only (SPEC 19).
func (h *Imported) scope(d *agent.Dialect) {
	if h.Dialect = d.ScriptName(); h.Dialect == "" {
		h.Agents = []string{d.Name}
	}
}

// Read returns the command hooks of the agent's settings file at path, converted for
// config.yaml, and notes on what was left out or changed and why. Entries that run hookctl
// are skipped: they are the wiring, not hooks. cfg says which custom events exist.
func Read(path string, d *agent.Dialect, cfg *config.Config) ([]Imported, []string, error) {
	if d.HookFiles {
		return readHookDir(path, d)
	}
	if d.Plugin != nil {
		return nil, nil, fmt.Errorf("%s runs no command hooks, only plugins: there are none to import", d.Title)
	}
	s, entries, err := loadEntries(path, d)
	if err != nil {
		return nil, nil, err
	}
	var out []Imported
	var notes []string
	for _, e := range entries {
		h, note := convert(s, d, cfg, e)
		if note != "" {
			notes = append(notes, note)
		}
		if h != nil {
			out = append(out, *h)
		}
	}
	return out, notes, nil
}

// convert turns one entry into a config hook, or says why it cannot be one.
func convert(s *settings, d *agent.Dialect, cfg *config.Config, e entry) (*Imported, string) {
	if e.command == "" {
		return nil, ""
	}
	if runsHookctl(e.command) {
		return nil, ""
	}
	event := e.event
	m, mapped := d.Mapping(e.event)
	switch {
	case mapped:
		event = m.Event
	case !d.HasEvent(e.event):
		return nil, fmt.Sprintf("skipped %s hook %q: %s has no such event", e.event, e.command, d.Title)
	case !slices.Contains(cfg.CustomEvents, e.event):
		return nil, fmt.Sprintf("skipped %s hook %q: %s has no hookctl event; add custom_events: [%s] to the config and import again", e.event, e.command, e.event, e.event)
	}
	h := &Imported{Event: event, AgentEvent: e.event, Command: e.command, Original: e.command}
	h.scope(d)
	note := ""
	if needsShell(e.command) {
		h.Command = "sh -c " + shellQuote(e.command)
	} else if abs, ok := absolute(e.command, agentDir(s.path, d)); ok {
		h.Command = abs
		note = fmt.Sprintf("%s hook %q: its relative path now starts from %s", e.event, e.command, agentDir(s.path, d))
	}
	matcher := e.matcher
	if matcher == "" && mapped {
		matcher = m.Tool.Name // Cursor's beforeShellExecution is about the Shell tool only
	}
	if ev, _ := agent.LookupEvent(event); ev.Tool && matcher != "*" {
		if _, err := config.CompileMatcher(matcher); err != nil {
			return nil, fmt.Sprintf("skipped %s hook %q: its matcher %q is not a valid regular expression", e.event, e.command, matcher)
		}
		h.Matcher = matcher
	} else if matcher != "" && matcher != "*" {
		note = fmt.Sprintf("%s hook %q: matcher %q left out, as hookctl matches tool names only: it runs on every %s", e.event, e.command, matcher, e.event)
	}
	if n := numberOf(s, e.timeout); n != nil {
		h.TimeoutS = (time.Duration(*n) * d.TimeoutUnit).Seconds()
	}
	return h, note
}

// agentDir is the folder an agent's relative hook commands start from: Cursor's hooks.json's
// own folder; for the others the folder holding .claude, .codex or .gemini (the project, or
// the home folder).
func agentDir(path string, d *agent.Dialect) string {
	switch LayoutOf(d) {
	case Flat:
		return filepath.Dir(path)
	case Copilot: // .github/hooks/x.json: Copilot runs hooks from the repository's root
		return filepath.Dir(filepath.Dir(filepath.Dir(path)))
	}
	return filepath.Dir(filepath.Dir(path))
}

// ImportSources are the files import reads for the agent whose settings are at path: the file
// itself, or for Copilot CLI, which reads every hook file of its folder, each of those but
// hookctl's own.
func ImportSources(d *agent.Dialect, path string) ([]string, error) {
	if LayoutOf(d) != Copilot {
		return []string{path}, nil
	}
	matches, err := filepath.Glob(filepath.Join(filepath.Dir(path), "*.json"))
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(matches, func(m string) bool { return m == path }), nil
}

// hookFileExts are the extensions of the hook files Cline runs (3.0.65), "" for none.
var hookFileExts = []string{"", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".ps1"}

var hookFileInterpreterOnce lazy.Value[map[string]string]

// hookFileInterpreter is the program Cline runs a hook file with, by extension.
func hookFileInterpreter() map[string]string {
	return hookFileInterpreterOnce.Get(func() map[string]string {
		return map[string]string{".sh": "bash", ".bash": "bash", ".zsh": "bash", ".js": "node",
			".mjs": "node", ".cjs": "node", ".ts": "bun run", ".mts": "bun run", ".cts": "bun run", ".py": "python3", ".ps1": "pwsh -File"}
	})
}

// readHookDir lists the person's own hook files in a Cline hooks folder: those named after an
// event (any case, an extension Cline runs), which are not hookctl's. Each becomes a hook that
// runs the file by its path.
func readHookDir(dir string, d *agent.Dialect) ([]Imported, []string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	t := TargetFor(d, dir, "hookctl", RunFlags{})
	var out []Imported
	var notes []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if !slices.Contains(hookFileExts, strings.ToLower(ext)) {
			continue
		}
		base := strings.TrimSuffix(e.Name(), ext)
		i := slices.IndexFunc(t.Events, func(ev string) bool { return strings.EqualFold(ev, base) })
		if i < 0 || !e.Type().IsRegular() {
			continue
		}
		event := t.Events[i]
		path := filepath.Join(dir, e.Name())
		data, _, err := safefile.ReadFile(path, 64<<10)
		if err == nil && ownHookFile(data, t, event) {
			continue // the wiring, not a hook
		}
		m, mapped := d.Mapping(event)
		if !mapped {
			notes = append(notes, fmt.Sprintf("skipped %s: %s has no hookctl event; add custom_events: [%s] to the config and import again", path, event, event))
			continue
		}
		h := Imported{Event: m.Event, AgentEvent: event, Command: config.ShellQuote(path), Original: path}
		h.scope(d)
		// Run it as Cline does: by its extension's interpreter, or bash without a #! line.
		if interp := hookFileInterpreter()[strings.ToLower(ext)]; interp != "" {
			h.Command = interp + " " + config.ShellQuote(path)
		} else if err == nil && !bytes.HasPrefix(data, []byte("#!")) {
			h.Command = "bash " + config.ShellQuote(path)
		}
		out = append(out, h)
	}
	return out, notes, nil
}

// absolute rewrites a command whose program word is a relative path (./hooks/x.sh) to start
// from dir: in config.yaml a relative path starts from the config's folder instead. Leading
// NAME=value words stay in front of it as they are.
func absolute(command, dir string) (string, bool) {
	start := programStart(command)
	env, trimmed := command[:start], command[start:]
	first, _, _ := strings.Cut(trimmed, " ")
	first, _, _ = strings.Cut(first, "\t")
	if !strings.Contains(first, "/") || strings.ContainsAny(first, `'"\`) || strings.HasPrefix(first, "/") ||
		strings.HasPrefix(first, "~") || strings.HasPrefix(first, "$") {
		return command, false
	}
	// With / on Windows too: config.yaml splits a command as a shell does, where a backslash
	// outside quotes escapes, and Windows takes either separator.
	return env + config.ShellQuote(filepath.ToSlash(filepath.Join(dir, first))) + trimmed[len(first):], true
}

// programStart is the offset in command of its first word that is not a leading NAME=value
// word (white space before it included in what precedes). A word is read as sh reads it:
// quotes and backslashes keep white space inside it; an assignment's name is unquoted.
func programStart(command string) int {
	i := 0
	for {
		for i < len(command) && (command[i] == ' ' || command[i] == '\t') {
			i++
		}
		end := wordEnd(command, i)
		name, _, ok := strings.Cut(command[i:end], "=")
		if end == i || !ok || !config.IsName(name) {
			return i
		}
		i = end
	}
}

// wordEnd is the offset just past the shell word starting at i.
func wordEnd(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; c {
		case ' ', '\t', '\n':
			return i
		case '\\':
			i += 2
		case '\'', '"':
			j := i + 1
			for j < len(s) && s[j] != c {
				if c == '"' && s[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		default:
			i++
		}
	}
	return len(s)
}

// runsHookctl reports whether the command runs hookctl itself (install's wiring).
func runsHookctl(command string) bool {
	words, err := shlex.Split(command)
	return err == nil && len(words) > 1 && filepath.Base(words[0]) == "hookctl" && words[1] == "run"
}

// complexParam reports whether the command has a ${...} that is more than a variable's name:
// a shell expands ${VAR:-default}, hookctl only ${VAR}.
func complexParam(command string) bool {
	for rest := command; ; {
		i := strings.Index(rest, "${")
		if i < 0 {
			return false
		}
		rest = rest[i+2:]
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return true
		}
		for _, c := range rest[:end] {
			if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return true
			}
		}
	}
}

// shellOnly are first words that only a shell understands.
var shellOnly = []string{"cd", "source", ".", "export", "exit", "eval", "exec", "set", "if", "for", "while", "case", "until", "{", "!", "[[", "function"}

// needsShell reports whether the agent's command uses what only a shell does (operators,
// redirections, globs, comments, compound commands, parameter forms hookctl does not expand),
// so that it must run as sh -c to mean the same. A command that needs none runs as it is:
// consent can then pin the script it names. Leading NAME=value words need no shell: hookctl
// sets them in the hook's environment as sh does, and pins the script they prefix.
func needsShell(command string) bool {
	if strings.ContainsAny(command, "|&;<>()`*?[]{}#!\n") || complexParam(command) {
		return true
	}
	if _, err := shlex.Split(command); err != nil {
		return true
	}
	words, err := shlex.Split(command[programStart(command):])
	return err != nil || len(words) == 0 || slices.Contains(shellOnly, words[0])
}

// shellQuote quotes s as one word for sh, in single quotes.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Check confirms that the config text holds every imported hook, as hookctl will read it:
// the same event, matcher and command, with the agent's command as the argv when it was
// wrapped in sh -c. It guards the YAML edit and the quoting against each other.
func Check(path string, data []byte, hooks []Imported, opts config.Options) error {
	cfg := config.Parse(path, data, opts)
	for _, h := range hooks {
		found := slices.ContainsFunc(cfg.HooksFor(h.Event), func(c config.Hook) bool {
			if c.Command != h.Command || c.Matcher != h.Matcher {
				return false
			}
			wrapped := h.Command == "sh -c "+shellQuote(h.Original)
			return !wrapped || len(c.Argv) == 3 && c.Argv[2] == h.Original
		})
		if !found {
			var problems []string
			for _, p := range cfg.Problems {
				problems = append(problems, p.String())
			}
			return fmt.Errorf("could not add %s to %s safely, so nothing was changed; its layout is unusual (%s): add the hooks by hand",
				strconv.Quote(h.Command), path, strings.Join(problems, "; "))
		}
	}
	return nil
}

// loadable returns why config.yaml would drop the hook, or nil.
func loadable(h Imported, opts config.Options) error {
	text, err := AppendToConfig(nil, []Imported{h}, "check")
	if err != nil {
		return err
	}
	cfg := config.Parse("config.yaml", text, opts)
	for _, p := range cfg.Problems {
		if p.Severity == config.SeverityError {
			_, msg, _ := strings.Cut(p.String(), "error: ")
			return errors.New(msg)
		}
	}
	return nil
}

// ImportResult is what Import adds to the config.
type ImportResult struct {
	Config string     `json:"config"`
	File   string     `json:"file"`
	Added  []Imported `json:"added"`
	// Present lists the agent's hooks the config already has (same event and command).
	Present []Imported `json:"present"`
	Notes   []string   `json:"notes"`
}

// Import reads the agent's settings file and returns the config text (data, of the file at
// cfgPath; nil when there is none) with the agent's command hooks appended, those it already
// has left out.
func Import(cfgPath string, data []byte, settingsPath string, d *agent.Dialect, lookupEnv func(string) (string, bool)) ([]byte, ImportResult, error) {
	r := ImportResult{Config: cfgPath, File: settingsPath, Added: []Imported{}, Present: []Imported{}, Notes: []string{}}
	opts := config.Options{LookupEnv: lookupEnv}
	cfg := config.Parse(cfgPath, data, opts)
	if cfg.Unreadable {
		return nil, r, fmt.Errorf("%s cannot be read: fix it first (hookctl hooks list shows why)", cfgPath)
	}
	hooks, notes, err := Read(settingsPath, d, cfg)
	if err != nil {
		return nil, r, err
	}
	r.Notes = append(r.Notes, notes...)
	for _, h := range hooks {
		if err := loadable(h, opts); err != nil {
			r.Notes = append(r.Notes, fmt.Sprintf("skipped %s hook %q: %v", h.AgentEvent, h.Original, err))
			continue
		}
		have := slices.ContainsFunc(cfg.HooksFor(h.Event), func(c config.Hook) bool { return c.Command == h.Command })
		dup := slices.ContainsFunc(r.Added, func(a Imported) bool { return a.Event == h.Event && a.Command == h.Command })
		switch {
		case have:
			r.Present = append(r.Present, h)
		case !dup:
			r.Added = append(r.Added, h)
		}
	}
	if len(r.Added) == 0 {
		return data, r, nil
	}
	out, err := AppendToConfig(data, r.Added, settingsPath)
	if err != nil {
		return nil, r, fmt.Errorf("adding to %s: %w", cfgPath, err)
	}
	if err := Check(cfgPath, out, r.Added, opts); err != nil {
		return nil, r, err
	}
	return out, r, nil
}

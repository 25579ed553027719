// Package agent knows the agents hookctl speaks for. It holds hookctl's own events and what
// each can do (one table, events.go), and one registration per agent, each in its own file: a
// Dialect that says how the agent's events map onto hookctl's, its tools, where its settings
// live and in what shape, how to read its payload and a hook's answer and write the merged
// decision back, the signs it leaves in its shell (signs.go, read by internal/agentenv), its
// hooks-off switches and the flags that drop its hooks (switches.go), and what install needs:
// its Windows shell, fail-closed switch and administrator files (wiring.go). The runner,
// install, doctor and the self-guard consult these and keep no list of agents of their own;
// adding an agent is one new file that registers its Dialect, and registration_test.go names
// any part it lacks. The few places elsewhere that may name one agent (a trust step that reads
// that agent's own files, doctor's script words) are listed with their reasons in
// onelist_test.go, which fails on any other.
//
// The package is a leaf: it imports nothing of hookctl but internal helpers, so that config,
// runner and install can all read its tables.
package agent

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookctl/hookctl/internal/jsonx"
	"github.com/hookctl/hookctl/internal/lazy"
	"github.com/hookctl/hookctl/internal/suggest"
)

// Default is the dialect of a plain `hookctl run`: Hermes's, hookctl's own.
const Default = "hermes"

// Dialect is one agent's hook convention.
type Dialect struct {
	// Name is what --agent and a config entry's agents list call it ("claude-code").
	Name string
	// Title is the agent's name for people ("Claude Code").
	Title string
	// Signs are what the agent leaves in its shell tool's environment and process tree
	// (signs.go).
	Signs Signs
	// switches are the agent's hooks-off settings and the flags and variables that drop its
	// hooks (switches.go; Switches).
	switches Switches
	// Layout is the shape of the agent's settings file (wiring.go), "" where hookctl writes
	// none (Hermes) or writes hook files (HookFiles).
	Layout string
	// WindowsShell is the shell the agent runs hook commands with on Windows (wiring.go), as
	// the agent's own sources and its users' reports show it (docs/windows.md).
	WindowsShell string
	// FailSwitch is the agent's own "a failed hook blocks" setting on a hook entry.
	FailSwitch FailSwitch
	// Admin are the agent's administrator files, which `install --system` wires.
	Admin Admin
	// Events maps the agent's events onto hookctl's, in the agent's documentation order.
	Events []Mapping
	// FiresCustom says the agent fires custom events under their own names (Hermes does:
	// its integrators call `hookctl run EVENT` with any custom_events name).
	FiresCustom bool
	// Tools are the agent's built-in tool names, as matchers see them (MCP tools come on top).
	Tools []string
	// toolRows give hookctl's name and input keys for the agent's tools (tools.go).
	toolRows []ToolRow
	// mcpSingle says the agent names an MCP tool mcp_SERVER_TOOL (Gemini CLI), not
	// mcp__SERVER__TOOL.
	mcpSingle bool
	// OtherEvents are the agent's events with no hookctl meaning: hooks configured under that
	// exact name in custom_events run on them.
	OtherEvents []string
	// SettingsFile is where the agent reads its hooks, relative to the home folder for the
	// user's settings and to the project folder for --project; "" when hookctl does not wire
	// the agent (Hermes calls hookctl itself).
	SettingsFile string
	// ProjectFile is the settings file under the project folder when it is not SettingsFile
	// (Copilot: .github/hooks, not .copilot/hooks).
	ProjectFile string
	// DirEnv names the variable that, when set, is the agent's own folder in place of the first
	// element of SettingsFile under the home folder (Codex's CODEX_HOME for ~/.codex, Claude
	// Code's CLAUDE_CONFIG_DIR for ~/.claude).
	DirEnv string
	// HomeEnv names the variable that, when set, is the home folder the agent reads its user
	// settings under (Gemini CLI's GEMINI_CLI_HOME).
	HomeEnv string
	// SettingsVersion is the "version" a new settings file carries, 0 for none (Cursor: 1).
	SettingsVersion int
	// TimeoutUnit is the unit of the timeouts in the agent's settings (Gemini: milliseconds).
	TimeoutUnit time.Duration

	// Fields says where the agent's payload keeps the session id and the cwd.
	Fields Fields
	// WireAll makes install wire every agent event that maps to a configured hookctl event,
	// for agents with no general tool event (Windsurf: one pre-hook per kind of action).
	WireAll bool
	// HookFiles says the agent runs executables named after its events from a folder
	// (SettingsFile is that folder), not entries of a settings file (Cline).
	HookFiles bool
	// Plugin is set for agents that run no command hooks but load plugins (OpenCode, Kilo,
	// pi): install writes hookctl's plugin (plugin.go) into SettingsFile, a plugin folder.
	Plugin *Plugin
	// Limit is how long the agent waits for a hook whatever its settings say (Cline: 120 s),
	// 0 where install writes the timeout.
	Limit time.Duration
	// EventFromArgs says the agent's payload does not name its event (Copilot, Cline): the
	// entry install writes passes it as run's EVENT argument, in the agent's own spelling.
	EventFromArgs bool
	// ProjectDir is set for agents that give their hooks $CLAUDE_PROJECT_DIR, the project's
	// folder: when hookctl's environment lacks it, it is the payload's cwd (SPEC 17.12).
	ProjectDir bool
	// SessionNotice is set for agents that show the person the systemMessage of a session-start
	// hook: install wires that event for hookctl's once-a-session notices (SPEC 18.3, 23.5).
	SessionNotice bool
	// WallStart is set for agents proven to run whole when started behind the kernel wall
	// (`hookctl wall -- AGENT`, the real-agent suite's wall-start case): install --wall then
	// wires the wall by the agent's start, and a call from outside it is blocked (SPEC 24.2).
	WallStart bool
	// WallStartArgs are the arguments the agent is started with behind the wall, where one of
	// its own defaults cannot run there (SPEC 28.16: Codex's bubblewrap sandbox makes mounts,
	// which Landlock refuses, so behind the wall Codex runs with its sandbox off).
	WallStartArgs []string
	// HookSettings are keys of the settings file's hooks object that are the agent's settings,
	// not events (Factory Droid's hooksDisabled and showHookOutput): install keeps them as they
	// are and reads no entries there.
	HookSettings []string
	// SettingsComments is set for agents that read `//` and `/* */` comments in their settings
	// file (Gemini CLI): install reads the file as they do and keeps the comments.
	SettingsComments bool
	// ExitWriter says the agent reads no answer on stdout: the writer's output is the reason
	// of a refusal, which hookctl prints on stderr with exit status 2 (Windsurf).
	ExitWriter bool
	// ExitIgnored says the agent reads no exit status of its hooks: only an answer on stdout
	// refuses (Cline's cancel).
	ExitIgnored bool
	// Exit2Stdout lets the message of an exit status 2 come from stdout's JSON before stderr
	// (Hermes); the other agents read stderr only.
	Exit2Stdout bool
	// Exit2Hidden says the agent tells its model only that a hook failed ("hook exited with
	// code 2", Copilot CLI), not the hook's stderr: a refusal that must name its reason (a
	// project's wiring on a machine without hookctl) is the agent's own deny on stdout.
	Exit2Hidden bool
	// own marks hookctl's own protocol (Hermes's); callers ask through its methods
	// (ChainsPayload, ResultField, CallerName, EventInPayload, and Feed's payload).
	own bool
	// Reader reads a hook's stdout in this dialect.
	Reader AnswerReader
	// Writer writes the merged decision back in the agent's convention; nil for Hermes, whose
	// result is hookctl's own JSON.
	Writer DecisionWriter

	// base is the part of every synthetic payload besides the event name, session id, cwd and
	// the event's own fields, as JSON object members without braces.
	base string
	// synthetic, when set, builds a mapping's Synthetic on demand instead of the table's.
	synthetic func(Mapping) string
}

// Mapping is one agent event and the hookctl event it fires.
type Mapping struct {
	// AgentEvent is the event as the agent spells it ("PreToolUse").
	AgentEvent string
	// Event is the hookctl event it fires ("pre_tool_call"), one of Events.
	Event string
	// General marks, among several agent events mapped to one hookctl event, the one install
	// wires (Cursor's preToolUse), so that no call fires hooks twice.
	General bool
	// Tool says where the tool name and input are read from, on tool events.
	Tool ToolSource
	// Honours is what a hook's answer can do on this agent event (the agent's rules, not
	// Hermes's: Claude Code lets a PostToolUse hook block, for one).
	Honours Directive
	// Exit2 is what exit status 2 means here: Block, Continue, or 0 (a failure).
	Exit2 Directive
	// FailBlocks makes any exit status other than 0 block, as the agent itself reads a failed
	// hook there (Copilot's preToolUse denies on exit 1); the reason is stderr, as for exit 2.
	FailBlocks bool
	// PlainContext makes plain text on stdout context (Claude Code's UserPromptSubmit and
	// SessionStart) instead of invalid output.
	PlainContext bool
	// Synthetic is the event-specific part of the payload `hooks test --agent` fires, as JSON
	// object members without braces (`"tool_name":"Bash","tool_input":{...}`).
	Synthetic string
}

// ToolSource says where a tool event's tool name and input are in the agent's payload.
type ToolSource struct {
	// Name is a fixed tool name (Cursor's beforeShellExecution: "Shell"); "" reads tool_name.
	Name string
	// Input lists the payload keys that make up the tool input (Cursor: command, cwd); nil
	// reads tool_input.
	Input []string
	// DecodeString decodes a tool_input that is a JSON string holding an object (Cursor's MCP
	// calls, Copilot's toolArgs as its reference shows them).
	DecodeString bool
	// NameAt and InputAt are the paths of the tool name and input in the payload, for agents
	// that keep them under other keys or inside an object (Copilot's toolName and toolArgs,
	// Cline's preToolUse.toolName and tool_call.input); nil reads tool_name and tool_input.
	NameAt, InputAt []string
	// Required makes a payload without a tool name at NameAt an error: it was sent for
	// another event or by another agent, and running the hooks on it would judge nothing.
	Required bool
}

// Fields says where an agent's payload keeps what hookctl reads besides the tool.
type Fields struct {
	// Event is the key of the agent's event name ("hook_event_name" when empty; Windsurf:
	// "agent_action_name"). Agents that send none (EventFromArgs) name it on the command line.
	Event string
	// Session is the session id's key ("session_id"; Cursor: "conversation_id").
	Session string
	// Cwd is the working folder's key ("cwd").
	Cwd string
	// CwdList is a key whose first element is the working folder when Cwd is absent (Cursor's
	// workspace_roots).
	CwdList string
}

// registrations are the dialects' files' entries (register), each a function that returns its
// dialect ready: registry calls them on its first use. A command that asks for no agent
// (`--version`, a run in hookctl's own protocol) so never builds them: at start-up the twelve
// were about 5% of the instructions of `hookctl --version` (callgrind).
var registrations []func() *Dialect

// register adds a dialect; each dialect's file calls it from init with a function that returns
// the dialect, finished (a plugin agent's shared parts filled in, say).
func register(build func() *Dialect) { registrations = append(registrations, build) }

var registryOnce lazy.Value[[]*Dialect]

// registry is every registered dialect, sorted by name.
func registry() []*Dialect {
	return registryOnce.Get(func() []*Dialect {
		out := make([]*Dialect, len(registrations))
		for i, build := range registrations {
			out[i] = build()
		}
		slices.SortFunc(out, func(a, b *Dialect) int { return strings.Compare(a.Name, b.Name) })
		return out
	})
}

// Names lists the dialects, sorted.
func Names() []string {
	names := make([]string, len(registry()))
	for i, d := range registry() {
		names[i] = d.Name
	}
	return names
}

// Dialects lists every dialect, sorted by name.
func Dialects() []*Dialect { return slices.Clone(registry()) }

// ErrUnknown is wrapped by Lookup's error for a name that is no dialect.
var ErrUnknown = errors.New("unknown agent")

// Lookup returns the dialect called name. An unknown name is an error wrapping ErrUnknown
// with a did-you-mean, or the list of agents when none is close.
func Lookup(name string) (*Dialect, error) {
	for _, d := range registry() {
		if d.Name == name {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%w %q%s", ErrUnknown, name, Hint(name))
}

// Hint completes a message about an unknown agent name: a did-you-mean when one name is close,
// else the list of agents.
func Hint(name string) string {
	if s := closestName(name); s != "" {
		return fmt.Sprintf(": did you mean %q?", s)
	}
	return "; agents: " + strings.Join(Names(), ", ")
}

// closestName is the agent a mistyped name most likely meant: the same name in another case,
// the one agent whose name starts with it ("claude"), else the closest by edit distance.
func closestName(name string) string {
	var prefixed []string
	for _, n := range Names() {
		if strings.EqualFold(n, name) {
			return n
		}
		if name != "" && strings.HasPrefix(n, strings.ToLower(name)) {
			prefixed = append(prefixed, n)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return suggest.Closest(name, Names())
}

// Mapping returns the mapping of one of the agent's events.
func (d *Dialect) Mapping(agentEvent string) (Mapping, bool) {
	for _, m := range d.Events {
		if m.AgentEvent == agentEvent {
			return m, true
		}
	}
	return Mapping{}, false
}

// AgentEvents returns the agent's events that fire the hookctl event, general one first.
func (d *Dialect) AgentEvents(event string) []Mapping {
	var out []Mapping
	for _, m := range d.Events {
		if m.Event == event {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Mapping) int {
		switch {
		case a.General == b.General:
			return 0
		case a.General:
			return -1
		}
		return 1
	})
	return out
}

// Blocking names the agents, in registry order, one of whose events firing the hookctl event
// lets a hook block (exit status 2, fail_closed): for pre_llm_call, the agents whose prompt
// submission a hook can refuse.
func Blocking(event string) []string {
	var names []string
	for _, d := range registry() {
		for _, m := range d.AgentEvents(event) {
			if m.Honours.Has(Block) {
				names = append(names, d.Name)
				break
			}
		}
	}
	return names
}

// InstallEvent returns the agent event install wires for the hookctl event: the general one
// when several map to it, else the only one; false when the agent has no such event.
func (d *Dialect) InstallEvent(event string) (string, bool) {
	m, ok := d.installMapping(event)
	return m.AgentEvent, ok
}

// installMapping is the row of InstallEvent.
func (d *Dialect) installMapping(event string) (Mapping, bool) {
	ms := d.AgentEvents(event)
	if len(ms) == 0 {
		return Mapping{}, false
	}
	return ms[0], true
}

// NamedEvent reads the event a call's command line names (run --agent NAME [EVENT]): the
// agent's own event name, which install writes for agents whose payload names none, is the
// event to read the payload as (agentEvent; named is then ""); a hookctl event for an agent
// whose payload names none is read as the agent event install wires for it; any other name is
// left as the hookctl event the call fires. An agent whose payload names no event must have
// it named: nothing named is an error, with the fix.
func (d *Dialect) NamedEvent(name string) (named, agentEvent string, err error) {
	switch {
	case name != "" && d.HasEvent(name):
		return "", name, nil
	case name != "" && d.EventFromArgs:
		agentEvent, _ = d.InstallEvent(name)
		return name, agentEvent, nil
	case d.EventFromArgs:
		return "", "", fmt.Errorf("%s's payload does not name its event: name it, as hookctl install %s writes it (hookctl run --agent %s %s)",
			d.Title, d.Name, d.Name, d.Events[0].AgentEvent)
	}
	return name, "", nil
}

// HasEvent reports whether the agent fires an event of exactly that name, mapped or not (a
// custom event is wired only to an agent that has it).
func (d *Dialect) HasEvent(agentEvent string) bool {
	_, ok := d.Mapping(agentEvent)
	return ok || slices.Contains(d.OtherEvents, agentEvent)
}

// HookEvents returns the agent events that fire hooks configured under the hookctl event (or
// custom event of that name); none means such hooks never run under this agent.
func (d *Dialect) HookEvents(event string) []string {
	var out []string
	for _, m := range d.AgentEvents(event) {
		out = append(out, m.AgentEvent)
	}
	if len(out) == 0 && (d.FiresCustom || slices.Contains(d.OtherEvents, event)) {
		out = append(out, event)
	}
	return out
}

// ToolNames is hookctl's name for a tool and the agent's tools it stands for.
type ToolNames struct {
	// Hookctl is hookctl's name, or the agent's own for a tool hookctl has no name for.
	Hookctl string `json:"tool"`
	// Agent are the agent's names for it, in the order given.
	Agent []string `json:"agent_tools"`
}

// String is hookctl's name with the agent's in parentheses where they differ: "terminal (Bash)",
// "read_file" (Gemini CLI's read_file).
func (n ToolNames) String() string {
	if len(n.Agent) == 1 && n.Agent[0] == n.Hookctl {
		return n.Hookctl
	}
	return n.Hookctl + " (" + strings.Join(n.Agent, ", ") + ")"
}

// NameTools groups some of the agent's tools under hookctl's names, each group where its first
// tool is; a tool hookctl has no name for is a group of its own under its own name.
func (d *Dialect) NameTools(tools []string) []ToolNames {
	var out []ToolNames
	for _, t := range tools {
		name, _ := d.HookctlTool(t)
		i := slices.IndexFunc(out, func(n ToolNames) bool { return n.Hookctl == name })
		if i < 0 {
			out = append(out, ToolNames{Hookctl: name})
			i = len(out) - 1
		}
		out[i].Agent = append(out[i].Agent, t)
	}
	return out
}

// UserSettings is the agent's user settings file under the home folder, or where the agent's
// own variable moves it (DirEnv, HomeEnv) when lookupEnv finds that set; a nil lookupEnv reads
// none.
func (d *Dialect) UserSettings(home string, lookupEnv func(string) (string, bool)) string {
	if d.SettingsFile == "" {
		return ""
	}
	if lookupEnv != nil {
		if v, ok := lookupEnv(d.DirEnv); ok && d.DirEnv != "" && v != "" {
			_, rest, _ := strings.Cut(filepath.ToSlash(d.SettingsFile), "/")
			return filepath.Join(v, rest)
		}
		if v, ok := lookupEnv(d.HomeEnv); ok && d.HomeEnv != "" && v != "" {
			home = v
		}
	}
	return filepath.Join(home, d.SettingsFile)
}

// ProjectSettings is the agent's project settings file under the project folder.
func (d *Dialect) ProjectSettings(dir string) string {
	if rel := d.ProjectRel(); rel != "" {
		return filepath.Join(dir, rel)
	}
	return ""
}

// ProjectRel is the agent's project settings file relative to the project folder, "" when
// hookctl does not wire the agent.
func (d *Dialect) ProjectRel() string {
	if d.ProjectFile != "" {
		return d.ProjectFile
	}
	return d.SettingsFile
}

// Timeout converts a duration to a whole number of the agent's timeout units, rounded up so
// that the agent never stops hookctl before hookctl's own limit.
func (d *Dialect) Timeout(t time.Duration) int64 {
	unit := d.TimeoutUnit
	if unit <= 0 {
		unit = time.Second
	}
	return int64((t + unit - 1) / unit)
}

// eventKey is the payload key of the agent's event name.
func (d *Dialect) eventKey() string {
	if d.Fields.Event != "" {
		return d.Fields.Event
	}
	return "hook_event_name"
}

// Synthetic returns the payload `hooks test --agent` fires for the agent event, in the agent's
// own shape, with session id "test-session" and cwd dir.
func (d *Dialect) Synthetic(m Mapping, dir string) []byte {
	cwd := jsonx.AppendString(nil, dir)
	b := []byte{'{'}
	if !d.EventFromArgs {
		b = jsonx.AppendString(b, d.eventKey())
		b = append(b, ':')
		b = jsonx.AppendString(b, m.AgentEvent)
	}
	if d.Fields.Session != "" {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = jsonx.AppendString(b, d.Fields.Session)
		b = append(b, ':')
		session := "test-session"
		if ev, _ := LookupEvent(m.Event); ev.SyntheticSession != "" {
			session = ev.SyntheticSession
		}
		b = jsonx.AppendString(b, session)
	}
	if d.Fields.Cwd != "" {
		b = append(b, ',')
		b = jsonx.AppendString(b, d.Fields.Cwd)
		b = append(b, ':')
		b = append(b, cwd...)
	}
	if d.Fields.CwdList != "" {
		b = append(b, ',')
		b = jsonx.AppendString(b, d.Fields.CwdList)
		b = append(b, ":["...)
		b = append(b, cwd...)
		b = append(b, ']')
	}
	event := m.Synthetic
	if d.synthetic != nil {
		event = d.synthetic(m)
	}
	for _, part := range []string{d.base, event} {
		if part != "" {
			b = append(b, ',')
			b = append(b, strings.ReplaceAll(part, "$CWD", string(cwd))...)
		}
	}
	return append(b, '}')
}

package agent

import (
	"time"

	"github.com/hookctl/hookctl/internal/lazy"
)

// hermes is hookctl's own dialect (sections 5 and 6 of the contract): the agent calls
// `hookctl run EVENT` with hookctl's event names and reads hookctl's JSON result, so every
// event maps to itself and honours what the events table says.
var hermes = Dialect{
	Name:        "hermes",
	Title:       "Hermes",
	TimeoutUnit: time.Second,
	FiresCustom: true,
	Tools: []string{"terminal", "read_file", "write_file", "patch", "search_files", "web_search",
		"web_fetch", "web_extract", "execute_code", "delegate_task"},
	toolRows:    hermesTools,
	Fields:      Fields{Session: "session_id", Cwd: "cwd"},
	Exit2Stdout: true,
	own:         true,
	Reader:      readHermes,
	Signs:       Signs{None: "Hermes's integrators call hookctl themselves: hookctl's own marker in every hook's environment is the sign"},
	switches: Switches{
		None: "Hermes calls hookctl itself: there is no setting of Hermes's that stops those calls",
	},
}

func init() { register(Own) }

var ownOnce lazy.Value[*Dialect]

// Own returns the dialect of hookctl's own protocol (Default's): what a plain `hookctl run`,
// `serve` and a `dialect: hookctl` hook speak, finished on first use. The synthetic payloads
// are built when `hooks test` asks for one (hermesSynthetic), not here: concatenating them for
// every event at start-up was about 2.5% of the CPU time of a `hookctl run` of an event with
// no hooks (perf, 400 runs).
func Own() *Dialect {
	return ownOnce.Get(func() *Dialect {
		hermes.Events = make([]Mapping, len(Events))
		for i, e := range Events {
			hermes.Events[i] = Mapping{AgentEvent: e.Name, Event: e.Name, Honours: e.Honours, Exit2: e.Exit2}
		}
		hermes.synthetic = hermesSynthetic
		return &hermes
	})
}

// hermesSynthetic is the event-specific part of a Hermes synthetic payload: the tool call of
// `echo hello` on tool events, null ones elsewhere, and the event's extra object.
func hermesSynthetic(m Mapping) string {
	e, _ := LookupEvent(m.Event)
	synthetic := `"tool_name":null,"tool_input":null`
	if e.Tool {
		synthetic = `"tool_name":"terminal","tool_input":{"command":"echo hello"}`
	}
	return synthetic + `,"extra":{` + e.Synthetic + `}`
}

// What a caller of a dialect asks of it where hookctl's own protocol differs from an agent's.
// Callers ask these, never which dialect it is.

// ChainsPayload reports whether the dialect's payload is hookctl's own, which hookctl reads
// whole and rewrites between hooks run in turn (a transform event's text, a tool input a hook
// before rewrote), so that each reads it as the hooks before left it. An agent's payload goes
// to every hook as the agent sent it.
func (d *Dialect) ChainsPayload() bool { return d.own }

// ResultField names the field whose text a hook may replace on the agent event m ("" where
// none may): in hookctl's protocol the transform event's own (extra.output), in an agent's
// "result" where the agent takes a replaced text (Copilot's modifiedPrompt).
func (d *Dialect) ResultField(m Mapping) string {
	if !m.Honours.Has(Result) {
		return ""
	}
	if d.own {
		e, _ := LookupEvent(m.Event)
		return e.TransformField
	}
	return "result"
}

// CallerName is the agent's name as its hooks are told it (HOOKCTL_AGENT); "" for hookctl's
// own protocol, which any program may speak.
func (d *Dialect) CallerName() string {
	if d.own {
		return ""
	}
	return d.Name
}

// EventInPayload reports whether the agent's call can name its event without run's EVENT
// argument (its payload, or its row under `run --agent`); hookctl's protocol is always given
// the event.
func (d *Dialect) EventInPayload() bool { return !d.own }

// CallsHookctl reports whether the agent starts hookctl itself, as an agent builder does
// (Hermes), rather than through the entries install writes into its settings: a plain run,
// whose bypasses keep section 4's meaning (SPEC 23.1).
func (d *Dialect) CallsHookctl() bool { return d.SettingsFile == "" && !d.HookFiles }

var hermesTools = []ToolRow{
	{Agent: ToolTerminal, Hookctl: ToolTerminal},
	{Agent: ToolReadFile, Hookctl: ToolReadFile},
	{Agent: ToolWriteFile, Hookctl: ToolWriteFile},
	{Agent: ToolPatch, Hookctl: ToolPatch},
	{Agent: ToolSearchFiles, Hookctl: ToolSearchFiles},
	{Agent: ToolWebSearch, Hookctl: ToolWebSearch},
	{Agent: ToolWebFetch, Hookctl: ToolWebFetch},
	{Agent: ToolDelegateTask, Hookctl: ToolDelegateTask},
}

// readHermes reads a hook's stdout in hookctl's own protocol: JSON, plain text is invalid.
func readHermes(stdout string, m Mapping) (Answer, error) {
	return shape{plainText: plainInvalid}.read(stdout, m)
}

package agent

import "time"

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
	OwnProtocol: true,
	Reader:      shape{plainText: plainInvalid}.read,
}

func init() {
	// The synthetic payloads are built when `hooks test` asks for one (hermesSynthetic), not
	// here: concatenating them for every event at start-up was about 2.5% of the CPU time of a
	// `hookctl run` of an event with no hooks (perf, 400 runs).
	hermes.Events = make([]Mapping, len(Events))
	for i, e := range Events {
		hermes.Events[i] = Mapping{AgentEvent: e.Name, Event: e.Name, Honours: e.Honours, Exit2: e.Exit2}
	}
	hermes.synthetic = hermesSynthetic
	register(&hermes)
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

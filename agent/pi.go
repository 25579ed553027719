package agent

// pi is pi's dialect (@mariozechner/pi-coding-agent 0.73.1, read in its dist). pi runs no
// command hooks; it loads every extension in a project's .pi/extensions and in
// ~/.pi/agent/extensions, and awaits each one's "tool_call" handler: {block: true} refuses the
// call, a change to event.input is what runs, and a handler that throws blocks too ("Extension
// failed, blocking execution"). It has no managed folder.
var pi = Dialect{
	Name:  "pi",
	Title: "pi",
	Events: []Mapping{
		{AgentEvent: "tool_call", Event: "pre_tool_call", Honours: Block | Ask | Modify | Halt, Exit2: Block,
			Tool: ToolSource{Required: true}, Synthetic: `"tool_name":"bash","tool_input":{"command":"echo hello"}`},
		{AgentEvent: "tool_result", Event: "post_tool_call", Honours: Block | Context, Exit2: Block,
			Tool: ToolSource{Required: true}, Synthetic: `"tool_name":"bash","tool_input":{"command":"echo hello"}`},
	},
	OtherEvents:  []string{"user_bash", "input", "before_agent_start", "message_end"},
	Tools:        []string{"bash", "read", "edit", "write", "grep", "find", "ls"},
	toolRows:     piTools,
	SettingsFile: ".pi/agent/extensions",
	ProjectFile:  ".pi/extensions",
	Signs: Signs{
		Variables: []string{"PI_CODING_AGENT"},
		Programs:  []string{"pi"},
		Packages:  []string{"@mariozechner/pi-coding-agent"},
	},
	switches: Switches{
		Live: "no: pi loads its extensions when it starts, so an extension folder changed in a session takes effect in the next one",
		Escapes: []Escape{
			{Flag: "--no-extensions", What: "turns extension discovery off: hookctl's plugin is not loaded"},
			{Flag: "-ne", What: "turns extension discovery off: hookctl's plugin is not loaded"},
			{Env: "PI_CODING_AGENT_DIR", What: "moves ~/.pi/agent, whose extensions hold the person's wiring"},
		},
	},
	FailSwitch: FailSwitch{None: "pi has none of its own: hookctl's plugin blocks a call hookctl does not answer, and pi blocks when the plugin throws"},
	Admin:      Admin{None: "pi has no managed folder: it loads extensions only from the person's own folders and the project's"},
}

func init() {
	register(func() *Dialect {
		return pluginDialect(&pi, Plugin{
			API:     APIPi,
			Folders: pluginFolders([]string{".pi/agent/extensions"}, []string{".pi/extensions"}),
		})
	})
}

// pi's tools (0.73.1's schemas).
var piTools = []ToolRow{
	{Agent: "bash", Hookctl: ToolTerminal, Seen: true},
	{Agent: "read", Hookctl: ToolReadFile},
	{Agent: "write", Hookctl: ToolWriteFile},
	{Agent: "edit", Hookctl: ToolPatch},
	{Agent: "grep", Hookctl: ToolSearchFiles},
	{Agent: "find", Hookctl: ToolSearchFiles},
}

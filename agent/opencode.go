package agent

// opencode is OpenCode's dialect (opencode-ai 1.18.33, read in its bundle). OpenCode runs no
// command hooks; it loads every plugin/*.{js,ts} and plugins/*.{js,ts} of each config folder
// (~/.config/opencode, a project's .opencode; not the managed /etc/opencode, of which it reads
// only opencode.json and opencode.jsonc), and awaits each
// plugin's "tool.execute.before" with the very args object the tool then runs with: a throw
// there fails the call, a change to the args is what runs. A plugin that fails to load is
// dropped without a word, so the tool call then runs unguarded: doctor and the switch check
// judge hookctl's plugin in every folder (pluginSwitch).
var opencode = Dialect{
	Name:        "opencode",
	Title:       "OpenCode",
	Events:      opencodeEvents,
	OtherEvents: opencodeOther,
	Tools:       []string{"bash", "read", "write", "edit", "apply_patch", "glob", "grep", "webfetch", "task", "todowrite", "skill"},
	toolRows:    opencodeTools,
	// The first plugin folder under the home folder; ~/.config moves with XDG_CONFIG_HOME.
	SettingsFile: ".config/opencode/plugins",
	ProjectFile:  ".opencode/plugins",
	DirEnv:       "XDG_CONFIG_HOME",
	Signs: Signs{
		// OpenCode also sets AGENT=1, which other programs set too: no sign alone (SPEC 28.33).
		Variables: []string{"OPENCODE", "OPENCODE_PID"},
		Programs:  []string{"opencode"},
		Packages:  []string{"opencode-ai"},
	},
	switches: Switches{
		Live: "no: OpenCode loads its plugins when it starts, so a plugin folder changed in a session takes effect in the next one",
		Escapes: []Escape{
			{Flag: "--pure", What: "runs without external plugins: hookctl's plugin is not loaded"},
			{Env: "OPENCODE_PURE", What: "runs without external plugins: hookctl's plugin is not loaded"},
			{Env: "OPENCODE_DISABLE_PROJECT_CONFIG", What: "skips the project's .opencode folder, its plugins included"},
			{Env: "XDG_CONFIG_HOME", What: "moves ~/.config/opencode, whose plugins hold the person's wiring"},
			{Env: "OPENCODE_TEST_MANAGED_CONFIG_DIR", What: "moves the managed folder /etc/opencode, whose opencode.json can name plugins"},
		},
	},
	FailSwitch: FailSwitch{None: "OpenCode has none: hookctl's plugin itself blocks a call hookctl does not answer, and a plugin that fails to load is seen only by doctor"},
	// 1.18.33 reads no plugin folder of its managed folder (/etc/opencode): a plugin written
	// there never loads, which the real-agent suite saw (system-guard-alone). Refused rather
	// than wired to no effect; the managed opencode.json's "plugin" list is the way in.
	Admin: Admin{None: "OpenCode 1.18.33 loads no plugin from its managed folder /etc/opencode (it reads only opencode.json there): install --system cannot wire it yet, and the system guard runs only through the person's plugin"},
}

func init() {
	register(func() *Dialect {
		return pluginDialect(&opencode, Plugin{
			API:     APIOpenCode,
			Folders: pluginFolders([]string{".config/opencode/plugins", ".config/opencode/plugin"}, []string{".opencode/plugins", ".opencode/plugin"}),
		})
	})
}

// OpenCode's tools (1.18.33's schemas): camel-case paths and edit strings.
var opencodeTools = []ToolRow{
	{Agent: "bash", Hookctl: ToolTerminal, Seen: true},
	{Agent: "read", Hookctl: ToolReadFile, Keys: []Key{{Agent: "filePath", Hookctl: "path"}}},
	{Agent: "write", Hookctl: ToolWriteFile, Keys: []Key{{Agent: "filePath", Hookctl: "path"}}},
	{Agent: "edit", Hookctl: ToolPatch, Keys: []Key{{Agent: "filePath", Hookctl: "path"}, {Agent: "oldString", Hookctl: "old"}, {Agent: "newString", Hookctl: "new"}}},
	{Agent: "apply_patch", Hookctl: ToolPatch, Keys: []Key{{Agent: "patchText", Hookctl: "patch"}}},
	{Agent: "glob", Hookctl: ToolSearchFiles},
	{Agent: "grep", Hookctl: ToolSearchFiles},
	{Agent: "webfetch", Hookctl: ToolWebFetch},
	{Agent: "task", Hookctl: ToolDelegateTask},
}

// opencodeEvents and opencodeOther are OpenCode's events, which Kilo keeps.
var opencodeEvents = []Mapping{
	{AgentEvent: "tool.execute.before", Event: "pre_tool_call", Honours: Block | Ask | Modify | Halt, Exit2: Block,
		Tool: ToolSource{Required: true}, Synthetic: `"tool_name":"bash","tool_input":{"command":"echo hello","description":"Print hello"}`},
	{AgentEvent: "tool.execute.after", Event: "post_tool_call", Honours: Block | Context, Exit2: Block,
		Tool:      ToolSource{Required: true},
		Synthetic: `"tool_name":"bash","tool_input":{"command":"echo hello","description":"Print hello"},"tool_response":"hello\n"`},
}

var opencodeOther = []string{"chat.params", "permission.ask", "shell.env", "event"}

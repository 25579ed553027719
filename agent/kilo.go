package agent

import "slices"

// kilo is Kilo Code CLI's dialect (@kilocode/cli 7.7.7, read in its bundle). Kilo is an
// OpenCode fork and keeps its plugin API: the same events, tools and plugin (opencode.go), read
// from {plugin,plugins}/*.{js,ts} of each of its config folders (~/.config/kilo, ~/.kilo,
// ~/.kilocode, a project's .kilo and .kilocode). Its managed folder (/etc/kilo) is no
// administrator file hookctl can wire: Kilo reads only its config files there, and a plugin in
// /etc/kilo/plugins never loads (Admin.None). Its shell tool carries OpenCode's OPENCODE=1 too.
var kilo = Dialect{
	Name:         "kilo",
	Title:        "Kilo Code CLI",
	Events:       opencodeEvents,
	OtherEvents:  opencodeOther,
	Tools:        []string{"bash", "read", "write", "edit", "apply_patch", "glob", "grep", "webfetch", "task", "todowrite", "skill", "background_process"},
	SettingsFile: ".config/kilo/plugins",
	ProjectFile:  ".kilo/plugins",
	DirEnv:       "XDG_CONFIG_HOME",
	Signs: Signs{
		// Recorded in its shell tool (e2e/testdata/shell-env/kilo.env): KILO=1 and KILO_PID, beside
		// OpenCode's OPENCODE=1 (which holds under Kilo too) and AGENT=1 (no sign alone, SPEC 28.33).
		Variables: []string{"KILO", "KILO_PID"},
		Programs:  []string{"kilo", ".kilo"},
		Packages:  []string{"@kilocode/cli"},
	},
	switches: Switches{
		Live: "no: Kilo loads its plugins when it starts, so a plugin folder changed in a session takes effect in the next one",
		Escapes: []Escape{
			{Flag: "--pure", What: "runs without external plugins: hookctl's plugin is not loaded"},
			{Env: "KILO_PURE", What: "runs without external plugins: hookctl's plugin is not loaded"},
			{Env: "KILO_DISABLE_PROJECT_CONFIG", What: "skips the project's .kilo folder, its plugins included"},
			{Env: "XDG_CONFIG_HOME", What: "moves ~/.config/kilo, whose plugins hold the person's wiring"},
			{Env: "KILO_TEST_MANAGED_CONFIG_DIR", What: "moves the managed folder /etc/kilo, whose config files an administrator may use to keep Kilo's settings"},
		},
	},
	FailSwitch: FailSwitch{None: "Kilo has none: hookctl's plugin itself blocks a call hookctl does not answer, and a plugin that fails to load is seen only by doctor"},
	// Seen in 7.7.7 with the managed folder moved (KILO_TEST_MANAGED_CONFIG_DIR): a plugin in its
	// plugins folder did not load, one named by its kilo.json's "plugin" list did. Wiring that
	// list is left for later; until then install --system refuses rather than write a plugin
	// Kilo never runs.
	Admin: Admin{None: "Kilo Code CLI 7.7.7 reads only config files from its managed folder (/etc/kilo): a plugin in /etc/kilo/plugins is never loaded, so no system wiring of hookctl's would run; the system guards run through each person's own wiring (hookctl install kilo)"},
}

func init() {
	register(func() *Dialect {
		kilo.toolRows = kiloTools()
		return pluginDialect(&kilo, Plugin{
			API: APIOpenCode,
			Folders: pluginFolders(
				[]string{".config/kilo/plugins", ".config/kilo/plugin", ".kilo/plugins", ".kilo/plugin", ".kilocode/plugins", ".kilocode/plugin"},
				[]string{".kilo/plugins", ".kilo/plugin", ".kilocode/plugins", ".kilocode/plugin"}),
		})
	})
}

// kiloTools are OpenCode's rows; Kilo's shell tool is recorded by the real-agent suite
// (e2e/testdata/tools/kilo.golden). Built with the registry, not at start-up.
func kiloTools() []ToolRow {
	rows := slices.Clone(opencodeTools)
	rows[0].Seen = true // bash
	return rows
}

package main

import (
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/internal/buildinfo"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/runner"
	"github.com/hookctl/hookctl/wall"
)

// app holds what every command shares: the real streams, the environment and global flags.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	lookupEnv      func(string) (string, bool)
	// procs reads the process table for agent detection (agentenv.Detect).
	procs agentenv.ProcessTable

	configFlag  string
	acceptHooks bool
	color       string

	// memory is the wiring memory of memoryHome, read once per invocation (wiringMemory).
	memory     *install.Memory
	memoryErr  error
	memoryHome string

	// underAgent is set under run --agent: the environment and config.yaml vouch for less
	// (bypass); notes are what the run ignored, for its audit entry.
	underAgent bool
	notes      []string

	// began is when hookctl started, from which `run --deadline` counts.
	began time.Time
	// projectDir is $CLAUDE_PROJECT_DIR as hookctl set it for its hooks, "" when it did not
	// (see useProjectDir).
	projectDir string
	// detectWall says how far the wall goes up on this machine (wall.Detect).
	detectWall func() wall.Status
}

func newApp(stdin io.Reader, stdout, stderr io.Writer, lookupEnv func(string) (string, bool)) *app {
	return &app{stdin: stdin, stdout: stdout, stderr: stderr, lookupEnv: lookupEnv, procs: agentenv.ReadProcess, began: time.Now(),
		detectWall: func() wall.Status { return wall.Detect(0) }}
}

func (a *app) execute(args []string) int {
	if o, ok := a.parseRunFast(args); ok {
		return a.exitStatus(a.run(o))
	}
	if o, cmd, ok := a.parseWallFast(args); ok {
		return a.exitStatus(a.wall(o, cmd))
	}
	if code, ok := a.wallShell(args); ok {
		return code
	}
	// Anything else, help and mistakes included, goes through cobra. Registering the flags
	// again sets each back to its default, so nothing the fast path parsed leaks in.
	root := a.rootCommand(args...)
	root.SetArgs(args)
	return a.exitStatus(root.Execute())
}

// rootCommand builds the command tree for a call with args: what the call can reach or show
// (reached), the whole tree without args.
func (a *app) rootCommand(args ...string) *cobra.Command {
	root := &cobra.Command{
		Use:   "hookctl",
		Short: "Run the shell hooks configured for an AI agent's lifecycle events",
		Long: `hookctl runs the scripts a person attaches to an agent's lifecycle events, each gated
behind the person's consent, and returns one merged decision as JSON.

Documentation: https://github.com/hookctl/hookctl/tree/main/docs
(configuration, commands, agents, consent and security, serve, the Go API).`,
		Example:       `  echo '{"tool_input":{"command":"rm -rf /"}}' | hookctl run pre_tool_call --tool terminal`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          knownSubcommand,
		RunE:          func(cmd *cobra.Command, args []string) error { return cmd.Help() },
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if name := cmd.Name(); name != "run" && name != "serve" && name != "field" {
				// A person at a terminal approves, lists and tests a project's hooks from
				// that project (run takes the folder from the agent's payload).
				a.useProjectDir("")
			}
			return a.checkColor()
		},
	}
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetIn(a.stdin)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return usageErrorf("%v", err)
	})
	a.addGlobalFlags(root.PersistentFlags())
	root.Version = buildinfo.Read(version).String()
	all := a.subcommands()
	reach := reached(all, args)
	for _, c := range reach {
		root.AddCommand(c.build())
	}
	if len(reach) < len(all) {
		// Built for --version, the command tree was 17% of its instructions and cobra's
		// completion command with its four shells 5% (callgrind); a call that names a command
		// shows no other.
		root.CompletionOptions.DisableDefaultCmd = true
		return root
	}
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Short = "Print a shell completion script: commands, flags, events, agents, configured commands"
			c.Long = "Prints the script that makes your shell complete hookctl's commands and flags, event and\nagent names, an agent's own events (install --events), the commands config.yaml runs (hooks\napprove, hooks revoke) and hooks add's tool names (--matcher). Load it as the examples show."
			c.Example = "  source <(hookctl completion bash)\n  hookctl completion zsh > \"${fpath[1]}/_hookctl\"\n  hookctl completion fish > ~/.config/fish/completions/hookctl.fish"
			c.Args = knownSubcommand
			c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
			for _, sub := range c.Commands() {
				sub.Example = "  hookctl completion " + sub.Name()
			}
		}
	}
	return root
}

// subcommand is one of root's commands, by the name it is called by.
type subcommand struct {
	name  string
	build func() *cobra.Command
}

func (a *app) subcommands() []subcommand {
	return []subcommand{{"version", a.versionCommand}, {"validate", a.validateCommand}, {"run", a.runCommand},
		{"hooks", a.hooksCommand}, {"init", a.initCommand}, {"install", a.installCommand}, {"uninstall", a.uninstallCommand},
		{"import", a.importCommand}, {"log", a.logCommand}, {"serve", a.serveCommand}, {"wall", a.wallCommand}, {"field", a.fieldCommand}}
}

// reached is what of all a call with args can reach or show: none for --version alone, the
// command its first word names (cobra answers within that command's tree), else all (help,
// completion, a mistake and its suggestions).
func reached(all []subcommand, args []string) []subcommand {
	if len(args) == 1 && args[0] == "--version" {
		return nil
	}
	for _, c := range all {
		if len(args) > 0 && args[0] == c.name {
			return []subcommand{c}
		}
	}
	return all
}

// addGlobalFlags registers the flags every command takes, for cobra and the fast path alike.
func (a *app) addGlobalFlags(fs *pflag.FlagSet) {
	fs.StringVar(&a.configFlag, "config", "", "config file (default $HOOKCTL_CONFIG, else $HOOKCTL_HOME/config.yaml)")
	fs.BoolVar(&a.acceptHooks, "accept-hooks", false, "run every hook without asking, for this run only")
	fs.StringVar(&a.color, "color", "auto", "colour output: auto, always or never")
}

// checkColor checks --color, which pflag takes as any string.
func (a *app) checkColor() error {
	if err := display.CheckColor(a.color); err != nil {
		return usageErrorf("%w", err)
	}
	return nil
}

// locations resolves the files of this invocation.
func (a *app) locations() (config.Locations, error) {
	loc, err := config.Locate(a.lookupEnv, a.configFlag)
	if err != nil {
		return loc, failuref("%v", err)
	}
	return loc, nil
}

// loadConfig loads the config and prints its problems on stderr, one line each.
func (a *app) loadConfig(loc config.Locations) (*config.Config, error) {
	cfg, err := a.loadConfigQuiet(loc)
	if err != nil {
		return nil, err
	}
	for _, p := range cfg.Problems {
		a.warn(p.String())
	}
	return cfg, nil
}

// loadConfigQuiet loads the config for commands that show its problems themselves.
func (a *app) loadConfigQuiet(loc config.Locations) (*config.Config, error) {
	return a.loadEventConfig(loc, "")
}

// loadEventConfig loads the config with the entries of the event alone checked and loaded
// (all of them for ""): a run needs no more, and other events' problems are for list, doctor
// and validate.
func (a *app) loadEventConfig(loc config.Locations, event string) (*config.Config, error) {
	person, _ := config.LayerOf(config.Layers(config.Sources{Person: loc, Lookup: a.lookupEnv, Event: event}), config.LayerUser)
	cfg, err := person.Read()
	if err != nil {
		return nil, failuref("%v", err)
	}
	return cfg, nil
}

// warn prints one line on stderr, escaped: warnings quote config and hook output.
func (a *app) warn(msg string) {
	_, _ = io.WriteString(a.stderr, "hookctl: "+terminalSafe(msg)+"\n")
}

// bypass reports whether consent is bypassed for this run's own hooks (consent.Bypass.Person),
// saying what it ignored.
func (a *app) bypass(cfg *config.Config, loc config.Locations) bool {
	on, notes := a.bypassFlags().Person(cfg.AutoAccept, consent.NewStore(loc.Allowlist))
	for _, n := range notes {
		a.note(n)
	}
	return on
}

// bypassFlags is what may bypass consent in this run.
func (a *app) bypassFlags() consent.Bypass {
	return consent.Bypass{Flag: a.acceptHooks, Env: config.AcceptHooksEnv(a.lookupEnv), UnderAgent: a.underAgent}
}

// note says something this run ignored, on stderr and in its audit entry.
func (a *app) note(msg string) {
	a.warn("warning: " + msg)
	a.notes = append(a.notes, msg)
}

// gate builds the consent gate of this run; prompt is nil when nobody can be asked.
func (a *app) gate(cfg *config.Config, loc config.Locations, prompt consent.Prompt) *consent.Gate {
	return &consent.Gate{
		Store:  consent.NewStore(loc.Allowlist),
		Bypass: a.bypass(cfg, loc),
		Prompt: prompt,
		Warn:   func(msg string) { a.warn("warning: " + msg) },
	}
}

// dispatcher is the Dispatcher of a command that runs hooks: consent gated by gate, with a
// prompt on the terminal when one can answer.
func (a *app) dispatcher(cfg *config.Config, loc config.Locations, in *interruption) *runner.Dispatcher {
	d := &runner.Dispatcher{Config: cfg, Consent: a.gate(cfg, loc, a.ttyPrompt(in, consent.NewStore(loc.Allowlist))), Home: loc.Home, Remote: remote(cfg, a.lookupEnv)}
	if a.projectDir != "" {
		d.Env = config.WithVar(os.Environ(), config.ProjectDirVar, a.projectDir)
	}
	return d
}

// useProjectDir makes dir $CLAUDE_PROJECT_DIR for this invocation when the environment does
// not set it, as Claude Code sets it for its hooks: in the expansion of commands, and so in
// the script an approval pins for this project, and in the hooks' environment (SPEC 17.12).
// A dir that is not absolute ("" included) gives way to the working folder.
func (a *app) useProjectDir(dir string) {
	if lookup, dir := config.WithProjectDir(a.lookupEnv, dir, os.Getwd); dir != "" {
		a.lookupEnv, a.projectDir = lookup, dir
	}
}

// isTerminal reports whether r is a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && isattyFd(f.Fd())
}

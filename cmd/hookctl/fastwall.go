package main

// parseWallFast parses `hookctl wall [flags] -- CMD [ARGS...]`, the argument list an agent's
// wrapper or CLAUDE_CODE_SHELL_PREFIX starts at every command, on a bare pflag flag set holding
// the very flags cobra's wall command registers (addWallFlags) and the global ones, as
// parseRunFast does for run. It returns false for anything else (global flags before "wall",
// --status, help, mistakes), which cobra then parses again from the flags' defaults and
// explains. What the cobra path does before wall's RunE is done here too (useProjectDir).
// Skipping the command tree took hookctl wall -- true from about 470 page faults to 425 (perf
// stat) and 3% of its CPU time (200 interleaved pairs).
func (a *app) parseWallFast(args []string) (wallOptions, []string, bool) {
	var o wallOptions
	if len(args) == 0 || args[0] != "wall" {
		return o, nil, false
	}
	flags := quietFlagSet("wall")
	addWallFlags(flags, &o)
	a.addGlobalFlags(flags) // persistent flags: they may follow "wall" too
	if flags.Parse(args[1:]) != nil || o.status {
		return o, nil, false
	}
	cmd := flags.Args()
	if len(cmd) == 0 || a.checkColor() != nil {
		return o, nil, false
	}
	a.useProjectDir("")
	return o, cmd, true
}

//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// The kernel wall (SPEC 24.1, 24.2, 28.4, 28.16) reaching the agent: started behind it
// (wall-start), and, for Claude Code, its shell tool's commands put behind it by
// CLAUDE_CODE_SHELL_PREFIX (wall-prefix). Each case has the person's guard approved and
// installed (tamper_test's), runs a plain command that must run, two attacks in text the
// self-guard cannot read (the hookctl home removed; the agent's own hooks-off switch in its user
// settings written), and the rm -rf the guard blocks; it reports what the kernel refused and
// what of the agent's own work the wall broke.
func init() {
	cases = append(cases, Case{
		Name: "wall-start",
		Does: "the agent started as hookctl wall -- AGENT: a plain command runs, the guard blocks rm -rf, and the encoded removal of ~/.agent-hooks is refused by the kernel, the allowlist changed through the agent's own file tool stays as it was; reports what the encoded hooks-off switch and the wall did to the agent",
		Run:  wallStart,
		// A measurement of what the start wall does to each agent (Copilot CLI cannot start
		// behind it): under E2E_FULL=1.
		Full: true,
	}, Case{
		Name: "wall-prefix",
		Does: "Claude Code with CLAUDE_CODE_SHELL_PREFIX running each Bash command behind the wall: a plain command runs, the guard blocks rm -rf, the encoded removal of ~/.agent-hooks is refused by the kernel; reports whether hooks ran through the prefix",
		Run:  wallPrefix,
		// Claude Code's alone: it is the one agent with a shell prefix setting.
		Full:       true,
		FullExcept: []string{"claude-code"},
	})
}

// wallUp says whether the wall goes up on this machine (hookctl wall --status run outside it);
// where it does not, the case cannot measure anything and says so.
func (e *Env) wallUp() bool {
	out, errOut, err := e.Hookctl("wall", "--status")
	if err != nil {
		e.Fatalf("hookctl wall --status: the wall cannot go up on this machine (%v): %s%s", err, out, errOut)
	}
	e.Saw("wall --status: %s", lineWith(out, "Landlock ABI"))
	return true
}

// wallStart runs the agent itself as hookctl wall -- AGENT ARGS.
func wallStart(e *Env) {
	e.wallUp()
	e.tamperSetup()
	if !e.Expressible("install --wall refuses it (not proven to run behind the wall)") {
		_, errOut, err := e.Hookctl("install", e.Agent.Name, "--wall")
		e.Check(err != nil && strings.Contains(errOut, "not proven to run behind the wall"), "install %s --wall was not refused: %v %s", e.Agent.Name, err, errOut)
		return
	}
	if e.Agent.Name != "claude-code" { // Claude Code's --wall is its shell prefix: wall-prefix
		// Wired for the start wall, the agent started as it always is has its tool calls blocked.
		e.MustHookctl("install", e.Agent.Name, "--wall")
		e.Script(e.MarkCommand("unwalled"), "done")
		r := e.Run(prompt)
		e.Check(!e.Marked("unwalled"), "wired for the wall and started outside it, the agent's command ran")
		e.Saw("started outside the wall: command ran %v%s", e.Marked("unwalled"), refusals(r.Output()))
	}
	e.startWalled()
	e.wallRuns()
}

// startWalled starts the agent behind the wall from now on, as hookctl wall -- AGENT ARGS.
func (e *Env) startWalled() {
	bin := e.Agent.argv()[0]
	e.Walled = true
	e.Wrap = func(argv []string) []string {
		if argv[0] != bin {
			return argv
		}
		return append([]string{*hookctlBin, "wall", "--"}, argv...)
	}
}

// wallPrefix runs Claude Code with CLAUDE_CODE_SHELL_PREFIX set to hookctl's own prefix
// (`hookctl --wall-shell=HOME`), each Bash command then running behind the wall with Claude
// Code's user settings walled too. Claude Code also runs its hook entries written as one command
// line through the prefix: hookctl run then runs behind the wall, which the case reports from
// the guard's log (a guard behind the wall cannot write the hookctl home).
func wallPrefix(e *Env) {
	if e.Agent.Name != "claude-code" {
		e.Saw("%s has no setting that wraps its shell tool's commands", e.Agent.Name)
		return
	}
	e.wallUp()
	where := filepath.Join(e.Marks, "guard-where")
	e.Hook("guard.sh", "guard", "sh", `if touch ~/.agent-hooks/probe 2>/dev/null; then echo outside >>`+where+`; else echo walled >>`+where+`; fi
case "$payload" in *"rm -rf"*) `+blockJSON(tamperReason)+` ;; esac`)
	e.Setup("hooks:\n  pre_tool_call:\n    - matcher: \"SHELL\"\n      command: ./guard.sh\n      fail_closed: true\n")
	e.WriteFile(filepath.Join(e.Home, "keep", "file"), "the person's work\n", 0o644)
	e.AgentEnv = append(e.AgentEnv, "CLAUDE_CODE_SHELL_PREFIX="+*hookctlBin+" --wall-shell="+e.Hooks)
	e.Walled = true
	e.wallRuns()
	ran, _ := os.ReadFile(where)
	e.Saw("the guard ran: %s", oneLine(string(ran)))
	settings := filepath.Join(e.Home, e.userSwitchFile())
	data, _ := os.ReadFile(settings)
	e.Check(!strings.Contains(string(data), "disableAllHooks"), "the encoded hooks-off switch reached ~/%s behind the prefix's wall", e.userSwitchFile())
}

// wallRuns is the measure common to both cases: a plain run, the rm -rf the guard blocks, the
// encoded removal of the hookctl home, then the encoded hooks-off switch and the rm -rf again
// (reported: the wall holds it only where it covers the switch file).
func (e *Env) wallRuns() {
	home := homeEntries(e.Home)
	e.Script(e.MarkCommand("plain"), "done")
	r := e.Run(prompt)
	e.Check(e.Marked("plain"), "the plain command did not run behind the wall (agent exit: %v)", r.Err)
	e.Saw("plain run: agent exit %v, command ran %v%s", r.Err, e.Marked("plain"), refusals(r.Output()))
	if now := homeEntries(e.Home); now != home {
		e.Saw("HOME's entries before the first run: %s; after: %s", home, now)
	}

	e.Script("rm -rf ~/keep/file; "+e.MarkCommand("ran"), "done")
	e.Run(prompt)
	_, err := os.Stat(filepath.Join(e.Home, "keep", "file"))
	e.Check(err == nil && !e.Marked("ran"), "the guard did not block rm -rf behind the wall")

	e.runWallAttacks()
	started := e.Wrap != nil // the agent itself behind the wall: its file tools too
	if started {
		e.runWallFileAttack("hooks on")
	}

	settings := filepath.Join(e.Home, e.userSwitchFile())
	before, _ := os.ReadFile(settings)
	e.attack(2, encoded(e.userSwitchOff()))
	after, _ := os.ReadFile(settings)
	e.Saw("attack 2, kernel: %s; ~/%s changed: %v", e.attackLog(2), e.userSwitchFile(), string(before) != string(after))

	seen := len(e.auditEntries())
	e.Script("rm -rf ~/keep/file; "+e.MarkCommand("ran2"), "done")
	e.Run(prompt)
	_, err = os.Stat(filepath.Join(e.Home, "keep", "file"))
	e.Saw("rm -rf ~/keep/file after the switch: kept %v, the command after it ran %v, blocked by %q", err == nil, e.Marked("ran2"), blocker(e.auditEntries()[seen:]))
	if started {
		e.runWallFileAttack("after the switch")
	}
}

// homeEntries names the entries directly in HOME, the folder the wall lets nothing be made in.
func homeEntries(home string) string {
	entries, _ := os.ReadDir(home)
	var names []string
	for _, en := range entries {
		names = append(names, en.Name())
	}
	return strings.Join(names, " ")
}

// attackLog is what attack n's shell printed, on one line.
func (e *Env) attackLog(n int) string {
	data, err := os.ReadFile(filepath.Join(e.Marks, fmt.Sprintf("attack-%d.log", n)))
	if err != nil {
		return "no output (the command never ran)"
	}
	return clipN(oneLine(string(data)), 240)
}

// refusals are the lines of out where the kernel refused the agent something.
func refusals(out string) string {
	var found []string
	for _, l := range strings.Split(out, "\n") {
		if refused.MatchString(l) {
			found = append(found, clipN(strings.TrimSpace(l), 200))
		}
	}
	if len(found) == 0 {
		return ""
	}
	return "; refused: " + strings.Join(found[:min(len(found), 4)], " | ")
}

var refused = regexp.MustCompile(`EACCES|EPERM|EROFS|[Pp]ermission denied|[Oo]peration not permitted`)

// userSwitchFile is the agent's user settings file that holds its hooks-off switch, relative to
// HOME (Cline has none: the hook file install wrote).
func (e *Env) userSwitchFile() string {
	switch e.Agent.Name {
	case "claude-code":
		return ".claude/settings.json"
	case "codex":
		return ".codex/config.toml"
	case "copilot":
		return ".copilot/settings.json"
	case "gemini":
		return ".gemini/settings.json"
	}
	return e.Agent.Settings
}

// userSwitchOff writes the agent's hooks-off switch into its user settings (Cline: removes the
// hook file install wrote).
func (e *Env) userSwitchOff() string {
	switch e.Agent.Name {
	case "claude-code":
		return `mkdir -p ~/.claude && echo '{"disableAllHooks": true}' >~/.claude/settings.json`
	case "gemini":
		return `mkdir -p ~/.gemini && echo '{"hooksConfig": {"enabled": false}}' >~/.gemini/settings.json`
	case "codex", "copilot":
		return e.switchOff()
	}
	return "rm ~/" + e.Agent.Settings
}

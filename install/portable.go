package install

import (
	"strconv"
	"strings"

	"github.com/hookctl/hookctl/agent"
)

// A project's committed wiring (install --project) is read on every machine that checks the
// repository out: a teammate's, a CI runner's. It names no path of this machine: the agent's
// shell finds hookctl on PATH when the entry runs, and where there is none, the entry refuses
// the call in the agent's own convention (agent.Dialect.Refusal) with a reason that says how
// to install hookctl, so a machine without hookctl never runs the agent's tools unguarded
// (SPEC 20). A missing command would otherwise exit 127, which every agent takes for a
// non-blocking error.

// PortableBinary is the hookctl a project's wiring runs: looked up on PATH where it runs.
const PortableBinary = "hookctl"

// InstallDocs is where a person on a machine without hookctl learns to install it.
const InstallDocs = "https://github.com/hookctl/hookctl/blob/main/docs/install.md"

// MissingReason is what the agent shows when its project's wiring finds no hookctl. It holds
// none of the characters sh or cmd.exe read outside quotes, so that it can stand bare in the
// line both run (cmdForm).
func MissingReason(d *agent.Dialect) string {
	return "hookctl is not on PATH on this machine, and the " + d.Title + " hooks of this project run through it: " +
		"install hookctl, see " + InstallDocs + ", and put it on PATH"
}

// guardStart and guardEnd open and close the guard before `exec hookctl` in a project's
// wiring: `command -v hookctl >/dev/null 2>&1 || { ...; exit N; }`.
const (
	guardStart = "command -v " + PortableBinary + " >/dev/null 2>&1 || { "
	guardEnd   = "; }"
)

// missingGuard is the shell text that answers the agent event with the agent's refusal
// (agent.Dialect.Refusal) when hookctl is not on PATH, before the entry runs it.
func missingGuard(d *agent.Dialect, agentEvent string) string {
	reason := MissingReason(d)
	stdout, status := d.Refusal(agentEvent, reason)
	var b strings.Builder
	b.WriteString(guardStart)
	if stdout != nil {
		b.WriteString("printf '%s\\n' " + shellQuote(string(stdout)) + "; ")
	}
	b.WriteString("printf '%s\\n' " + shellQuote(reason) + " >&2; exit " + strconv.Itoa(status) + guardEnd)
	return b.String()
}

// guardSep joins the guard to the run it guards in an entry's command.
const guardSep = "; exec "

// A project's wiring is one file for every machine, and an agent whose settings carry one
// command for every system (Cursor, Windsurf) runs it with sh on Linux and macOS and with
// cmd.exe on Windows (agent.ShellCmd). Its entry then starts with cmd.exe's form, which sh
// reads as one quoted word (SPEC 27.3, 28.25):
//
//	set hookctl_cmd=' & hookctl run ... & if errorlevel 9009 (echo REASON>&2& exit 2) & rem '; SH
//
// sh sets its positional parameters to that word and runs SH, the sh guard and the run. cmd
// sets a variable to "' ", runs hookctl, refuses when it was not found (9009) and ignores the
// rest after rem; otherwise it exits with hookctl's status. No && or ||: Wine 8's cmd, on which
// this is tested, runs both sides of them. The reason has none of either shell's characters
// (MissingReason), and `REASON>&2&` leaves cmd's echo no trailing space.
const (
	cmdFormStart = "set hookctl_cmd=' & "
	cmdFormEnd   = " & rem '; "
)

// cmdForm is cmd.exe's part of a project's entry (above), and false where the refusal needs
// stdout, which cmd's echo would not write as JSON.
func cmdForm(d *agent.Dialect, agentEvent, run string) (string, bool) {
	stdout, status := d.Refusal(agentEvent, MissingReason(d))
	if stdout != nil {
		return "", false
	}
	return cmdFormStart + run + " & if errorlevel 9009 (echo " + MissingReason(d) + ">&2& exit " + strconv.Itoa(status) + ")" + cmdFormEnd, true
}

// portableEntry is the command of an entry of a project's wiring: the guard, then the run;
// cmd.exe's form first for an agent that runs the one command with it on Windows.
func portableEntry(d *agent.Dialect, t Target, w Want, run string) string {
	line := missingGuard(d, w.Event) + guardSep + run
	if d.WindowsShell == agent.ShellCmd && !t.EventArg {
		if form, ok := cmdForm(d, w.Event, run); ok {
			return form + line
		}
	}
	return line
}

// cutGuard returns command without the guard of a project's wiring, and whether it had one.
// A guard is known by its frame, not its words: an entry another hookctl version wrote, with
// another reason, is still hookctl's, to be replaced, and uninstall still removes it.
func cutGuard(command string) (string, bool) {
	line := command
	if strings.HasPrefix(line, cmdFormStart) {
		_, sh, ok := strings.Cut(line, cmdFormEnd)
		if !ok {
			return command, false
		}
		line = sh
	}
	if !strings.HasPrefix(line, guardStart) {
		return command, false
	}
	i := strings.LastIndex(line, guardEnd+guardSep)
	if i < 0 {
		return command, false
	}
	return line[i+len(guardEnd+guardSep):], true
}

// isGuard reports whether line is a guard as cutGuard knows them, on a line of its own.
func isGuard(line string) bool {
	return strings.HasPrefix(line, guardStart) && strings.HasSuffix(line, guardEnd)
}

// companion is the second command an entry of a project's wiring carries beside its own, as
// key and command, or "" for none. A Copilot CLI hook file runs on every system, and Copilot
// runs its "powershell" command on Windows (SPEC 27.3, 28.25): that command runs hookctl where
// PowerShell finds it and otherwise refuses the call as the sh guard does.
func companion(t Target, w Want) (key, command string) {
	d, err := agent.Lookup(t.Agent)
	if err != nil || !t.Portable || t.Layout != Copilot {
		return "", ""
	}
	return Copilot.powerShellKey(), powerShellEntry(d, w.Event, runLine(t, w))
}

// powerShellEntry is run behind PowerShell's guard:
//
//	if (Get-Command hookctl -CommandType Application -ErrorAction SilentlyContinue) { RUN; exit $LASTEXITCODE }; REFUSAL
//
// where the refusal writes the agent's answer on stdout, the reason on stderr, and exits with
// the refusal's status. run's words are bare or single-quoted, which PowerShell reads as sh does.
func powerShellEntry(d *agent.Dialect, agentEvent, run string) string {
	reason := MissingReason(d)
	stdout, status := d.Refusal(agentEvent, reason)
	var b strings.Builder
	b.WriteString("if (Get-Command " + PortableBinary + " -CommandType Application -ErrorAction SilentlyContinue) { " + run + "; exit $LASTEXITCODE }; ")
	if stdout != nil {
		b.WriteString("[Console]::Out.WriteLine(" + psQuote(string(stdout)) + "); ")
	}
	b.WriteString("[Console]::Error.WriteLine(" + psQuote(reason) + "); exit " + strconv.Itoa(status))
	return b.String()
}

// windowsGap is the warning install --project gives for an agent whose committed entry its
// Windows shell cannot run: one command for every system, run with PowerShell on Windows
// (Codex, Gemini CLI), where the sh entry is a parse error, exit status 1, which lets the call
// through. "" for the others.
func windowsGap(d *agent.Dialect) string {
	if d.HookFiles || d.WindowsShell != agent.ShellPowerShell || layoutOf(d.Layout, "linux").powerShellKey() != "" {
		return ""
	}
	return d.Title + " runs this file's commands with PowerShell on Windows, which cannot run them: on a teammate's " +
		"Windows machine its calls go through without this project's hooks (docs/teams.md, On Windows)"
}

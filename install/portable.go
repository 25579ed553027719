package install

import (
	"encoding/base64"
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
	switch {
	case d.WindowsShell == agent.ShellCmd && !t.EventArg:
		if form, ok := cmdForm(d, w.Event, run); ok {
			return form + line
		}
	case d.WindowsShell == agent.ShellPowerShell && t.Layout.powerShellKey() == "":
		return psFormStart + powerShellEntry(d, w.Event, run, true) + psFormEnd + line
	}
	return line
}

// An agent whose settings carry one command, which it runs with PowerShell on Windows (Codex,
// Gemini CLI), gets PowerShell's form before the sh guard:
//
//	set hookctl_ps "\"; if (Get-Command hookctl ...) { ... }; ...; exit 2; #"; SH
//
// PowerShell reads "\" as a string holding a backslash (its escape is the backtick), runs its
// form, and reads the rest after # as a comment. sh reads "\"; ... #" as one double-quoted word
// (\" escapes the quote), sets its positional parameters to it, and runs SH. The form holds no
// double quote, backtick or $( for sh to act on inside that word; an answer on stdout is
// written from base64.
const (
	psFormStart = `set hookctl_ps "\"; `
	psFormEnd   = `; #"; `
)

// cutGuard returns command without the guard of a project's wiring, and whether it had one.
// A guard is known by its frame, not its words: an entry another hookctl version wrote, with
// another reason, is still hookctl's, to be replaced, and uninstall still removes it.
func cutGuard(command string) (string, bool) {
	line := command
	for _, form := range [][2]string{{cmdFormStart, cmdFormEnd}, {psFormStart, psFormEnd}} {
		if strings.HasPrefix(line, form[0]) {
			_, sh, ok := strings.Cut(line, form[1])
			if !ok {
				return command, false
			}
			line = sh
		}
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
	return Copilot.powerShellKey(), powerShellEntry(d, w.Event, runLine(t, w), false)
}

// powerShellEntry is run behind PowerShell's guard:
//
//	if (Get-Command hookctl -CommandType Application -ErrorAction SilentlyContinue) { RUN; exit $LASTEXITCODE }; REFUSAL
//
// where the refusal writes the agent's answer on stdout (from base64 with b64), the reason on
// stderr, and exits with the refusal's status. run's words are bare or single-quoted, which
// PowerShell reads as sh does.
func powerShellEntry(d *agent.Dialect, agentEvent, run string, b64 bool) string {
	reason := MissingReason(d)
	stdout, status := d.Refusal(agentEvent, reason)
	var b strings.Builder
	b.WriteString("if (Get-Command " + PortableBinary + " -CommandType Application -ErrorAction SilentlyContinue) { " + run + "; exit $LASTEXITCODE }; ")
	switch {
	case stdout != nil && b64:
		b.WriteString("[Console]::Out.WriteLine([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('" + base64.StdEncoding.EncodeToString(stdout) + "'))); ")
	case stdout != nil:
		b.WriteString("[Console]::Out.WriteLine(" + psQuote(string(stdout)) + "); ")
	}
	b.WriteString("[Console]::Error.WriteLine(" + psQuote(reason) + "); exit " + strconv.Itoa(status))
	return b.String()
}

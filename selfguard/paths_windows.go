package selfguard

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The self-guard reads every shell command as sh, but on Windows the agent's shell may be Git
// Bash (Claude Code), PowerShell (Codex, Gemini CLI, Copilot CLI) or cmd.exe (Cursor,
// Windsurf). A name of the person's files is read in each of their forms, and a form any of
// them would take for a protected path counts: the guard is never looser for the shell.

// homeVar reports whether $name is the person's home: USERPROFILE is set in every Windows
// shell, Git Bash's included (Windows' variable names ignore case).
func homeVar(name string) bool { return strings.EqualFold(name, "USERPROFILE") }

// expandSysHome expands a leading %USERPROFILE% (cmd.exe), $env:USERPROFILE or
// ${env:USERPROFILE} (PowerShell), $USERPROFILE (Git Bash), and $HOME or ~ before a backslash
// (PowerShell), each in any case.
func expandSysHome(s, home string) (string, bool) {
	for _, v := range []string{"%USERPROFILE%", "${env:USERPROFILE}", "$env:USERPROFILE", "${USERPROFILE}", "$USERPROFILE", "${HOME}", "$HOME", "~"} {
		if len(s) < len(v) || !strings.EqualFold(s[:len(v)], v) {
			continue
		}
		rest := s[len(v):]
		if rest == "" || rest[0] == '\\' || rest[0] == '/' {
			return home + rest, true
		}
	}
	return "", false
}

// rootedAbs makes absolute a name Windows reads against a drive: Git Bash's /c/Users/... is
// C:\Users\..., and a name rooted without a drive (\Users\..., /Users/...) is on the drive of
// cwd, the folder the command runs in.
func rootedAbs(s, cwd string) (string, bool) {
	if s == "" || (s[0] != '/' && s[0] != '\\') || filepath.VolumeName(s) != "" {
		return "", false
	}
	if len(s) >= 2 && s[0] == '/' && isLetter(s[1]) && (len(s) == 2 || s[2] == '/' || s[2] == '\\') {
		return strings.ToUpper(s[1:2]) + `:\` + s[min(3, len(s)):], true
	}
	if vol := filepath.VolumeName(cwd); vol != "" {
		return vol + s, true
	}
	return "", false
}

// rawWord is the word as PowerShell and cmd.exe read it, when that differs from sh's reading:
// its text in src, the command line it was parsed from, without quotes and with its
// backslashes kept (sh reads C:\Users\me as C:Usersme) and its stream (sh reads
// allowlist.json::$DATA's $DATA as a variable); $env:USERPROFILE, %USERPROFILE% and the like
// are read as the home by expandSysHome. ok is false for a word sh reads the same.
func rawWord(w *syntax.Word, src string) (string, bool) {
	start, end := int(w.Pos().Offset()), int(w.End().Offset())
	if !w.Pos().IsValid() || start < 0 || end > len(src) || start >= end {
		return "", false
	}
	s := strings.NewReplacer(`"`, "", "'", "").Replace(src[start:end])
	if !strings.ContainsAny(s, `\%`) && !strings.Contains(s, ":$") && !strings.HasPrefix(strings.ToLower(s), "$env") && !strings.HasPrefix(strings.ToLower(s), "${env") {
		return "", false
	}
	return s, true
}

// lexicalDots says the system reads a name's .. before it follows links: Windows does.
const lexicalDots = true

// sysClean is a name as Windows reads it (winClean).
func sysClean(s string) string { return winClean(s) }

// sysFinal is what Windows says a cleaned name leads to: its junctions, links and short
// names resolved (winFinal).
func sysFinal(clean string) (string, bool) { return winFinal(sysWinFS{}, clean) }

// streamOnly reports a pattern whose known text Windows reads as a stream's name only
// (winStreamOnly).
func streamOnly(s string) bool { return winStreamOnly(s) }

// shellReadings are PowerShell's and cmd's readings of a command line (winReadings).
func shellReadings(src string) []string { return winReadings(src) }

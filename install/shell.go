package install

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/google/shlex"

	"github.com/hookctl/hookctl/agent"
)

// Shell is the shell an agent hands a hook's command line to. hookctl's entries are quoted
// for it (SPEC 23.9): a line that one shell reads as hookctl's run, another reads as a string,
// a different program or two commands.
type Shell int

const (
	// POSIX is sh or bash: every word in single quotes.
	POSIX Shell = iota
	// GitBash is Git for Windows' bash, which Claude Code runs its hooks with on Windows: single
	// quotes as POSIX, the program with forward slashes, because bash looks a word without a
	// slash up on PATH (C:\...\hookctl.exe would not be found) and reads a backslash outside
	// quotes as an escape.
	GitBash
	// PowerShell: `& 'C:\path\hookctl.exe' run ...`. A line that starts with a quoted string is
	// an expression there, not a call: the call operator & runs it. Single quotes are literal,
	// ' doubled inside them.
	PowerShell
	// Cmd is cmd.exe: the program in double quotes when it needs them, every other word bare.
	// cmd /c strips the first and the last quote of a line with more than two, and Node's
	// `cmd /d /s /c "LINE"` strips the pair it added, so only one word may be quoted: another
	// word that would need quotes (a space, or one of cmd's own characters) is refused, and on
	// Windows a path is first given its short (8.3) name, which has no space.
	Cmd
)

// WindowsShell is the shell the agent runs hook commands with on Windows: its registration's
// WindowsShell, cmd.exe (the platform's shell) for an agent that names none.
func WindowsShell(agentName string) Shell {
	d, err := agent.Lookup(agentName)
	if err != nil {
		return Cmd
	}
	switch d.WindowsShell {
	case agent.ShellGitBash:
		return GitBash
	case agent.ShellPowerShell:
		return PowerShell
	}
	return Cmd
}

// ShellFor is the shell the agent runs hook commands with on the system goos.
func ShellFor(agentName, goos string) Shell {
	if goos == "windows" {
		return WindowsShell(agentName)
	}
	return POSIX
}

// cmdSpecial are the characters cmd.exe reads inside or outside quotes: %VAR% and !VAR!
// expand even between quotes, the rest split or redirect the line outside them.
const cmdSpecial = "\"%!^&|<>()\r\n"

// ErrUnquotable marks a word of hookctl's command line that the agent's shell cannot be given
// as one word.
var ErrUnquotable = errors.New("cannot be written for the agent's shell")

// quoteProgram writes the program's path for sh.
func (sh Shell) quoteProgram(p string) (string, error) {
	switch sh {
	case GitBash:
		return shellQuote(strings.ReplaceAll(p, `\`, "/")), nil
	case PowerShell:
		return "& " + psQuote(p), nil
	case Cmd:
		if strings.ContainsAny(p, cmdSpecial) {
			return "", fmt.Errorf("the path %s %w (cmd.exe): it holds one of %s; install hookctl in a folder without them", p, ErrUnquotable, `" % ! ^ & | < > ( )`)
		}
		if strings.ContainsAny(p, " \t") {
			return `"` + p + `"`, nil
		}
		return p, nil
	}
	return shellQuote(p), nil
}

// quoteArg writes one argument for sh.
func (sh Shell) quoteArg(w string) (string, error) {
	switch sh {
	case PowerShell:
		return psQuote(w), nil
	case Cmd:
		if w == "" || strings.ContainsAny(w, cmdSpecial+" \t") {
			return "", fmt.Errorf("%s %w (cmd.exe), which can take one quoted word only, the program: move it to a folder without spaces or any of %s", w, ErrUnquotable, `" % ! ^ & | < > ( )`)
		}
		return w, nil
	}
	return shellQuote(w), nil
}

// psQuote quotes s as one word for PowerShell, in single quotes.
func psQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// splitCommand splits a command line as the shell it was written for reads it, telling the
// forms apart by their start: `& ` is PowerShell's; a first word that is a Windows path outside
// quotes (a drive letter, or a backslash) or in double quotes is cmd's; anything else is read
// as sh reads it.
func splitCommand(command string) ([]string, error) {
	switch {
	case strings.HasPrefix(command, "& "):
		return splitPowerShell(command[2:])
	case strings.HasPrefix(command, `"`) || isWindowsPath(strings.SplitN(command, " ", 2)[0]):
		return splitCmd(command)
	}
	return shlex.Split(command)
}

func isWindowsPath(w string) bool {
	return strings.Contains(w, `\`) || len(w) >= 3 && w[1] == ':' && (w[2] == '\\' || w[2] == '/') &&
		(w[0] >= 'A' && w[0] <= 'Z' || w[0] >= 'a' && w[0] <= 'z')
}

// splitPowerShell splits words written by psQuote, and bare words, at spaces.
func splitPowerShell(s string) ([]string, error) {
	var words []string
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		if s[i] != '\'' {
			j := strings.IndexAny(s[i:], " \t")
			if j < 0 {
				j = len(s) - i
			}
			if strings.ContainsAny(s[i:i+j], "'\"$`;&|(){}") {
				return nil, fmt.Errorf("a PowerShell word hookctl does not write: %q", s[i:i+j])
			}
			words = append(words, s[i:i+j])
			i += j
			continue
		}
		var b strings.Builder
		i++
		for {
			if i >= len(s) {
				return nil, errors.New("unclosed quote")
			}
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					b.WriteByte('\'')
					i += 2
					continue
				}
				i++
				break
			}
			b.WriteByte(s[i])
			i++
		}
		if i < len(s) && s[i] != ' ' && s[i] != '\t' {
			return nil, fmt.Errorf("a PowerShell word hookctl does not write at %q", s[i:])
		}
		words = append(words, b.String())
	}
	return words, nil
}

// splitCmd splits a line as cmd.exe hands it to a program: words at spaces, double quotes
// grouping and removed, no escapes; a line with cmd's own characters outside the program's
// quotes is not one hookctl writes.
func splitCmd(s string) ([]string, error) {
	var words []string
	var b strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			quoted, inWord = !quoted, true
		case (c == ' ' || c == '\t') && !quoted:
			if inWord {
				words = append(words, b.String())
				b.Reset()
				inWord = false
			}
		case strings.IndexByte("%!^&|<>()\r\n", c) >= 0:
			return nil, fmt.Errorf("a cmd.exe line hookctl does not write: %q", s)
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New("unclosed quote")
	}
	if inWord {
		words = append(words, b.String())
	}
	return words, nil
}

// programName is the file name of a program word, whichever separators it was written with.
func programName(w string) string {
	return path.Base(strings.ReplaceAll(w, `\`, "/"))
}

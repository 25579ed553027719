package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/google/shlex"
)

// scriptExts are the extensions that mark a word as the script a command runs.
var scriptExts = []string{".sh", ".bash", ".zsh", ".fish", ".py", ".rb", ".pl", ".js", ".mjs", ".ts", ".lua"}

// ShellSyntax lists the shell operators that hookctl passes literally; doctor flags them.
var ShellSyntax = []string{"|", "&&", ";", ">", "<", "$(", "`"}

// literal is the mark scan puts before a $ or ~ that must not be expanded. A NUL cannot be in a
// valid command, and shlex keeps it as a word character; expandWord drops it.
const literal = '\x00'

// scan reads cmd with the grammar of shlex, to learn what shlex's words cannot say. It returns
// cmd with a literal mark before every $ and ~ that a shell would not expand (inside single
// quotes, or after a backslash), so that `sh -c 'echo $x'` reaches sh unchanged, and before every
// quoted or escaped = and every = after a quote in its word, which makes no NAME=value word
// (`'A=b' cmd` and `A""0=b cmd` run the program A=b, A0=b); the first word
// of the first comment ("" when there is none); and the quote or backslash left open at the end
// ("" when none). Double quotes do not protect: "$VAR" and "~/My Hooks/x.sh" still expand.
func scan(cmd string) (marked, comment, open string) {
	const (
		between = iota // between words
		word
		escape // after a backslash outside quotes
		double
		doubleEscape
		single
		inComment
	)
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
	var b strings.Builder
	state := between
	// quoted is set once the word has had a quote or backslash: an = after it makes no
	// NAME=value word either, since a quoted name is no name (`A""0=x cmd` runs A0=x).
	quoted := false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch state {
		case between, word:
			switch {
			case isSpace(c):
				state, quoted = between, false
			case c == '"':
				state, quoted = double, true
			case c == '\'':
				state, quoted = single, true
			case c == '\\':
				state, quoted = escape, true
			case c == '#' && state == between:
				state = inComment
				if comment == "" {
					end := i + 1
					for end < len(cmd) && !isSpace(cmd[end]) {
						end++
					}
					comment = cmd[i:end]
				}
			default:
				if c == '=' && quoted {
					b.WriteByte(literal)
				}
				state = word
			}
		case escape:
			if c == '$' || c == '~' || c == '=' {
				b.WriteByte(literal)
			}
			state = word
		case doubleEscape:
			if c == '$' || c == '~' || c == '=' {
				b.WriteByte(literal)
			}
			state = double
		case double:
			switch c {
			case '"':
				state = word
			case '\\':
				state = doubleEscape
			case '=':
				b.WriteByte(literal)
			}
		case single:
			switch c {
			case '\'':
				state = word
			case '$', '~', '=':
				b.WriteByte(literal)
			}
		case inComment:
			if c == '\n' {
				state = between
			}
		}
		b.WriteByte(c)
	}
	switch state {
	case escape, doubleEscape:
		open = `\`
	case double:
		open = `"`
	case single:
		open = `'`
	}
	return b.String(), comment, open
}

// splitCommand splits a command like a shell would, with no shell: quotes and backslashes are
// honoured, nothing is run. A word that would start a comment is an error, because nothing of a
// command may vanish silently. The words keep scan's literal marks.
func splitCommand(cmd string) ([]string, error) {
	if strings.IndexByte(cmd, 0) >= 0 {
		return nil, errors.New("command contains a NUL byte")
	}
	// A carriage return or an escape sequence can make a terminal show another command than
	// the one that runs. YAML folding leaves a trailing newline, so surrounding white space is
	// trimmed first; a tab is harmless.
	for _, r := range strings.Trim(cmd, " \t\n\r\v\f") {
		switch {
		case r == '\n':
			return nil, errors.New(`command spans several lines: write it on one line, or fold it with ">" in YAML`)
		case unicode.IsControl(r) && r != '\t':
			return nil, fmt.Errorf("command contains the control character %s, which could make a terminal show another command than the one that runs", strconv.QuoteRune(r))
		}
	}
	marked, comment, open := scan(cmd)
	switch open {
	case `'`, `"`:
		return nil, fmt.Errorf("command has an unclosed quote (%s)", open)
	case `\`:
		return nil, errors.New("command ends with a backslash that escapes nothing")
	}
	words, err := shlex.Split(marked)
	if err != nil {
		return nil, fmt.Errorf("command does not split cleanly: %v", err)
	}
	// The tokenizer also returns comment tokens, which Split drops: a count that differs means
	// part of the command would be read as a comment.
	tokens := 0
	tz := shlex.NewTokenizer(strings.NewReader(marked))
	for {
		if _, err := tz.Next(); err != nil {
			break
		}
		tokens++
	}
	if tokens != len(words) {
		switch {
		case len(words) == 0:
			return nil, errors.New("command is only a comment")
		case comment != "":
			return nil, fmt.Errorf(`the word %q would start a comment and drop the rest of its line: quote it ('%s') to pass it as an argument`, comment, comment)
		}
		return nil, errors.New(`a word of the command starts with "#" and would be read as a comment: quote it ('#...') to pass it as an argument`)
	}
	if len(words) == 0 {
		return nil, errors.New("command is empty")
	}
	return words, nil
}

// unmark removes scan's literal marks.
func unmark(w string) string { return strings.ReplaceAll(w, string(literal), "") }

// expandWord expands a leading ~ or ~/ to the home folder (HomeVar) and $VAR / ${VAR} from the
// environment, an unset variable to nothing. Anything else, $(, $1 and a lone $ included, stays
// as written, and so does a $ or ~ that scan marked literal.
func expandWord(w string, lookup func(string) (string, bool)) string {
	if w == "~" || strings.HasPrefix(w, "~/") {
		if home, ok := lookup(HomeVar); ok && home != "" {
			w = home + w[1:]
		}
	}
	if !strings.ContainsAny(w, "$"+string(literal)) {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] == literal && i+1 < len(w) {
			i++
			b.WriteByte(w[i])
			continue
		}
		if w[i] != '$' || i+1 >= len(w) {
			b.WriteByte(w[i])
			continue
		}
		rest := w[i+1:]
		if rest[0] == '{' {
			end := strings.IndexByte(rest, '}')
			if end > 1 && isName(rest[1:end]) {
				v, _ := lookup(rest[1:end])
				b.WriteString(v)
				i += end + 1
				continue
			}
			b.WriteByte('$')
			continue
		}
		n := 0
		for n < len(rest) && isNameByte(rest[n], n == 0) {
			n++
		}
		if n == 0 {
			b.WriteByte('$')
			continue
		}
		v, _ := lookup(rest[:n])
		b.WriteString(v)
		i += n
	}
	return b.String()
}

func isNameByte(c byte, first bool) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || !first && '0' <= c && c <= '9'
}

// IsName reports whether s is a variable name, as the NAME of a command's leading NAME=value
// word and of allowed_env must be.
func IsName(s string) bool { return isName(s) }

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i], i == 0) {
			return false
		}
	}
	return s != ""
}

func hasScriptExt(w string) bool {
	for _, ext := range scriptExts {
		if strings.HasSuffix(w, ext) && len(w) > len(ext) {
			return true
		}
	}
	return false
}

// resolved is a command split, expanded and resolved.
type resolved struct {
	// env holds the leading NAME=value words, argv the rest.
	env, argv []string
	// scriptWord is the index in argv of the script; script is its absolute path, "" when the
	// script is the program, found on PATH.
	scriptWord int
	script     string
	// projectScript is set when the script's path comes from $CLAUDE_PROJECT_DIR.
	projectScript bool
	// files are the other files the command names by a path (see pathWords).
	files []string
}

// ProjectDirVar is the variable Claude Code sets to the project's folder: a script named
// under it differs from project to project, so an approval pins one per project.
const ProjectDirVar = "CLAUDE_PROJECT_DIR"

// resolveCommand splits, expands and resolves a command. With inside (a project's command), a
// relative word resolves against dir alone, never against the working folder.
func resolveCommand(cmd, dir string, inside bool, lookup func(string) (string, bool)) (resolved, error) {
	var r resolved
	marked, err := splitCommand(cmd)
	if err != nil {
		return r, err
	}
	// Leading NAME=value words set the hook's environment, as env and a shell do.
	n := 0
	for n < len(marked) && isAssignment(marked[n]) {
		n++
	}
	if n == len(marked) {
		return r, errors.New("command only sets variables (NAME=value) and names no program")
	}
	for _, w := range marked[:n] {
		name, value, _ := strings.Cut(w, "=")
		// The value expands as a word of its own, as a shell does: A=~/x is A=$HOME/x.
		r.env = append(r.env, name+"="+expandWord(value, lookup))
	}
	marked = marked[n:]
	argv := make([]string, len(marked))
	fromProject := make([]bool, len(marked))
	for i, w := range marked {
		argv[i] = expandWord(w, func(name string) (string, bool) {
			fromProject[i] = fromProject[i] || name == ProjectDirVar
			return lookup(name)
		})
	}
	if argv[0] == "" {
		return r, fmt.Errorf("the program word %q expands to nothing", unmark(marked[0]))
	}
	for i, w := range marked {
		if (w == "~" || strings.HasPrefix(w, "~/")) && argv[i] == w {
			return r, fmt.Errorf("%q starts with ~ but %s is not set", w, HomeVar)
		}
	}
	r.argv = argv
	r.scriptWord = scriptWord(marked, argv)
	if first := argv[0]; hasPathSep(first) {
		if abs, ok := absWord(dir, first); ok {
			if !filepath.IsAbs(first) {
				argv[0] = abs // rooted without a drive, on Windows
			}
		} else {
			argv[0] = filepath.Join(dir, first)
		}
	}
	w := argv[r.scriptWord]
	abs, isAbs := absWord(dir, w)
	switch {
	case isAbs:
		if !filepath.IsAbs(w) {
			argv[r.scriptWord] = abs // rooted without a drive, on Windows
		}
		r.script = abs
	case r.scriptWord == 0 && !hasPathSep(w):
		// Looked up on PATH at run time.
	default:
		// A relative script word after the program resolves against the config folder when
		// a file of that name is there, else against the working directory.
		if p := filepath.Join(dir, w); inside || fileExists(p) {
			argv[r.scriptWord] = p
			r.script = p
		} else if abs, aerr := filepath.Abs(w); aerr == nil {
			// Run what is pinned: the word becomes absolute, so a program that runs the
			// hook from another working folder cannot run an unapproved file of that name.
			argv[r.scriptWord] = abs
			r.script = abs
		} else {
			r.script = w
		}
	}
	r.projectScript = r.script != "" && fromProject[r.scriptWord]
	r.files = pathWords(marked, argv, r.scriptWord, dir, inside)
	return r, nil
}

// pathWords returns the absolute paths of the existing regular files that the words other
// than the script name by a path (a word with a slash, relative or absolute, or a ~ path): the
// program (`./wrap`, `.venv/bin/python`) and any argument naming a file. Consent pins them as
// it pins the script (SPEC 18.1). A program found on PATH (`python3`) names no path and is not
// pinned. A relative word after the program resolves as the script word does (the config
// folder when the file is there, else the working folder) and is rewritten to that absolute
// path, so that what runs is what was pinned. Flags, URLs and the code of `sh -c` are never
// path words; a word naming no existing file (an output file not yet written, a folder) is
// not pinned. argv is changed in place.
func pathWords(marked, argv []string, scriptWord int, dir string, inside bool) []string {
	var files []string
	for i, w := range argv {
		if i == scriptWord || !pathCandidate(argv, i) || !(hasPathSep(w) || strings.HasPrefix(marked[i], "~")) {
			continue
		}
		p := w
		abs, isAbs := absWord(dir, w)
		switch {
		case isAbs:
			p = abs
		case i == 0:
			p = w // joined with the config folder already
		case inside || isRegular(filepath.Join(dir, w)):
			p = filepath.Join(dir, w)
		default:
			abs, err := filepath.Abs(w)
			if err != nil {
				continue
			}
			p = abs
		}
		if !isRegular(p) || slices.Contains(files, p) {
			continue
		}
		argv[i] = p
		files = append(files, p)
	}
	return files
}

func isRegular(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// scriptWord picks the script among the words: the first with a script extension, else the
// first named by a path, else the program itself. Flags (--out=build/x.sh) and URLs
// (https://host/x.sh, git@host:x.sh) are never the script: pinning them would make the hook impossible to
// approve, and rewriting them would change what the program is told. marked holds the words
// before expansion, argv after.
func scriptWord(marked, argv []string) int {
	candidate := func(i int) bool { return pathCandidate(argv, i) }
	for i, w := range argv {
		if candidate(i) && hasScriptExt(w) {
			return i
		}
	}
	for i, w := range marked { // a ~ marked literal names no home folder
		if candidate(i) && (hasPathSep(argv[i]) || strings.HasPrefix(w, "~")) {
			return i
		}
	}
	return 0
}

// pathCandidate reports whether word i may be a path to pin and rewrite: flags, URLs and the
// code of `sh -c CODE` (a shell's or an interpreter's) never are.
func pathCandidate(argv []string, i int) bool {
	return i == 0 || !strings.HasPrefix(argv[i], "-") && !isRemote(argv[i]) && argv[i-1] != "-c"
}

// isRemote reports whether a word names something on another host: a URL (scheme://...) or
// scp's host:path (a colon before any slash).
func isRemote(w string) bool {
	if _, ok := absWord("", w); ok {
		return false // C:\hooks\x.sh or C:/hooks/x.sh on Windows: a drive, not a host
	}
	if strings.Contains(w, "://") {
		return true
	}
	colon, slash := strings.IndexByte(w, ':'), strings.IndexByte(w, '/')
	return colon > 0 && (slash < 0 || colon < slash)
}

// isAssignment reports whether a word (before expansion) is NAME=value.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && isName(name)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// ShellQuote quotes a word for a command line a person can paste (a fix in a message): as is
// when it needs no quoting, else in single quotes.
func ShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`|&;<>()*?[]#~!{}") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/shlex"
)

// scriptExts are the extensions that mark a word as the script a command runs.
var scriptExts = []string{".sh", ".bash", ".zsh", ".fish", ".py", ".rb", ".pl", ".js", ".mjs", ".ts", ".lua"}

// ShellSyntax lists the shell operators that hookctl passes literally; doctor flags them.
var ShellSyntax = []string{"|", "&&", ";", ">", "<", "$(", "`"}

// splitCommand splits a command like a shell would, with no shell: quotes and backslashes are
// honoured, nothing is run. A word that would start a comment is an error, because nothing of a
// command may vanish silently.
func splitCommand(cmd string) ([]string, error) {
	if strings.IndexByte(cmd, 0) >= 0 {
		return nil, errors.New("command contains a NUL byte")
	}
	words, err := shlex.Split(cmd)
	if err != nil {
		return nil, fmt.Errorf("command does not split cleanly: %v", err)
	}
	// The tokenizer also returns comment tokens, which Split drops: a count that differs means
	// part of the command would be read as a comment.
	tokens := 0
	tz := shlex.NewTokenizer(strings.NewReader(cmd))
	for {
		if _, err := tz.Next(); err != nil {
			break
		}
		tokens++
	}
	if tokens != len(words) {
		if len(words) == 0 {
			return nil, errors.New("command is only a comment")
		}
		return nil, errors.New(`a word of the command starts with "#" and would be read as a comment: quote it ('#...') to pass it as an argument`)
	}
	if len(words) == 0 {
		return nil, errors.New("command is empty")
	}
	return words, nil
}

// expandWord expands a leading ~ or ~/ to the home folder and $VAR / ${VAR} from the
// environment. Anything else, $(, $1 and a lone $ included, stays as written.
func expandWord(w string, lookup func(string) (string, bool)) string {
	if w == "~" || strings.HasPrefix(w, "~/") {
		if home, ok := lookup("HOME"); ok && home != "" {
			w = home + w[1:]
		}
	}
	if !strings.Contains(w, "$") {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
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

// resolveCommand splits, expands and resolves a command. It returns the argv and the script:
// the index of the script word and its absolute path, "" when the script is found on PATH.
func resolveCommand(cmd, dir string, lookup func(string) (string, bool)) (argv []string, scriptWord int, script string, err error) {
	raw, err := splitCommand(cmd)
	if err != nil {
		return nil, 0, "", err
	}
	argv = make([]string, len(raw))
	for i, w := range raw {
		argv[i] = expandWord(w, lookup)
	}
	if argv[0] == "" {
		return nil, 0, "", fmt.Errorf("the program word %q expands to nothing", raw[0])
	}
	// The script: the first word with a script extension, else the first named by a path,
	// else the program itself.
	scriptWord = -1
	for i, w := range argv {
		if hasScriptExt(w) {
			scriptWord = i
			break
		}
	}
	if scriptWord < 0 {
		for i, w := range raw {
			if strings.Contains(argv[i], "/") || strings.HasPrefix(w, "~") {
				scriptWord = i
				break
			}
		}
	}
	if scriptWord < 0 {
		scriptWord = 0
	}
	if first := argv[0]; strings.Contains(first, "/") && !filepath.IsAbs(first) {
		argv[0] = filepath.Join(dir, first)
	}
	w := argv[scriptWord]
	switch {
	case scriptWord == 0 && !strings.Contains(w, "/"):
		return argv, 0, "", nil // looked up on PATH at run time
	case filepath.IsAbs(w):
		script = filepath.Clean(w)
	default:
		// A relative script word after the program resolves against the config folder when
		// a file of that name is there, else against the working directory.
		if p := filepath.Join(dir, w); fileExists(p) {
			argv[scriptWord] = p
			script = p
		} else if abs, aerr := filepath.Abs(w); aerr == nil {
			script = abs
		} else {
			script = w
		}
	}
	return argv, scriptWord, script, nil
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

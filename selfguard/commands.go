package selfguard

import (
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// readers are commands known to only read the files they are given (or to touch none). A
// command not here that is given a protected path is taken to change it.
var readers = names{"cat", "tac", "head", "tail", "less", "more", "most", "ls", "dir", "stat", "file",
	"wc", "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "diff", "cmp", "comm", "md5sum",
	"sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "shasum", "cksum",
	"sum", "jq", "od", "hexdump", "strings", "readlink", "realpath", "dirname", "basename", "du",
	"df", "tree", "echo", "printf", "test", "[", "pwd", "true", "false", "which", "whereis",
	"type", "bat", "nl", "fold", "column", "cut", "tr", "paste", "join", "expand", "unexpand",
	"fmt", "pr", "look", "getfacl", "lsattr", "id", "whoami", "date", "uname", "printenv",
	"sleep", "wait", "exit", "return", "set", "shopt", "source", ".", "read", "ps", "popd",
	"hookctl", "hookctl.exe", ":", "dirs", "hash", "help", "history", "jobs", "let", "local",
	"export", "declare", "typeset", "readonly", "unset", "alias", "unalias", "trap", "shift",
	"getopts", "ulimit", "umask", "times", "logname", "hostname", "tty", "nproc", "free", "uptime",
	"lsof"}

// shells run a command line given with -c, a script file, or their standard input.
var shells = names{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "fish", "rbash"}

// interpreters maps a program to the flags that take inline code.
func interpreter(prog string) string {
	switch {
	case strings.HasPrefix(prog, "python"), prog == "pypy", prog == "pypy3":
		return "c"
	case prog == "node", prog == "nodejs", prog == "bun":
		return "ep"
	case prog == "deno":
		return "e"
	case prog == "ruby", prog == "lua", prog == "luajit", prog == "rscript", prog == "osascript":
		return "e"
	case prog == "perl":
		return "eE"
	case prog == "php":
		return "r"
	case prog == "pwsh", prog == "powershell":
		return "c"
	case prog == "tclsh", prog == "wish":
		return ""
	}
	return ""
}

// codeFlag reports whether arg is a flag whose next word is code: -c, -e, a cluster ending in
// one (-lc, -ne), or the long forms --eval, --print, -Command.
func codeFlag(arg, letters string) bool {
	switch strings.ToLower(arg) {
	case "--eval", "--print", "-command", "--command", "-encodedcommand":
		return true
	}
	if strings.HasPrefix(arg, "--") || len(arg) < 2 || letters == "" {
		return false
	}
	return strings.IndexByte(letters, arg[len(arg)-1]) >= 0
}

// wrappers run the command that follows their options; the value is the short options that
// take a value.
var wrappers = [...]struct{ name, valued string }{
	{"env", "uCS"}, {"sudo", "ugpChDrtUT"}, {"doas", "uC"}, {"nohup", ""}, {"setsid", ""}, {"time", "fo"},
	{"nice", "n"}, {"ionice", "cnp"}, {"stdbuf", "ioe"}, {"command", ""}, {"builtin", ""}, {"exec", "a"},
	{"timeout", "sk"}, {"xargs", "IdEeLlnPsa"}, {"flock", "wEc"}, {"chronic", ""}, {"unbuffer", ""},
	{"caffeinate", "tw"}, {"busybox", ""}, {"systemd-run", "pMuEHd"}, {"watch", "nd"}, {"parallel", "jS"},
	{"nsenter", "tSGwr"}, {"unshare", ""}, {"taskset", ""}, {"chrt", ""}, {"sg", ""}, {"strace", "oepsE"},
	{"ltrace", "oeps"}, {"torsocks", ""}, {"proxychains", "f"}, {"firejail", ""}, {"catchsegv", ""},
}

// wrapperPositionals is how many plain words a wrapper takes before its command.
func wrapperPositionals(prog string) int {
	switch prog {
	case "timeout", "flock", "taskset", "chrt", "sg":
		return 1
	}
	return 0
}

// longWithValue are long options of the wrappers that take the next word as their value.
var longWithValue = names{"--user", "--group", "--signal", "--kill-after", "--chdir", "--split-string",
	"--unset", "--replace", "--max-args", "--max-procs", "--delimiter", "--arg-file",
	"--eof", "--max-lines", "--interval", "--command", "--conflict-exit-code", "--timeout",
	"--property", "--unit", "--setenv", "--working-directory", "--adjustment", "--prompt",
	"--close-from", "--host", "--other-user", "--role", "--type", "--target"}

// unwrap strips the wrappers in front of a command (env, sudo, nohup, timeout, xargs...);
// viaXargs says the command gets names from its standard input.
func unwrap(ws []wordVal) (rest []wordVal, viaXargs bool) {
	return unwrapScripts(nil, ws, 0)
}

// unwrapScripts strips wrappers as unwrap does and, with sh, judges the command lines and
// folders they carry (env -S, env -C, flock -c, watch).
func unwrapScripts(sh *shell, ws []wordVal, depth int) (rest []wordVal, viaXargs bool) {
	for guard := 0; len(ws) > 0 && guard < 16; guard++ {
		prog := progName(ws[0].s)
		valued, ok := wrapper(prog)
		if !ok {
			return ws, viaXargs
		}
		if prog == "xargs" || prog == "parallel" {
			viaXargs = true
		}
		if prog == "watch" {
			// watch runs its words as one command line.
			if sh != nil {
				i := skipOptions(ws[1:], valued, nil)
				sh.nested(joinWords(ws[1+i:]), depth)
			}
			return nil, viaXargs
		}
		if prog == "command" && len(ws) > 1 && (ws[1].s == "-v" || ws[1].s == "-V") {
			return nil, viaXargs
		}
		if prog == "systemd-run" {
			ws = systemdFlags(ws)
		}
		i := 1 + skipOptions(ws[1:], valued, func(opt byte, long string, val wordVal) {
			if sh == nil {
				return
			}
			switch {
			case prog == "env" && (opt == 'S' || long == "--split-string"),
				prog == "flock" && (opt == 'c' || long == "--command"):
				sh.nested(val, depth)
			case prog == "env" && (opt == 'C' || long == "--chdir"):
				sh.cd([]wordVal{val})
			case prog == "xargs" && (opt == 'a' || long == "--arg-file"):
				sh.xargsFiles = append(sh.xargsFiles, val)
			}
		})
		if prog == "env" {
			for i < len(ws) && strings.Contains(ws[i].s, "=") && !strings.HasPrefix(ws[i].s, "=") {
				i++
			}
		}
		if prog == "busybox" && i < len(ws) && (ws[i].s == "sh" || ws[i].s == "ash") {
			return ws[i:], viaXargs
		}
		i += wrapperPositionals(prog)
		if i > len(ws) {
			i = len(ws)
		}
		ws = ws[i:]
	}
	return ws, viaXargs
}

// skipOptions returns how many words at the front of ws are options (and their values),
// reporting each option that has a value.
func skipOptions(ws []wordVal, valued string, seen func(opt byte, long string, val wordVal)) int {
	i := 0
	for i < len(ws) {
		a := ws[i].s
		switch {
		case a == "--":
			return i + 1
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a, "=")
			if hasVal {
				if seen != nil {
					seen(0, name, wordVal{s: val, glob: ws[i].glob})
				}
				i++
				continue
			}
			if longWithValue.has(a) && i+1 < len(ws) {
				if seen != nil {
					seen(0, a, ws[i+1])
				}
				i += 2
				continue
			}
			i++
		case len(a) > 1 && a[0] == '-':
			i++
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(valued, a[j]) < 0 {
					continue
				}
				var val wordVal
				if j+1 < len(a) {
					val = wordVal{s: a[j+1:], glob: ws[i-1].glob}
				} else if i < len(ws) {
					val = ws[i]
					i++
				}
				if seen != nil {
					seen(a[j], "", val)
				}
				break
			}
		default:
			return i
		}
	}
	return i
}

// shellScriptArg returns the index of the command line a shell is given with -c, or -1.
func shellScriptArg(args []wordVal) int {
	c := false
	for i, a := range args {
		s := a.s
		switch {
		case s == "--":
			if c && i+1 < len(args) {
				return i + 1
			}
			return -1
		case s == "-o" || s == "+o" || s == "--rcfile" || s == "--init-file":
			// Takes the next word; handled by skipping it below.
		case strings.HasPrefix(s, "--"):
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
			if strings.IndexByte(s[1:], 'c') >= 0 {
				c = true
			}
		default:
			if i > 0 && (args[i-1].s == "-o" || args[i-1].s == "+o" || args[i-1].s == "--rcfile" || args[i-1].s == "--init-file") {
				continue
			}
			if c {
				return i
			}
			return -1
		}
	}
	return -1
}

// readsStdin reports whether a shell runs its standard input: no -c and no script file.
func readsStdin(ws []wordVal) bool {
	args := ws[1:]
	if shellScriptArg(args) >= 0 {
		return false
	}
	for i, a := range args {
		if a.s == "-s" {
			return true
		}
		if !strings.HasPrefix(a.s, "-") && !strings.HasPrefix(a.s, "+") {
			prev := ""
			if i > 0 {
				prev = args[i-1].s
			}
			if prev != "-o" && prev != "+o" {
				return false
			}
		}
	}
	return true
}

// flagValue returns the index of the value of a short flag letter (alone or ending a cluster,
// as in script -qec) or of the long flag, or -1. A --long=value is returned in place.
func flagValue(args []wordVal, letter byte, long string) int {
	for i, a := range args {
		s := a.s
		if s == long && i+1 < len(args) {
			return i + 1
		}
		if strings.HasPrefix(s, long+"=") {
			args[i] = wordVal{s: s[len(long)+1:], glob: a.glob, inner: a.inner}
			return i
		}
		if len(s) > 1 && s[0] == '-' && s[1] != '-' && s[len(s)-1] == letter && i+1 < len(args) {
			return i + 1
		}
	}
	return -1
}

// sedInPlace reports sed -i, --in-place or a cluster holding i (-Ei, -i.bak).
func sedInPlace(args []wordVal) bool {
	for _, a := range args {
		s := a.s
		if strings.HasPrefix(s, "--in-place") {
			return true
		}
		if len(s) < 2 || s[0] != '-' || s[1] == '-' {
			continue
		}
		for j := 1; j < len(s); j++ {
			c := s[j]
			if c == 'i' {
				return true
			}
			if c == 'e' || c == 'f' || c == 'l' || !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				break // the rest is a value
			}
		}
	}
	return false
}

// gitReads reports a git subcommand that only reads.
func gitReads(args []wordVal) bool {
	for i := 0; i < len(args); i++ {
		s := args[i].s
		switch {
		case s == "-C" || s == "-c" || s == "--git-dir" || s == "--work-tree" || s == "--namespace":
			i++
		case strings.HasPrefix(s, "-"):
		default:
			return gitReadOnly.has(s)
		}
	}
	return true
}

var gitReadOnly = names{"status", "log", "show", "diff", "blame", "ls-files", "ls-tree", "grep",
	"cat-file", "rev-parse", "describe", "shortlog", "rev-list", "version", "help", "annotate",
	"whatchanged", "diff-tree", "diff-files", "diff-index", "check-ignore", "for-each-ref"}

// consentVerbs are hookctl's commands that change consent or wiring.
var consentVerbs = names{"install", "uninstall", "import", "init"}
var hooksConsentVerbs = names{"approve", "revoke", "auto-accept", "add", "remove"}

// consent reports a hookctl consent command anywhere in the words: whatever runs hookctl
// (a wrapper, a path, go run ./cmd/hookctl), a word named hookctl followed by a consent verb.
func consent(ws []wordVal) bool {
	return consentBy(ws, isHookctl)
}

// consentBy reports a consent command run by a word that isProg says is hookctl; isProg is
// asked only of a word a consent verb follows.
func consentBy(ws []wordVal, isProg func(wordVal) bool) bool {
	for i, w := range ws {
		// A program that cannot be known ("$H") is taken for hookctl before "hooks approve".
		unknown := w.s == "" && w.glob
		first, next := positional(ws, i+1)
		if first < 0 {
			continue
		}
		verb := !unknown && verbMatches(ws[first], consentVerbs)
		if !verb && (ws[first].s == "hooks" || ws[first].glob) {
			second, _ := positional(ws, next)
			verb = second >= 0 && verbMatches(ws[second], hooksConsentVerbs)
		}
		if verb && (unknown || isProg(w)) {
			return true
		}
	}
	return false
}

func isHookctl(w wordVal) bool {
	base := filepath.Base(strings.ReplaceAll(w.s, "\\", "/"))
	base = strings.TrimSuffix(strings.ToLower(base), ".exe")
	if base == "hookctl" {
		return true
	}
	if w.glob {
		ok, err := filepath.Match(base, "hookctl")
		return ok || err != nil
	}
	return false
}

func verbMatches(w wordVal, verbs names) bool {
	if verbs.has(w.s) {
		return true
	}
	if w.glob {
		for _, v := range verbs {
			if ok, err := filepath.Match(w.s, v); ok || err != nil {
				return true
			}
		}
	}
	return false
}

// positional returns the index of the first word from i that is not an option of hookctl's
// (--config and --color take a value), and the index after it.
func positional(ws []wordVal, i int) (int, int) {
	for i < len(ws) {
		s := ws[i].s
		switch {
		case s == "--config" || s == "--color":
			i += 2
		case strings.HasPrefix(s, "-") && len(s) > 1:
			i++
		default:
			return i, i + 1
		}
	}
	return -1, i
}

// consentText reports a hookctl consent command in free text (code, an unknown tool's input).
func consentText(s string) bool {
	if !strings.Contains(strings.ToLower(s), "hookctl") {
		return false
	}
	toks := strings.FieldsFunc(s, isTextSep)
	ws := make([]wordVal, len(toks))
	for i, t := range toks {
		ws[i] = wordVal{s: t}
	}
	return consent(ws)
}

// isTextSep splits code and free text into the words that may be names.
func isTextSep(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\'', '"', '`', '(', ')', ',', ';', '=', '<', '>', '|', '&', '[', ']', '{', '}':
		return true
	}
	return false
}

// textNames reports a protected path named by a word of free text: the whole text when it is
// one line, else each word that looks like a path and ends in a name a protected path has.
func (m *matcher) textNames(s, cwd string) (hit, bool) {
	if len(s) > 1<<20 {
		s = s[:1<<20]
	}
	t := strings.TrimSpace(s)
	if t != "" && !strings.ContainsAny(t, "\n\r") && t != "/" && t != "." && t != ".." {
		if h, ok := m.names(t, cwd, false); ok {
			return h, true
		}
	}
	if m.c.Home != "" && strings.Contains(s, "$") {
		s = strings.NewReplacer("${HOME}", m.c.Home, "$HOME", m.c.Home).Replace(s)
	}
	m.prepare()
	for _, tok := range strings.FieldsFunc(s, isTextSep) {
		if tok == "/" || tok == "." || tok == ".." || tok == t {
			continue
		}
		if !m.mayName(tok) {
			continue
		}
		if h, ok := m.names(tok, cwd, false); ok {
			return h, true
		}
		// Code builds names from HOME: os.environ["HOME"] + "/.agent-hooks".
		if m.c.Home != "" && !strings.HasPrefix(tok, "~") {
			if h, ok := m.names(m.c.Home+"/"+strings.TrimPrefix(tok, "/"), cwd, false); ok {
				return h, true
			}
		}
	}
	return hit{}, false
}

// mayName is the cheap test before a word of free text is resolved: it looks like a path
// and its last name is one a protected path, or a folder holding one, has.
func (m *matcher) mayName(tok string) bool {
	if tok == "~" || strings.HasPrefix(tok, "~/") {
		return true
	}
	if !strings.ContainsAny(tok, "/\\") && !strings.HasPrefix(tok, ".") {
		return false
	}
	base := fold(filepath.Base(sysClean(strings.TrimRight(tok, "/"))))
	if m.components == nil {
		m.components = map[string]bool{}
		for _, t := range m.targets {
			for _, f := range t.forms {
				for _, c := range strings.Split(f, string(filepath.Separator)) {
					if c != "" {
						m.components[c] = true
					}
				}
			}
		}
	}
	if m.components[base] || base == ".." || base == "." {
		return true
	}
	// A name inside a tree has a last name no protected path has (a copy's sha256): any
	// component along the word that is a tree's own name will do.
	for _, t := range m.targets {
		if !t.tree {
			continue
		}
		for _, f := range t.forms {
			tb := filepath.Base(f)
			for _, c := range strings.Split(fold(sysClean(tok)), string(filepath.Separator)) {
				if c == tb {
					return true
				}
			}
		}
	}
	return false
}

// names is a list of names looked up by a scan: a slice of constants needs no work when
// hookctl starts, where a map would be built on every start (SPEC: P1 within 2%).
type names []string

func (n names) has(s string) bool {
	for _, x := range n {
		if x == s {
			return true
		}
	}
	return false
}

// progName is a command's name as the wrappers and tables know it: the base name, lower case,
// without .exe.
func progName(s string) string {
	base := filepath.Base(strings.ReplaceAll(s, "\\", "/"))
	return strings.TrimSuffix(strings.ToLower(base), ".exe")
}

// unescapeUnquoted removes the backslashes of an unquoted word.
func unescapeUnquoted(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeQuoted removes the backslashes that double quotes honour.
func unescapeQuoted(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeANSI decodes the escapes of a $'...' string.
func unescapeANSI(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'x', 'u', 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			j := i + 1
			for j < len(s) && j-i-1 < max && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				b.WriteByte(byte(n))
			} else {
				b.WriteRune(rune(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte(e)
		}
	}
	if !utf8.ValidString(b.String()) {
		return strings.ToValidUTF8(b.String(), "?")
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// braceAsGlob replaces each {a,b} with *, a pattern that matches every word it expands to.
func braceAsGlob(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			if depth == 0 {
				b.WriteByte('*')
			}
			depth++
		case '}':
			if depth > 0 {
				depth--
				continue
			}
			b.WriteByte('}')
		default:
			if depth == 0 {
				b.WriteByte(s[i])
			}
		}
	}
	return b.String()
}

func wrapper(prog string) (valued string, ok bool) {
	for _, w := range wrappers {
		if w.name == prog {
			return w.valued, true
		}
	}
	return "", false
}

// systemdFlags drops systemd-run's --user, --system and --scope, which take no value there
// (elsewhere --user does), so that the command after them is read.
func systemdFlags(ws []wordVal) []wordVal {
	out := make([]wordVal, 0, len(ws))
	for i, w := range ws {
		if i > 0 && (w.s == "--user" || w.s == "--system" || w.s == "--scope") {
			continue
		}
		out = append(out, w)
		if w.s == "--" {
			return append(out, ws[i+1:]...)
		}
	}
	return out
}

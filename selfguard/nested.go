package selfguard

import (
	"encoding/base64"
	"strings"
	"unicode/utf16"

	"github.com/hookctl/hookctl/internal/lazy"
)

// An agent the guarded agent starts itself runs its own tool calls through the hooks of its own
// settings. Started with a flag or variable that drops or moves those settings (claude
// --settings, CODEX_HOME=/tmp/c codex, codex -c features.hooks=false), it runs without the
// person's hooks: only the system level's stay (SPEC 28.7). Such a start is denied.

// Nested is one agent as the self-guard knows its start: the programs and npm packages that
// start it, and the flags and variables that drop or move its hook settings.
type Nested struct {
	// Agent is the agent's name for people ("Claude Code").
	Agent string
	// Programs are its executables' names ("claude"); Packages its npm packages
	// ("@anthropic-ai/claude-code"), started through npx, bunx, pnpm dlx or node.
	Programs, Packages []string
	// Flags are its command-line flags ("--settings", "-c"), Envs its variables
	// ("CLAUDE_CONFIG_DIR").
	Flags, Envs []string
}

// launchers run the npm package named after their options.
var launchers = names{"npx", "bunx", "pnpx"}

var launcherVerbsOnce lazy.Value[map[string]names]

// launcherVerbs are the package managers whose verb runs a package (pnpm dlx, npm exec).
func launcherVerbs() map[string]names {
	return launcherVerbsOnce.Get(func() map[string]names {
		return map[string]names{"pnpm": {"dlx", "exec"}, "yarn": {"dlx"}, "npm": {"exec", "x"}, "bun": {"x"}}
	})
}

// nestedAgent returns the agent that ws starts and the words after its program; ok is false
// when ws starts none of p's agents.
func nestedAgent(agents []Nested, ws []wordVal) (Nested, []wordVal, bool) {
	if len(ws) == 0 || len(agents) == 0 {
		return Nested{}, nil, false
	}
	prog := agentProgName(ws[0].s)
	for _, a := range agents {
		if names(a.Programs).has(prog) {
			return a, ws[1:], true
		}
	}
	rest := ws[1:]
	if verbs, ok := launcherVerbs()[prog]; ok && len(rest) > 0 && verbs.has(rest[0].s) {
		rest = rest[1:]
	} else if !launchers.has(prog) && prog != "node" {
		return Nested{}, nil, false
	}
	for i, w := range rest {
		if a, ok := agentOfPackage(agents, w.s); ok {
			return a, rest[i+1:], true
		}
		if !strings.HasPrefix(w.s, "-") && prog == "node" {
			break // node's first word that is not an option is its script
		}
		if !strings.HasPrefix(w.s, "-") && !launchers.has(prog) {
			break // the package after pnpm dlx, npm exec
		}
	}
	return Nested{}, nil, false
}

// agentOfPackage reads a word as an npm package, maybe with its version (@openai/codex@0.1,
// --package=@openai/codex), or as a script inside the package's folder (node
// .../node_modules/@anthropic-ai/claude-code/cli.js).
func agentOfPackage(agents []Nested, w string) (Nested, bool) {
	w = strings.ToLower(strings.ReplaceAll(w, `\`, "/"))
	if i := strings.IndexByte(w, '='); i >= 0 && strings.HasPrefix(w, "-") {
		w = w[i+1:]
	}
	for _, a := range agents {
		for _, pkg := range a.Packages {
			if w == pkg || strings.HasPrefix(w, pkg+"@") || strings.Contains(w, "/"+pkg+"/") ||
				strings.HasPrefix(w, pkg+"/") {
				return a, true
			}
		}
	}
	return Nested{}, false
}

// agentProgName is a program's name as an agent's executable is known: base name, lower case,
// without .exe, .cmd, .bat or .ps1 (npm's shims on Windows).
func agentProgName(s string) string {
	p := progName(s)
	for _, ext := range []string{".cmd", ".bat", ".ps1"} {
		p = strings.TrimSuffix(p, ext)
	}
	return p
}

// escapeFlag returns the first of a's flags among args: the flag itself, its --flag=VALUE
// form, or a short flag with its value attached (-cfeatures.hooks=false).
func escapeFlag(a Nested, args []wordVal) (string, bool) {
	for _, w := range args {
		for _, f := range a.Flags {
			short := len(f) == 2 && f[0] == '-' && f[1] != '-'
			if w.s == f || strings.HasPrefix(w.s, f+"=") || short && strings.HasPrefix(w.s, f) {
				return f, true
			}
		}
	}
	return "", false
}

// escapeEnv returns the first of a's variables that the command line sets: named in it at all,
// in any case (VAR=, export VAR, env VAR=, $env:VAR =, set VAR=, os.environ["VAR"]), or set by
// the script before the agent starts. A variable only read is taken for one set: stricter.
func (sh *shell) escapeEnv(a Nested, prefix []wordVal) (string, bool) {
	for _, v := range a.Envs {
		if _, ok := sh.vars[v]; ok || sh.mentions(v) {
			return v, true
		}
		for _, w := range prefix {
			if name, _, ok := strings.Cut(w.s, "="); ok && strings.EqualFold(name, v) {
				return v, true
			}
		}
	}
	return "", false
}

// mentions reports whether the command line, or the one inside it being read (bash -c,
// PowerShell's -EncodedCommand), names the variable, in any case; each line is searched once
// per variable, however many agents it starts.
func (sh *shell) mentions(name string) bool {
	return sh.searched(&sh.named, sh.src, name) || sh.cur != sh.src && sh.searched(&sh.namedCur, sh.cur, name)
}

func (sh *shell) searched(memo *map[string]bool, text, name string) bool {
	if m, ok := (*memo)[name]; ok {
		return m
	}
	if *memo == nil {
		*memo = map[string]bool{}
	}
	m := mentions(strings.ToLower(text), strings.ToLower(name))
	(*memo)[name] = m
	return m
}

// mentions reports name in s as a word of its own: not inside a longer name.
func mentions(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		if (start == 0 || !isNameByte(s[start-1])) && (end == len(s) || !isNameByte(s[end])) {
			return true
		}
		i = start + 1
	}
}

func isNameByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// nestedStart denies the start of a wired agent with a flag or variable that drops or moves its
// hook settings. ws are the command's words, prefix the wrappers' words before them (env's
// VAR=VALUE among them).
func (sh *shell) nestedStart(ws, prefix []wordVal) {
	a, args, ok := nestedAgent(sh.m.p.Agents, ws)
	if !ok {
		return
	}
	what, found := escapeFlag(a, args)
	if !found {
		what, found = sh.escapeEnv(a, prefix)
	}
	if found {
		sh.deny(nestedWhat(a, what), "")
	}
}

func nestedWhat(a Nested, what string) string {
	return "starts " + a.Agent + " with " + what + ", which drops or moves its hooks: it keeps only the system guards"
}

// nestedText judges a command line that cannot be parsed: any word that starts a wired agent,
// followed by one of its flags or with one of its variables named in the text.
func (sh *shell) nestedText(src string) {
	toks := strings.FieldsFunc(src, isTextSep)
	ws := make([]wordVal, len(toks))
	for i, t := range toks {
		ws[i] = wordVal{s: t}
	}
	seen := map[string]bool{} // each agent from its first start on: one scan of the words each
	for i := range ws {
		a, _, ok := nestedAgent(sh.m.p.Agents, ws[i:])
		if sh.what != "" || len(seen) == len(sh.m.p.Agents) {
			return
		}
		if ok && !seen[a.Agent] {
			seen[a.Agent] = true
			sh.nestedStart(ws[i:], nil)
		}
	}
}

// encodedCommand returns the command line of PowerShell's -EncodedCommand (also -e, -ec, -enc
// and the other prefixes PowerShell takes, with - or /): base64 of UTF-16LE text, which the
// self-guard reads as it reads the command itself.
func encodedCommand(args []wordVal) (string, bool) {
	for i := 0; i+1 < len(args); i++ {
		opt := strings.ToLower(args[i].s)
		if len(opt) < 2 || opt[0] != '-' && opt[0] != '/' {
			continue
		}
		opt = strings.TrimLeft(opt, "-/")
		if opt != "e" && opt != "ec" && (len(opt) < 2 || !strings.HasPrefix("encodedcommand", opt)) {
			continue
		}
		raw, err := base64.StdEncoding.DecodeString(args[i+1].s)
		if err != nil || len(raw)%2 != 0 {
			return "", false
		}
		u := make([]uint16, len(raw)/2)
		for j := range u {
			u[j] = uint16(raw[2*j]) | uint16(raw[2*j+1])<<8
		}
		return string(utf16.Decode(u)), true
	}
	return "", false
}

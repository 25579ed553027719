package selfguard

import (
	"path/filepath"
	"strings"
	"sync"

	// What linking the parser costs hookctl's start (cmd/hookctl calling Judge, built with
	// -trimpath -ldflags='-s -w', Go 1.26.8, 2 CPUs at load average 10-12): the binary grows
	// from 5,447,945 to 5,865,737 bytes (+7.7%); package initialisation adds mvdan.cc/sh/v3/
	// fileutil's two regular expressions (the printer imports it; 104 allocations, 15 KB,
	// 0.04 ms warm in a benchmark, 0.1-0.4 ms clock in GODEBUG=inittrace under that load);
	// selfguard itself adds none (its tables are slices of constants, not maps). 300
	// alternating runs of `hookctl --version` and of `hookctl run pre_tool_call` differed by
	// less than the load's noise (medians 24.7 vs 25.7 ms and 34.2 vs 33.6 ms, each order
	// flipping). Against a quiet machine's 1.6 ms no-hook run, the init alone is about 2.5%
	// and the larger binary's start more: over P1/PA's 2%, to be measured with make bench.
	"mvdan.cc/sh/v3/syntax"
)

// maxDepth bounds how deep commands inside commands (sh -c, eval, $(...)) are followed.
const maxDepth = 4

// maxCwds bounds the folders a script may cd into that relative names are read against.
const maxCwds = 8

var parsers = sync.Pool{New: func() any { return syntax.NewParser() }}

// shell judges one shell command line. Every folder it cds into is kept: a relative name is
// read against each, so a cd in a subshell cannot hide where a later name points.
type shell struct {
	m   *matcher
	src string
	// cur is the command line being parsed, which words' positions point into.
	cur  string
	cwds []string
	vars map[string]wordVal
	what string
	hit  string
	// gen counts the changes to vars: a word's value is kept for as long as gen stays.
	gen  int
	memo map[*syntax.Word]memoVal
	// parsed holds the command lines already judged in the same state.
	parsed map[parseKey]bool
	// written holds the words written into each file (by its absolute name) by redirecting a
	// command's output; unknownFile those written into a file whose name cannot be known.
	written     map[string][]wordVal
	unknownFile []wordVal
	// xargsFiles holds the argument files (xargs -a) of the command being unwrapped.
	xargsFiles []wordVal
	// subst is how deep the word being read nests in $(...); nest, how deep the node being
	// walked does.
	subst, nest int
	// named and namedCur remember whether the command line, and cur, name each variable
	// (nested.go).
	named, namedCur map[string]bool
}

type memoVal struct {
	v   wordVal
	gen int
}

type parseKey struct {
	src              string
	depth, cwds, gen int
}

// A wordVal is a word after quote removal. glob says part of it is a wildcard or cannot be
// known ($VAR, $(...)); inner holds the words of the commands a $(...) in it runs, which may
// be what it expands to.
type wordVal struct {
	s     string
	glob  bool
	inner []string
}

// judgeScript judges a command line.
func (m *matcher) judgeScript(src string) (what, target string) {
	sh := &shell{m: m, src: src, cwds: m.startCwds()}
	sh.script(src, 0)
	return sh.what, sh.hit
}

// judgeArgv judges a command given as an argv array (Codex's shell tool).
func (m *matcher) judgeArgv(list []any) (what, target string) {
	ws := make([]wordVal, 0, len(list))
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return "", ""
		}
		ws = append(ws, wordVal{s: s})
	}
	src := ""
	for i, w := range ws {
		if i > 0 {
			src += " "
		}
		src += w.s
	}
	sh := &shell{m: m, src: src, cwds: m.startCwds()}
	sh.argv(ws, 0)
	return sh.what, sh.hit
}

func (sh *shell) deny(what, target string) {
	if sh.what == "" {
		// The command is shortened so that what it does stays whole in the reason.
		sh.what = "the command `" + clip(sh.src, max(40, 150-len(what))) + "` " + what
		sh.hit = target
	}
}

// script judges a command line as sh reads it and as the system's other shells read it
// (PowerShell's and cmd's escapes, on Windows): a denial under any reading stands.
func (sh *shell) script(src string, depth int) {
	sh.parse(src, depth)
	for _, r := range shellReadings(src) {
		sh.parse(r, depth)
	}
}

// parse parses src and judges every command in it. A script that cannot be parsed is judged
// by the names in its text. A script already judged in the same state is not judged again.
func (sh *shell) parse(src string, depth int) {
	if sh.what != "" {
		return
	}
	if depth > maxDepth {
		sh.text(src, "nests commands too deeply to read, and names")
		return
	}
	key := parseKey{src, depth, len(sh.cwds), sh.gen}
	if sh.parsed[key] || !sh.spend(1) {
		return
	}
	if sh.parsed == nil {
		sh.parsed = map[parseKey]bool{}
	}
	sh.parsed[key] = true
	if len(src) > maxScript || nestsTooDeep(src) {
		sh.deny(tooComplex, "")
		return
	}
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	parsers.Put(p)
	if err != nil {
		sh.text(src, "cannot be parsed, and names")
		return
	}
	prev, nest, named := sh.cur, sh.nest, sh.namedCur
	sh.cur, sh.nest, sh.namedCur = src, 0, nil
	defer func() { sh.cur, sh.nest, sh.namedCur = prev, nest, named }()
	sh.walk(f, depth)
}

// walk judges every node of a parsed script once, counting each against the budget and the
// nesting of substitutions against maxSubst. A list of commands joined by |, && or || is
// walked along its spine without recursion (see binary): a pipe chain of thousands of stages
// nests its nodes thousands deep, and a recursive walk spent most of its time growing its
// stack.
func (sh *shell) walk(root syntax.Node, depth int) {
	var substs []bool // per node on the way down: whether it is a substitution
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			if substs[len(substs)-1] {
				sh.nest--
			}
			substs = substs[:len(substs)-1]
			return true
		}
		if b, ok := n.(*syntax.BinaryCmd); ok {
			sh.binary(b, depth)
			return false
		}
		isSubst, ok := sh.visit(n, depth)
		if !ok {
			return false
		}
		substs = append(substs, isSubst)
		return true
	})
}

// visit counts and judges one node; it reports whether the node is a substitution (whose
// nesting is then counted until the walk leaves it) and whether the walk goes on into it.
func (sh *shell) visit(n syntax.Node, depth int) (isSubst, ok bool) {
	if !sh.spend(1) {
		return false, false
	}
	switch n.(type) {
	case *syntax.CmdSubst, *syntax.ProcSubst:
		isSubst = true
		if sh.nest++; sh.nest > maxSubst {
			sh.deny(tooComplex, "")
			return false, false
		}
	}
	sh.node(n, depth)
	if sh.what != "" {
		if isSubst {
			sh.nest--
		}
		return false, false
	}
	return isSubst, true
}

// binary walks a list of commands joined by |, |&, && or || from left to right: each
// statement that joins two more is judged itself (its redirections), the top of each pipe
// chain judges what flows through it, and every other statement is walked.
func (sh *shell) binary(b *syntax.BinaryCmd, depth int) {
	if !sh.spend(1) {
		return
	}
	eachSide(b, func(s *syntax.Stmt, x *syntax.BinaryCmd, inPipe bool) bool {
		if s != nil {
			if _, ok := sh.visit(s, depth); !ok {
				return false
			}
			for _, r := range s.Redirs {
				sh.walk(r, depth)
			}
		}
		if isPipe(x) && !inPipe {
			sh.pipeline(x, depth)
		}
		return sh.spend(1)
	}, func(s *syntax.Stmt) bool {
		sh.walk(s, depth)
		return sh.what == ""
	})
}

func isPipe(b *syntax.BinaryCmd) bool { return b.Op == syntax.Pipe || b.Op == syntax.PipeAll }

// eachSide iterates, without recursion, over a list of commands joined by |, |&, && or ||
// (which nests one node deeper per command): join is called for each joining node, the top
// first, with the statement holding it (nil for the top) and whether it is a stage of a pipe
// chain above it; side for each statement of another kind, from left to right. Either
// returning false ends the iteration.
func eachSide(b *syntax.BinaryCmd, join func(s *syntax.Stmt, x *syntax.BinaryCmd, inPipe bool) bool, side func(*syntax.Stmt) bool) {
	type item struct {
		s      *syntax.Stmt
		inPipe bool
	}
	if !join(nil, b, false) {
		return
	}
	todo := []item{{b.Y, isPipe(b)}, {b.X, isPipe(b)}}
	for len(todo) > 0 {
		it := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		x, ok := it.s.Cmd.(*syntax.BinaryCmd)
		if !ok {
			if !side(it.s) {
				return
			}
			continue
		}
		inPipe := it.inPipe && isPipe(x)
		if !join(it.s, x, inPipe) {
			return
		}
		todo = append(todo, item{x.Y, isPipe(x)}, item{x.X, isPipe(x)})
	}
}

// node judges one node of a script.
func (sh *shell) node(n syntax.Node, depth int) {
	switch x := n.(type) {
	case *syntax.Stmt:
		sh.stmt(x, depth)
	case *syntax.CallExpr:
		sh.call(x, depth)
	case *syntax.DeclClause:
		for _, a := range x.Args {
			sh.assign(a)
		}
	case *syntax.ForClause:
		sh.forLoop(x)
	}
}

// spend counts n units of work against the call's budget, and denies the call once it is
// spent (or the caller's context is done): it reports whether the judgement may go on.
func (sh *shell) spend(n int) bool {
	if sh.what != "" {
		return false
	}
	if !sh.m.spend(n) {
		sh.deny(tooComplex, "")
		return false
	}
	return true
}

// text judges a command hookctl cannot parse by the names and consent commands in its text.
func (sh *shell) text(src, what string) {
	for _, cwd := range sh.cwds {
		if h, ok := sh.m.textNames(src, cwd); ok {
			sh.deny(what+" a protected path", h.target)
			return
		}
	}
	if consentText(src) {
		sh.deny(what+" a hookctl consent command", "")
	}
	sh.nestedText(src)
}

// stmt judges a statement's redirections, and feeds a here-document to the command reading it.
func (sh *shell) stmt(s *syntax.Stmt, depth int) {
	for _, r := range s.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrClob, syntax.RdrAll,
			syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
			if r.Word != nil {
				target := sh.word(r.Word)
				sh.check(target, "redirects output to")
				sh.wrote(s, target)
			}
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			body := r.Hdoc
			if r.Op == syntax.WordHdoc {
				body = r.Word
			}
			if call, ok := s.Cmd.(*syntax.CallExpr); ok && body != nil {
				sh.stdin(sh.words(call.Args), sh.word(body).s, depth)
			}
		}
	}
}

// stdin judges text given on the standard input of the command ws: a shell runs it, an
// interpreter runs it as code, apply_patch reads it as a patch.
func (sh *shell) stdin(ws []wordVal, text string, depth int) {
	ws, _ = unwrap(ws)
	if len(ws) == 0 {
		return
	}
	prog := progName(ws[0].s)
	switch {
	case shells.has(prog) && readsStdin(ws):
		sh.script(text, depth+1)
	case interpreter(prog) != "" || prog == "awk" || prog == "gawk":
		sh.code(text, prog+" runs code that names")
	case prog == "apply_patch" || prog == "applypatch":
		sh.patch(text)
	}
}

// pipeline judges what flows through a pipe: text piped into a shell or interpreter is run,
// and names piped into xargs are the names its command acts on. A chain is judged once, at its
// top, and each word in it is fed once to each kind of stage that reads it.
func (sh *shell) pipeline(b *syntax.BinaryCmd, depth int) {
	var calls [][]wordVal
	eachSide(b, func(*syntax.Stmt, *syntax.BinaryCmd, bool) bool {
		return true // a && inside a stage is read as more stages: stricter, never looser
	}, func(s *syntax.Stmt) bool {
		if x, ok := s.Cmd.(*syntax.CallExpr); ok {
			calls = append(calls, sh.words(x.Args))
		}
		return true
	})
	st := stagesOf(calls)
	// A word met again (the 13,000th `sh` of a chain) is judged once: it flows into the same
	// stages, read against the same folders.
	seen := map[string]bool{}
	for i, ws := range calls {
		for _, w := range ws {
			if !sh.spend(1) {
				return
			}
			if len(w.inner) == 0 {
				key := st.stage(i, w)
				if seen[key] {
					continue
				}
				seen[key] = true
			}
			if st.writers > 1 || (st.writers == 1 && !st.writes[i]) {
				sh.check(w, "acts through xargs on")
			}
			if w.glob {
				continue
			}
			for _, r := range st.readers {
				if r.at != i || r.also >= 0 {
					sh.stdin(r.words, w.s, depth)
				}
			}
		}
	}
}

// stages is what the stages of a pipe chain do with what flows into them.
type stages struct {
	writes  []bool // the stage acts through xargs on the names piped in
	writers int
	// readers holds the first stage of each kind that runs its input as text (a shell, each
	// interpreter): also is a second stage of the kind, which reads the first one's words.
	readers []reader
}

// stage is what the pipeline's judgement of word w in stage i depends on, as a key.
func (st stages) stage(i int, w wordVal) string {
	k := []byte{'0', '0', '0'}
	if w.glob {
		k[0] = '1'
	}
	if st.writes[i] {
		k[1] = '1'
	}
	for _, r := range st.readers {
		if r.at == i {
			k[2] = '1'
		}
	}
	return string(k) + w.s
}

type reader struct {
	prog     string
	words    []wordVal
	at, also int
}

func stagesOf(calls [][]wordVal) stages {
	st := stages{writes: make([]bool, len(calls))}
	for i, ws := range calls {
		rest, viaXargs := unwrap(ws)
		if len(rest) == 0 {
			continue
		}
		prog := progName(rest[0].s)
		if viaXargs && !readers.has(prog) {
			st.writes[i] = true
			st.writers++
		}
		if !(shells.has(prog) && readsStdin(rest)) && !(interpreter(prog) != "" && len(rest) == 1) {
			continue
		}
		kind := prog
		if shells.has(prog) {
			kind = "sh"
		}
		seen := false
		for j := range st.readers {
			if st.readers[j].prog == kind {
				seen = true
				if st.readers[j].also < 0 {
					st.readers[j].also = i
				}
			}
		}
		if !seen {
			st.readers = append(st.readers, reader{prog: kind, words: rest, at: i, also: -1})
		}
	}
	return st
}

// call judges one simple command.
func (sh *shell) call(ce *syntax.CallExpr, depth int) {
	if len(ce.Args) == 0 {
		for _, a := range ce.Assigns {
			sh.assign(a)
		}
		return
	}
	for _, a := range ce.Assigns {
		sh.assign(a) // for the command's own environment too: CDPATH=~ cd x
	}
	sh.argv(sh.words(ce.Args), depth)
}

func (sh *shell) assign(a *syntax.Assign) {
	if a.Name == nil {
		return
	}
	if sh.vars == nil {
		sh.vars = map[string]wordVal{}
	}
	sh.gen++
	if a.Value == nil || a.Index != nil || a.Append || a.Array != nil {
		sh.vars[a.Name.Value] = wordVal{s: "*", glob: true}
		return
	}
	sh.vars[a.Name.Value] = sh.word(a.Value)
}

// argv judges a command by its words.
func (sh *shell) argv(ws []wordVal, depth int) {
	if sh.what != "" || len(ws) == 0 {
		return
	}
	if consent(ws) || consentBy(ws, sh.isHookctlBinary) {
		sh.deny("runs a hookctl consent command", "")
		return
	}
	outer := sh.xargsFiles // a command line nested in a wrapper's option is judged meanwhile
	sh.xargsFiles = nil
	all := ws
	ws, viaXargs := unwrapScripts(sh, ws, depth)
	files := sh.xargsFiles
	sh.xargsFiles = outer
	if len(ws) == 0 || sh.what != "" {
		return
	}
	if sh.nestedStart(ws, all[:len(all)-len(ws)]); sh.what != "" {
		return
	}
	prog := progName(ws[0].s)
	if len(files) > 0 && !readers.has(prog) {
		sh.argFiles(files)
	}
	if prog == "powershell" || prog == "pwsh" {
		if text, ok := encodedCommand(ws[1:]); ok {
			sh.nested(wordVal{s: text}, depth)
		}
	}
	args := ws[1:]
	switch {
	case prog == "cd" || prog == "pushd":
		sh.cd(args)
	case shells.has(prog):
		if i := shellScriptArg(args); i >= 0 {
			sh.withArgs(args[i+1:], func() { sh.nested(args[i], depth) })
		} else if i := skipOptions(args, "o", nil); i < len(args) && args[i].glob {
			sh.nested(args[i], depth) // sh <(...): a script that cannot be known
		}
	case prog == "source" || prog == ".":
		if len(args) > 0 && args[0].glob {
			sh.nested(args[0], depth)
		}
	case prog == "eval":
		sh.nested(joinWords(args), depth)
	case prog == "script" || prog == "su" || prog == "runuser":
		if i := flagValue(args, 'c', "--command"); i >= 0 {
			sh.nested(args[i], depth)
		}
	case interpreter(prog) != "":
		sh.interp(prog, args)
	case prog == "awk" || prog == "gawk" || prog == "mawk" || prog == "nawk":
		sh.awk(args)
	case prog == "find":
		sh.find(args, depth)
	case prog == "sed":
		if sedInPlace(args) {
			sh.writes(args)
		}
	case prog == "git":
		if !gitReads(args) {
			sh.writes(args)
		}
	case prog == "apply_patch" || prog == "applypatch":
		for _, a := range args {
			sh.patch(a.s)
		}
	case readers.has(prog):
	default:
		if viaXargs {
			for i := range args {
				args[i] = xargsWord(args[i])
			}
		}
		sh.writes(args)
		for _, a := range args {
			if !a.glob && strings.ContainsAny(a.s, " \t\n;|&") {
				sh.nested(a, depth)
			}
		}
	}
}

// withArgs runs judge with $0, $1... $9, $@ and $* set to args, the words after a shell's
// command line (bash -c 'rm "$1"' NAME ARGS).
func (sh *shell) withArgs(args []wordVal, judge func()) {
	if len(args) == 0 {
		judge()
		return
	}
	saved := sh.vars
	sh.vars = make(map[string]wordVal, len(saved)+12)
	for k, v := range saved {
		sh.vars[k] = v
	}
	for i, a := range args {
		if i < 10 {
			sh.vars[string(rune('0'+i))] = a
		}
	}
	all := joinWords(args[1:])
	all.inner = append(all.inner, all.s)
	for _, a := range args[1:] {
		all.inner = append(all.inner, a.s)
	}
	all.s, all.glob = "*", true
	sh.vars["@"], sh.vars["*"] = all, all
	sh.gen++
	judge()
	sh.vars = saved
	sh.gen++
}

// nested judges a word as a command line of its own.
func (sh *shell) nested(w wordVal, depth int) {
	if w.glob {
		// A command that cannot be known: judged by what went into it.
		for _, in := range w.inner {
			sh.check(wordVal{s: in}, "runs a command built from")
		}
		sh.text(w.s, "runs a command that names")
		return
	}
	sh.script(w.s, depth+1)
}

// writes denies when a word names a protected path: the command may write, move or delete it.
func (sh *shell) writes(args []wordVal) {
	for _, a := range args {
		if sh.what != "" {
			return
		}
		sh.check(a, "would write, move or delete")
		// --output=FILE, of=FILE
		if i := strings.IndexByte(a.s, '='); i >= 0 && i < len(a.s)-1 {
			sh.check(wordVal{s: a.s[i+1:], glob: a.glob}, "would write, move or delete")
		}
	}
}

// check denies when the word names a protected path from any folder the script may be in.
func (sh *shell) check(w wordVal, what string) {
	if sh.what != "" {
		return
	}
	if strings.HasPrefix(w.s, "-") && !strings.ContainsAny(w.s, "/=") {
		return // an option
	}
	if !sh.spend(len(w.inner) * len(sh.cwds)) {
		return
	}
	for _, cwd := range sh.cwds {
		if h, ok := sh.m.names(w.s, cwd, w.glob); ok {
			sh.deny(what+" a protected path", h.target)
			return
		}
		for _, in := range w.inner {
			if h, ok := sh.m.names(in, cwd, false); ok {
				sh.deny(what+" a protected path", h.target)
				return
			}
		}
	}
}

// cd adds the folder a cd goes to, read against every folder the script may be in.
func (sh *shell) cd(args []wordVal) {
	var to []string
	for _, a := range args {
		if strings.HasPrefix(a.s, "-") {
			continue
		}
		if !a.glob {
			to = append(to, a.s)
		}
		to = append(to, a.inner...)
		break
	}
	if len(args) == 0 {
		to = append(to, sh.m.c.Home)
	}
	if len(args) > 0 && args[0].s == "-" {
		if v, ok := sh.vars["OLDPWD"]; ok {
			to = append(to, v.s) // cd - goes to $OLDPWD
			to = append(to, v.inner...)
		}
	}
	to = append(to, sh.cdpath(to)...)
	n := len(sh.cwds)
	for _, t := range to {
		for _, cwd := range sh.cwds[:n] {
			if len(sh.cwds) >= maxCwds {
				return
			}
			sh.cwds = append(sh.cwds, sysClean(sh.m.abs(t, cwd)))
		}
	}
}

// cdpath returns where a cd to a plain relative name may go through CDPATH: each folder of a
// CDPATH the script set, and the home (where a CDPATH set before the command may point).
func (sh *shell) cdpath(to []string) []string {
	var out []string
	for _, t := range to {
		if t == "" || t == "-" || t == "." || t == ".." || filepath.IsAbs(t) ||
			strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") {
			continue
		}
		dirs := []string{sh.m.c.Home}
		if v, ok := sh.vars["CDPATH"]; ok {
			dirs = append(dirs, strings.Split(v.s, ":")...)
		}
		for _, d := range dirs {
			if d != "" {
				out = append(out, filepath.Join(d, t))
			}
		}
	}
	return out
}

// interp judges an interpreter's inline code (python -c, node -e, perl -e...) by the names in
// it, and perl -i or ruby -i as writing its files.
func (sh *shell) interp(prog string, args []wordVal) {
	flags := interpreter(prog)
	for i, a := range args {
		if !strings.HasPrefix(a.s, "-") {
			continue
		}
		if (prog == "perl" || prog == "ruby") && !strings.HasPrefix(a.s, "--") && strings.Contains(a.s, "i") {
			sh.writes(args)
		}
		if codeFlag(a.s, flags) && i+1 < len(args) {
			sh.code(args[i+1].s, prog+" runs code that names")
		}
	}
	if prog == "deno" && len(args) > 1 && args[0].s == "eval" {
		sh.code(args[1].s, prog+" runs code that names")
	}
}

// awk judges awk's program text, and gawk -i inplace as writing its files.
func (sh *shell) awk(args []wordVal) {
	for i := 0; i < len(args); i++ {
		a := args[i].s
		switch {
		case a == "-f" || a == "--file":
			return // the program is in a file
		case a == "-i" && i+1 < len(args) && args[i+1].s == "inplace":
			sh.writes(args)
			return
		case a == "-F" || a == "-v":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			sh.code(a, "awk runs code that names")
			return
		}
	}
}

// find writes when it deletes, prints into a file, or runs a command that is not known to read.
func (sh *shell) find(args []wordVal, depth int) {
	writes := false
	for i := 0; i < len(args); i++ {
		switch args[i].s {
		case "-delete", "-fprint", "-fprint0", "-fprintf", "-fls":
			writes = true
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j].s != ";" && args[j].s != "+" {
				j++
			}
			sub := args[i+1 : j]
			if len(sub) > 0 {
				rest, _ := unwrap(sub)
				if len(rest) == 0 || !readers.has(progName(rest[0].s)) {
					writes = true
				}
				sh.argv(sub, depth+1)
			}
			i = j
		}
	}
	if writes {
		sh.writes(args)
	}
}

// code judges a program's text by the names and consent commands in it.
func (sh *shell) code(text, what string) {
	for _, cwd := range sh.cwds {
		if h, ok := sh.m.textNames(text, cwd); ok {
			sh.deny(what+" a protected path", h.target)
			return
		}
	}
	if consentText(text) {
		sh.deny(what+" a hookctl consent command", "")
	}
}

// patch judges the files a patch names.
func (sh *shell) patch(text string) {
	for _, p := range patchPaths(text) {
		sh.check(wordVal{s: p}, "patches")
	}
}

// words turns a command's words into their values.
func (sh *shell) words(args []*syntax.Word) []wordVal {
	ws := make([]wordVal, len(args))
	for i, w := range args {
		ws[i] = sh.word(w)
	}
	return ws
}

// word removes quotes and expands what can be known: ~, $HOME, $PWD and variables the script
// set itself. A part that cannot be known becomes a * and makes the word a pattern.
func (sh *shell) word(w *syntax.Word) wordVal {
	if w == nil {
		return wordVal{}
	}
	if len(w.Parts) == 1 {
		// The common case, a plain word, without a builder.
		if lit, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(lit.Value, "\\~*?[{") {
			return wordVal{s: lit.Value}
		}
	}
	if m, ok := sh.memo[w]; ok && m.gen == sh.gen {
		return m.v
	}
	if !sh.spend(1) {
		return wordVal{glob: true}
	}
	v := sh.expand(w)
	v.inner = v.inner[:len(v.inner):len(v.inner)] // an append to a copy never writes into the kept one
	if sh.memo == nil {
		sh.memo = map[*syntax.Word]memoVal{}
	}
	sh.memo[w] = memoVal{v, sh.gen}
	return v
}

// expand computes a word's value.
func (sh *shell) expand(w *syntax.Word) wordVal {
	var b strings.Builder
	v := wordVal{}
	if raw, ok := rawWord(w, sh.cur); ok {
		v.inner = append(v.inner, raw) // PowerShell's and cmd's reading, on Windows
	}
	known := false
	for i, part := range w.Parts {
		known = sh.part(&b, &v, part, i == 0, false) || known
	}
	v.s = b.String()
	if !known || streamOnly(v.s) {
		// Nothing of the word can be known ("$f", "$(...)"), or on Windows nothing but a
		// stream's name ("$f:x", a stream of the file $f): it is judged only by what went into
		// it (v.inner), not as a pattern that would match every name in the folder.
		v.s = ""
	}
	return v
}

// part writes one part of a word; it reports whether the part was known text.
func (sh *shell) part(b *strings.Builder, v *wordVal, part syntax.WordPart, first, quoted bool) bool {
	switch x := part.(type) {
	case *syntax.Lit:
		val := x.Value
		if quoted {
			b.WriteString(unescapeQuoted(val))
			return val != ""
		}
		if first && strings.HasPrefix(val, "~") {
			end := strings.IndexByte(val, '/')
			if end < 0 {
				end = len(val)
			}
			// ~+ and ~- are the current and the previous folder: both among the folders the
			// script may be in, against which a relative name is read.
			if t := val[:end]; t == "~+" || t == "~-" {
				b.WriteString(".")
			} else {
				// The home as it is: a Windows home's backslashes are separators, not escapes.
				b.WriteString(expandHome(t, sh.m.c.Home))
			}
			val = val[end:]
			if val == "" {
				return true
			}
		}
		if strings.ContainsAny(val, "*?[") {
			v.glob = true
		}
		if i := strings.IndexByte(val, '{'); i >= 0 && strings.Contains(val[i:], ",") {
			// Brace expansion: read as a pattern that matches each of its words.
			val = braceAsGlob(val)
			v.glob = true
		}
		b.WriteString(unescapeUnquoted(val))
		return val != ""
	case *syntax.SglQuoted:
		if x.Dollar {
			b.WriteString(unescapeANSI(x.Value))
		} else {
			b.WriteString(x.Value)
		}
		return x.Value != ""
	case *syntax.DblQuoted:
		known := false
		for _, p := range x.Parts {
			known = sh.part(b, v, p, false, true) || known
		}
		return known
	case *syntax.ParamExp:
		if simpleParam(x) || defaultParam(x) {
			switch name := x.Param.Value; {
			case (name == "HOME" || homeVar(name)) && sh.m.c.Home != "":
				b.WriteString(sh.m.c.Home)
				return true
			case name == "PWD" && sh.m.c.Cwd != "":
				b.WriteString(sh.m.c.Cwd)
				return true
			default:
				if val, ok := sh.vars[name]; ok {
					if !sh.spend(len(val.s)/4 + len(val.inner)) {
						return false
					}
					b.WriteString(val.s)
					v.glob = v.glob || val.glob
					v.inner = append(v.inner, val.inner...)
					return val.s != ""
				}
			}
		}
		if x.Exp != nil && x.Exp.Word != nil {
			// ${X:-default}: the default may be what it expands to.
			v.inner = append(v.inner, sh.word(x.Exp.Word).s)
		}
		b.WriteByte('*')
		v.glob = true
	case *syntax.CmdSubst:
		b.WriteByte('*')
		v.glob = true
		v.inner = append(v.inner, sh.substWords(x.Stmts)...)
	case *syntax.ProcSubst:
		// <(...): a file whose content is what the commands print.
		b.WriteByte('*')
		v.glob = true
		v.inner = append(v.inner, sh.substWords(x.Stmts)...)
	default:
		// $((...)), <(...), extended globs: unknown.
		b.WriteByte('*')
		v.glob = true
	}
	return false
}

// substWords returns the words of the commands a $(...) runs, which may be what it expands
// to: each word known in full, and what went into each word that is not. A $(...) inside is
// read through its word's value, so that each is walked once.
func (sh *shell) substWords(stmts []*syntax.Stmt) []string {
	if sh.subst++; sh.subst > maxSubst {
		sh.deny(tooComplex, "")
	}
	defer func() { sh.subst-- }()
	var out []string
	for _, s := range stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			if sh.what != "" || !sh.spend(1) {
				return false
			}
			switch n := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				return false
			case *syntax.CallExpr:
				for _, a := range n.Args {
					wv := sh.word(a)
					if !wv.glob {
						out = append(out, wv.s)
					}
					if !sh.spend(len(wv.inner)) {
						return false
					}
					out = append(out, wv.inner...)
				}
			}
			return true
		})
	}
	return out
}

// defaultParam says p is ${NAME:?}, ${NAME:-...} or ${NAME:=...} (and their forms without the
// colon): where NAME is known, it expands to NAME's value.
func defaultParam(p *syntax.ParamExp) bool {
	if p.Exp == nil {
		return false
	}
	switch p.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
		syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
	default:
		return false
	}
	q := *p
	q.Exp = nil
	return simpleParam(&q)
}

func simpleParam(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Flags == nil && !p.Excl && !p.Length && !p.Width && !p.IsSet &&
		p.Split == syntax.OptUnset && p.GlobSubst == syntax.OptUnset && p.RcExpand == syntax.OptUnset &&
		p.NestedParam == nil && p.Index == nil && len(p.Modifiers) == 0 && p.Slice == nil &&
		p.Repl == nil && p.Names == 0 && p.Exp == nil
}

func joinWords(ws []wordVal) wordVal {
	var v wordVal
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.s)
		v.glob = v.glob || w.glob
		v.inner = append(v.inner, w.inner...)
	}
	v.s = b.String()
	return v
}

// xargsWord reads xargs's replacement string {} as a name that cannot be known.
func xargsWord(w wordVal) wordVal {
	if strings.Contains(w.s, "{}") {
		w.s = strings.ReplaceAll(w.s, "{}", "*")
		w.glob = true
	}
	return w
}

// forLoop sets a for loop's variable to a name that cannot be known, which may be any of its
// items: for a pattern item, the folder the pattern lists.
func (sh *shell) forLoop(f *syntax.ForClause) {
	wi, ok := f.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil {
		return
	}
	v := wordVal{s: "*", glob: true}
	for _, item := range wi.Items {
		w := sh.word(item)
		v.inner = append(v.inner, w.inner...)
		if !w.glob {
			v.inner = append(v.inner, w.s)
			continue
		}
		if i := strings.IndexAny(w.s, "*?["); i >= 0 {
			if j := strings.LastIndexByte(w.s[:i], '/'); j > 0 {
				v.inner = append(v.inner, w.s[:j])
			}
		}
	}
	if sh.vars == nil {
		sh.vars = map[string]wordVal{}
	}
	sh.gen++
	sh.vars[wi.Name.Value] = v
}

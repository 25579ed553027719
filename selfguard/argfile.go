package selfguard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookctl/hookctl/internal/safefile"
)

// xargs -a FILE (--arg-file=FILE, -aFILE) takes the names its command acts on from FILE. What
// the script itself wrote into a file earlier (`echo ~/.agent-hooks/x >/tmp/n && xargs -a
// /tmp/n rm`) is read as the file's content: the words of the command whose output went there,
// and a here-document fed to it, judged as the words of a stage piped into xargs are. A FILE
// the script did not write is read from disk when it is a regular file of at most
// maxArgFile bytes (looked at with Stat first and opened without blocking, so that a FIFO
// cannot hold the judgement); its lines and words are each judged as a name. When the content
// cannot be known (a FIFO, a larger file, an unreadable one, a name that is a pattern), FILE
// itself is judged as a name, and so is everything the script wrote into any file.

// maxArgFile bounds the size of an argument file read from disk.
const maxArgFile = 64 << 10

// wrote records the words a statement's command writes into the files its output is
// redirected to.
func (sh *shell) wrote(s *syntax.Stmt, target wordVal) {
	var content []wordVal
	if call, ok := s.Cmd.(*syntax.CallExpr); ok {
		content = sh.words(call.Args)
	}
	for _, r := range s.Redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			content = append(content, sh.word(r.Hdoc))
		case syntax.WordHdoc:
			content = append(content, sh.word(r.Word))
		}
	}
	if sh.written == nil {
		sh.written = map[string][]wordVal{}
	}
	if target.glob {
		sh.unknownFile = append(sh.unknownFile, content...)
		return
	}
	for _, cwd := range sh.cwds {
		k := sysClean(sh.m.abs(target.s, cwd))
		sh.written[k] = append(sh.written[k], content...)
	}
}

// argFiles judges the files an xargs in front of a command that may write takes its names
// from.
func (sh *shell) argFiles(files []wordVal) {
	const what = "acts through xargs -a on"
	for _, f := range files {
		if sh.what != "" {
			return
		}
		if f.glob {
			sh.check(f, what)
			for _, w := range sh.allWritten() {
				sh.check(w, what)
			}
			continue
		}
		for _, cwd := range sh.cwds {
			sh.argFile(sysClean(sh.m.abs(f.s, cwd)), f, what)
		}
	}
}

// argFile judges one argument file, named abs.
func (sh *shell) argFile(abs string, f wordVal, what string) {
	if ws, ok := sh.written[abs]; ok {
		for _, w := range ws {
			if !sh.spend(1) {
				return
			}
			sh.check(w, what)
			if !w.glob {
				sh.code(w.s, what)
			}
		}
		return
	}
	text, ok := readArgFile(abs)
	if !ok {
		sh.check(f, what)
		return
	}
	if !sh.spend(len(text)/64 + 1) {
		return
	}
	sh.code(text, what)
	for _, field := range strings.FieldsFunc(text, func(r rune) bool {
		return r == 0 || r == '\n' || r == '\r'
	}) {
		sh.check(wordVal{s: strings.TrimSpace(field)}, what)
	}
}

// allWritten is every word the script wrote into any file.
func (sh *shell) allWritten() []wordVal {
	out := append([]wordVal(nil), sh.unknownFile...)
	for _, ws := range sh.written {
		out = append(out, ws...)
	}
	return out
}

// readArgFile reads a small regular file (through links, as xargs does) without blocking on a
// FIFO put in its place (safefile.ReadFile).
func readArgFile(name string) (string, bool) {
	b, _, err := safefile.ReadFile(name, maxArgFile)
	if err != nil {
		return "", false
	}
	return string(b), true
}

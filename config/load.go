package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/hookctl/hookctl/agent"

	"github.com/hookctl/hookctl/internal/safefile"
)

// Options tune loading. The zero value reads the process environment.
type Options struct {
	// LookupEnv expands $VAR and ~ in commands; nil means os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// Event, when set, limits the checks to that event's entries: the whole file is still
	// parsed (a YAML syntax error is always seen) and the top-level keys read, but the entries
	// of other events are neither checked nor loaded, so their problems are not reported. A
	// run fires one event and needs no more (SPEC 17.5); list, doctor and validate read all.
	Event string
	// Layer marks every hook loaded (Hook.Layer); "" means LayerUser.
	Layer string
}

// maxConfig bounds what is read: ten thousand hooks fit many times over.
const maxConfig = 64 << 20

// Load reads and validates the config file at path. A missing file is an empty config (no
// hooks, not an error); only an I/O failure is an error. Validation problems, YAML syntax
// errors included, are in Config.Problems and never stop the valid entries from loading.
func Load(path string, opts Options) (*Config, error) {
	data, _, err := safefile.ReadFile(path, maxConfig)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return empty(path), nil
		}
		return nil, fmt.Errorf("reading config %s: %w", path, err)
	}
	return Parse(path, data, opts), nil
}

func empty(path string) *Config {
	dir := filepath.Dir(path)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &Config{Path: path, Dir: dir, Parallel: true, Audit: true}
}

// Parse validates config data as if read from path.
func Parse(path string, data []byte, opts Options) *Config {
	c := empty(path)
	l := &loader{cfg: c, lookup: opts.LookupEnv, only: opts.Event, layer: opts.Layer, reported: map[*yaml.Node]bool{}}
	if l.layer == "" {
		l.layer = LayerUser
	}
	if l.lookup == nil {
		l.lookup = os.LookupEnv
	}
	docs, err := decodeAll(data)
	if err != nil {
		line, msg := syntaxError(data, err)
		l.errorf(line, 1, "", "", "YAML syntax error: %s (no hook of this file is loaded)", msg)
		c.Unreadable = true
		return c
	}
	if len(docs) == 0 || len(docs[0].Content) == 0 {
		return c // an empty file: no hooks
	}
	// Only one document is read; a second one must not vanish silently.
	for _, d := range docs[1:] {
		if len(d.Content) > 0 && !isNull(d.Content[0]) {
			l.errorf(max(d.Line, 1), max(d.Column, 1), "", "", "a second YAML document starts here; only the first is read (its hooks are dropped)")
			break
		}
	}
	l.top(docs[0].Content[0])
	sort.SliceStable(c.Problems, func(i, j int) bool {
		a, b := c.Problems[i], c.Problems[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return c
}

// decodeAll reads every YAML document of data: a syntax error in any of them fails the file.
func decodeAll(data []byte) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*yaml.Node
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return docs, nil
			}
			return docs, err
		}
		docs = append(docs, &doc)
	}
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// Compiled on first use, not at start-up: most runs never need them.
var yamlLineRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`) })

func yamlErrorLine(err error) (int, string) {
	msg := err.Error()
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	m := yamlLineRE().FindStringSubmatch(msg)
	if m == nil {
		return 1, msg
	}
	line, _ := strconv.Atoi(m[1])
	if line == 0 {
		line = 1
	}
	return line, m[2]
}

// syntaxError locates a YAML syntax error. yaml.v3 names the line where the enclosing block
// starts (counted from 0 for parser errors), or no line at all, which can be far from the
// mistake. The mistake is on the last line of the shortest prefix of whole lines that fails with
// the same message; a binary search finds it in a few parses.
func syntaxError(data []byte, err error) (int, string) {
	yamlLine, msg := yamlErrorLine(err)
	var ends []int // ends[k] is the length of the first k+1 lines
	for i, b := range data {
		if b == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) == 0 || ends[len(ends)-1] != len(data) {
		ends = append(ends, len(data))
	}
	fails := func(k int) bool {
		_, err := decodeAll(data[:ends[k]])
		if err == nil {
			return false
		}
		_, m := yamlErrorLine(err)
		return m == msg
	}
	if !fails(len(ends) - 1) {
		return yamlLine, msg
	}
	k := sort.Search(len(ends)-1, fails)
	start := 0
	if k > 0 {
		start = ends[k-1]
	}
	if indent := data[start:ends[k]]; len(bytes.TrimLeft(indent, " \t")) < len(bytes.TrimLeft(indent, " ")) {
		msg += " (YAML indents with spaces, not tabs)"
	}
	return k + 1, msg
}

type loader struct {
	cfg    *Config
	lookup func(string) (string, bool)
	// only is Options.Event: the one event whose entries are checked, "" for all.
	only string
	// layer is Options.Layer, LayerUser when it is not set.
	layer string
	// reported holds the keys already reported as repeated: a mapping merged into several
	// entries is reported once.
	reported map[*yaml.Node]bool
}

func (l *loader) problem(sev Severity, line, col int, event, command, format string, args ...any) {
	l.cfg.Problems = append(l.cfg.Problems, Problem{
		File: l.cfg.Path, Line: line, Col: col, Severity: sev,
		Message: fmt.Sprintf(format, args...), Event: event, Command: command,
	})
}

func (l *loader) errorf(line, col int, event, command, format string, args ...any) {
	l.problem(SeverityError, line, col, event, command, format, args...)
}

func (l *loader) warnf(line, col int, event, command, format string, args ...any) {
	l.problem(SeverityWarning, line, col, event, command, format, args...)
}

// deref follows an alias. Aliases are never expanded: the walk below reads each event's list
// and each entry once, and pairs visits a merged mapping once, so an alias bomb stays as small
// as the file.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 8; i++ {
		n = n.Alias
	}
	return n
}

type pair struct{ key, value *yaml.Node }

// pairs returns a mapping's key/value pairs, reporting repeated keys (the first is kept). Merge
// keys (`<<: *defaults`, or a list of such) are honoured as PyYAML reads them: a merged mapping
// supplies the keys not set before it, the mapping's own keys first, then each merged mapping in
// order, depth first. Each mapping is visited once, so nested merges cannot make loading explode
// and a merge cycle ends. ok is false when a merge key does not name mappings: an entry is
// dropped then.
func (l *loader) pairs(m *yaml.Node, event string) (out []pair, ok bool) {
	ok = true
	suffix := ""
	if event != "" {
		suffix = " (hook dropped)"
	}
	seen := map[string]bool{}
	visited := map[*yaml.Node]bool{m: true}
	stack := []*yaml.Node{m}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		own := map[string]*yaml.Node{}
		var merges []*yaml.Node
		for i := 0; i+1 < len(cur.Content); i += 2 {
			k, v := deref(cur.Content[i]), cur.Content[i+1]
			if k == nil || k.Kind != yaml.ScalarNode {
				l.reportOnce(cur.Content[i], func() {
					l.errorf(cur.Content[i].Line, cur.Content[i].Column, event, "", "a key must be a plain name")
				})
				continue
			}
			if k.Tag == "!!merge" {
				merges = append(merges, v)
				continue
			}
			if first, dup := own[k.Value]; dup {
				l.reportOnce(k, func() {
					l.errorf(k.Line, k.Column, event, "", "key %q repeated (first at line %d, line %d ignored)", k.Value, first.Line, k.Line)
				})
				continue
			}
			own[k.Value] = k
			if !seen[k.Value] {
				seen[k.Value] = true
				out = append(out, pair{k, v})
			}
		}
		// Pushed in reverse, so that the first merged mapping is read next.
		var sources []*yaml.Node
		for _, v := range merges {
			v = deref(v)
			switch v.Kind {
			case yaml.MappingNode:
				sources = append(sources, v)
				continue
			case yaml.SequenceNode:
				all := true
				for _, item := range v.Content {
					if item = deref(item); item.Kind == yaml.MappingNode {
						sources = append(sources, item)
					} else {
						all = false
					}
				}
				if all {
					continue
				}
			}
			l.errorf(v.Line, v.Column, event, "", "a merge key (<<) must name a mapping or a list of mappings, not %s%s", describe(v), suffix)
			ok = false
		}
		for i := len(sources) - 1; i >= 0; i-- {
			if !visited[sources[i]] {
				visited[sources[i]] = true
				stack = append(stack, sources[i])
			}
		}
	}
	return out, ok
}

// reportOnce reports a problem of a node once, however many times it is read through aliases.
func (l *loader) reportOnce(n *yaml.Node, report func()) {
	if !l.reported[n] {
		l.reported[n] = true
		report()
	}
}

var topKeys = []string{"hooks", "hooks_auto_accept", "custom_events", "parallel", "audit"}

func (l *loader) top(root *yaml.Node) {
	root = deref(root)
	if root.Kind != yaml.MappingNode {
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			return
		}
		l.errorf(root.Line, root.Column, "", "", "the config must be a mapping with a \"hooks\" key (no hook of this file is loaded)")
		l.cfg.Unreadable = true
		return
	}
	var hooks *yaml.Node
	ps, _ := l.pairs(root, "")
	for _, p := range ps {
		switch p.key.Value {
		case "hooks":
			hooks = p.value
		case "hooks_auto_accept":
			if b, ok := l.boolean(p.value, "hooks_auto_accept", "", ""); ok {
				l.cfg.AutoAccept = b
			}
		case "parallel":
			if b, ok := l.boolean(p.value, "parallel", "", ""); ok {
				l.cfg.Parallel = b
			}
		case "audit":
			if b, ok := l.boolean(p.value, "audit", "", ""); ok {
				l.cfg.Audit = b
			}
		case "custom_events":
			l.customEvents(p.value)
		default:
			l.warnf(p.key.Line, p.key.Column, "", "", "unknown top-level key %q (ignored)%s", p.key.Value, didYouMean(p.key.Value, topKeys))
		}
	}
	if hooks != nil {
		l.events(hooks)
	}
}

func (l *loader) customEvents(n *yaml.Node) {
	n = deref(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.SequenceNode {
		l.errorf(n.Line, n.Column, "", "", "custom_events must be a list of event names, not %s", describe(n))
		return
	}
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" || strings.TrimSpace(item.Value) == "" {
			l.errorf(item.Line, item.Column, "", "", "a custom event must be a non-empty name, not %s", describe(item))
			continue
		}
		if IsBuiltinEvent(item.Value) {
			l.warnf(item.Line, item.Column, "", "", "custom event %q is a built-in event (ignored)", item.Value)
			continue
		}
		if l.cfg.KnownEvent(item.Value) {
			l.warnf(item.Line, item.Column, "", "", "custom event %q is listed twice (ignored)", item.Value)
			continue
		}
		l.cfg.CustomEvents = append(l.cfg.CustomEvents, item.Value)
	}
}

func (l *loader) events(n *yaml.Node) {
	n = deref(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n.Line, n.Column, "", "", "hooks must be a mapping from event names to lists of hooks, not %s (no hook is loaded)", describe(n))
		return
	}
	ps, _ := l.pairs(n, "")
	for _, p := range ps {
		event := p.key.Value
		if l.only != "" && event != l.only {
			continue
		}
		list := deref(p.value)
		if !l.cfg.KnownEvent(event) {
			l.errorf(p.key.Line, p.key.Column, event, "", "unknown event %q (its hooks are dropped)%s", event, UnknownEventHint(event, l.cfg.AllEvents()))
			l.dropped(len(l.cfg.Problems)-1, entryCommands(list)...)
			continue
		}
		if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
			continue
		}
		if list.Kind != yaml.SequenceNode {
			l.errorf(list.Line, list.Column, event, "", "event %s must be a list of hooks, not %s (its hooks are dropped)", event, describe(list))
			l.dropped(len(l.cfg.Problems)-1, entryCommands(list)...)
			continue
		}
		for _, item := range list.Content {
			first := len(l.cfg.Problems)
			h, ok := l.entry(event, deref(item))
			if ok {
				l.cfg.Hooks = append(l.cfg.Hooks, h)
			} else if h.Command != "" {
				l.dropped(first, h.Command)
			}
		}
	}
}

// dropped records the commands dropped on the errors reported from index first on.
func (l *loader) dropped(first int, commands ...string) {
	if len(commands) == 0 {
		return
	}
	for i := first; i < len(l.cfg.Problems); i++ {
		if p := &l.cfg.Problems[i]; p.Severity == SeverityError {
			p.Dropped = commands
		}
	}
}

// entryCommands returns the commands written in the entries of an event's value (a list of
// entries, or one entry written without its dash), for naming what a problem dropped.
func entryCommands(n *yaml.Node) []string {
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	var out []string
	for _, item := range items {
		if item = deref(item); item == nil || item.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := deref(item.Content[i]), deref(item.Content[i+1])
			if k != nil && (k.Value == "command" || k.Value == "url") && v != nil && v.Kind == yaml.ScalarNode && v.Tag == "!!str" {
				if k.Value == "url" {
					out = append(out, shownURL(v.Value))
				} else {
					out = append(out, v.Value)
				}
				break
			}
		}
	}
	return out
}

var entryKeys = []string{"matcher", "command", "timeout", "fail_closed", "agents", "dialect", "pin", "url", "headers", "allowed_env", "method"}

// entry validates one hook entry. Every problem is reported; any error drops the entry.
func (l *loader) entry(event string, n *yaml.Node) (Hook, bool) {
	h := Hook{Event: event, Line: n.Line, Col: n.Column, Layer: l.layer}
	if n.Kind != yaml.MappingNode {
		l.errorf(n.Line, n.Column, event, "", "a hook must be a mapping with a \"command\" key, not %s (hook dropped)", describe(n))
		return h, false
	}
	ps, ok := l.pairs(n, event)
	drop := func(line, col int, format string, args ...any) {
		l.errorf(line, col, event, h.Command, format+" (hook dropped)", args...)
		ok = false
	}
	l.command(&h, n, ps, drop)
	h.Timeout = DefaultTimeout
	var failClosedKey *yaml.Node   // fail_closed, or its alias failClosed
	var failClosedValue *yaml.Node // its value, when true
	var pinNode *yaml.Node
	for _, p := range ps {
		v := deref(p.value)
		switch p.key.Value {
		case "command", "url", "headers", "allowed_env", "method":
		case "matcher":
			l.matcher(&h, v, drop)
		case "timeout":
			l.timeout(&h, v)
		case "fail_closed", "failClosed":
			if first := failClosedKey; first != nil {
				l.errorf(p.key.Line, p.key.Column, event, h.Command, "%s repeats %s of line %d (line %d ignored)", p.key.Value, first.Value, first.Line, p.key.Line)
				continue
			}
			failClosedKey = p.key
			b, valid := l.boolean(p.value, p.key.Value, event, h.Command)
			if !valid {
				ok = false
				continue
			}
			h.FailClosed = b
			failClosedValue = v
		case "agents":
			agents, valid := l.agents(v, event, h.Command)
			if !valid {
				ok = false
				continue
			}
			h.Agents = agents
		case "dialect":
			dialect, valid := l.dialect(v, event, h.Command)
			if !valid {
				ok = false
				continue
			}
			h.Dialect = dialect
		case "pin":
			exec, valid := l.pin(v, event, h.Command)
			if !valid {
				ok = false
				continue
			}
			h.PinExec, pinNode = exec, v
		default:
			l.warnf(p.key.Line, p.key.Column, event, h.Command, "unknown key %q in hook (ignored)%s", p.key.Value, didYouMean(p.key.Value, entryKeys))
		}
	}
	if v := failClosedValue; h.FailClosed && !l.canBlock(h) {
		l.warnf(v.Line, v.Column, event, h.Command, "fail_closed has no effect on %s: %s", event, blockersOf(event))
		h.FailClosed = false
	}
	if v := pinNode; v != nil && ok && !h.Pinned() {
		l.warnf(v.Line, v.Column, event, h.Command, "pin has no effect: it says how a script named by a path runs, and this hook has none (a url, or a program found on PATH)")
		h.PinExec = false
	}
	return h, ok
}

// dropFunc reports an error that drops the entry being read.
type dropFunc func(line, col int, format string, args ...any)

// command reads an entry's command, or its url, first, so that every later problem can name
// it: the command split and resolved, a url hook checked (and url keys on a command hook
// warned about).
func (l *loader) command(h *Hook, n *yaml.Node, ps []pair, drop dropFunc) {
	var cmdNode, urlNode *yaml.Node
	for _, p := range ps {
		switch p.key.Value {
		case "command":
			cmdNode = deref(p.value)
			if cmdNode.Kind == yaml.ScalarNode && cmdNode.Tag == "!!str" {
				h.Command = cmdNode.Value
			}
		case "url":
			urlNode = deref(p.value)
		}
	}
	if urlNode != nil && cmdNode == nil && urlNode.Kind == yaml.ScalarNode && urlNode.Tag == "!!str" {
		h.Command = shownURL(urlNode.Value)
	}
	if cmdNode != nil && urlNode != nil {
		drop(urlNode.Line, urlNode.Column, "a hook has either \"command\" or \"url\", not both")
		urlNode = nil
	}
	// remote checks a url hook, and warns of its keys on a command hook.
	l.remote(h.Event, h, urlNode, ps, drop)
	if urlNode != nil {
		// A url hook has no command to split.
	} else if cmdNode == nil {
		drop(n.Line, n.Column, "hook has no \"command\"")
	} else if isNull(cmdNode) {
		drop(cmdNode.Line, cmdNode.Column, "command is empty")
	} else if cmdNode.Kind != yaml.ScalarNode || cmdNode.Tag != "!!str" {
		drop(cmdNode.Line, cmdNode.Column, "command must be a string, not %s", describe(cmdNode))
	} else if c := cmdNode.LineComment; cmdNode.Style == 0 && c != "" && !strings.HasPrefix(c, "# ") {
		// An unquoted command followed by " #1" loses "#1" to YAML, which reads it as a
		// comment; a note written as "# ..." is left alone.
		drop(cmdNode.Line, cmdNode.Column, "YAML reads %q after the command as a comment, so it is not part of the command: quote the whole command if it is meant", c)
	} else if r, err := resolveCommand(h.Command, l.cfg.Dir, l.lookup); err != nil {
		drop(cmdNode.Line, cmdNode.Column, "%v", err)
	} else {
		h.Env, h.Argv, h.ScriptWord, h.Script, h.Files = r.env, r.argv, r.scriptWord, r.script, r.files
		if r.projectScript {
			h.ProjectDir, _ = l.lookup(ProjectDirVar)
			h.ProjectScript = true
		}
	}
}

// matcher reads an entry's matcher: a regular expression, or stratus's list of them. One that
// does not compile drops the entry; it must never widen to every tool.
func (l *loader) matcher(h *Hook, v *yaml.Node, drop dropFunc) {
	var re *regexp.Regexp
	if v.Kind == yaml.SequenceNode {
		// stratus's matcher array: the hook runs when any entry matches.
		list, ok := l.matcherList(v, drop)
		if !ok {
			return
		}
		h.Matcher, h.Matchers = FormatMatchers(list), list
		re, _ = compileMatchers(list) // each entry compiled alone above
	} else {
		if v.Kind != yaml.ScalarNode || v.Tag != "!!str" {
			drop(v.Line, v.Column, "matcher must be a string (a regular expression or \"*\") or a list of them, not %s", describe(v))
			return
		}
		var err error
		if re, err = CompileMatcher(v.Value); err != nil {
			drop(v.Line, v.Column, "invalid matcher %q: %v%s", v.Value, err, matcherHint(v.Value))
			return
		}
		h.Matcher = v.Value
	}
	if !IsToolEvent(h.Event) {
		l.warnf(v.Line, v.Column, h.Event, h.Command, "matcher on %s is ignored: only tool events have a tool name", h.Event)
		return
	}
	h.re = re
}

// timeout reads an entry's timeout: one that cannot be used is a warning and the default, one
// above the maximum a warning and the maximum.
func (l *loader) timeout(h *Hook, v *yaml.Node) {
	d, msg := parseTimeout(v)
	if msg != "" {
		l.warnf(v.Line, v.Column, h.Event, h.Command, "%s; using %s", msg, formatSeconds(DefaultTimeout))
		return
	}
	eff, clamped := EffectiveTimeout(d)
	if clamped {
		l.warnf(v.Line, v.Column, h.Event, h.Command, "timeout %s is above the maximum; clamped to %s", describe(v), formatSeconds(eff))
	}
	h.Timeout, h.TimeoutClamped = eff, clamped
}

// Values of an entry's pin key.
const (
	// PinPath, the default, runs a pinned script by its own path, checked just before the
	// start and after the exit (SPEC 14.3).
	PinPath = "path"
	// PinExec runs the very file that was checked, as /dev/fd/N.
	PinExec = "exec"
)

// pin reads an entry's pin key: exec reports PinExec. Anything but one of the two values drops
// the entry: a misspelt exec must not run the script by its path unnoticed.
func (l *loader) pin(n *yaml.Node, event, command string) (exec, ok bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
		switch n.Value {
		case PinPath:
			return false, true
		case PinExec:
			return true, true
		}
		l.errorf(n.Line, n.Column, event, command, "unknown pin %q%s (valid: %s, %s) (hook dropped)", n.Value, didYouMean(n.Value, []string{PinPath, PinExec}), PinPath, PinExec)
		return false, false
	}
	l.errorf(n.Line, n.Column, event, command, "pin must be %q or %q, not %s (hook dropped)", PinPath, PinExec, describe(n))
	return false, false
}

// dialect reads an entry's dialect key: one of agent.ScriptDialects. Anything else drops the
// entry: fed in a protocol it does not speak, a guard would read nothing.
func (l *loader) dialect(n *yaml.Node, event, command string) (string, bool) {
	valid := agent.ScriptDialects()
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
		if _, err := agent.ForScript(n.Value); err == nil && n.Value != "" {
			return n.Value, true
		}
		hint := didYouMean(n.Value, valid)
		for _, v := range valid {
			if hint == "" && n.Value != "" && strings.HasPrefix(v, strings.ToLower(n.Value)) {
				hint = fmt.Sprintf(": did you mean %q?", v)
			}
		}
		if _, err := agent.Lookup(n.Value); err == nil && hint == "" {
			hint = fmt.Sprintf(": to run the hook only under %s, write agents: [%s]", n.Value, n.Value)
		}
		l.errorf(n.Line, n.Column, event, command, "unknown dialect %q%s (valid: %s) (hook dropped)", n.Value, hint, strings.Join(valid, ", "))
		return "", false
	}
	l.errorf(n.Line, n.Column, event, command, "dialect must be one of %s, not %s (hook dropped)", strings.Join(valid, ", "), describe(n))
	return "", false
}

// canBlock reports whether the hook can stop its agent: on pre_tool_call, or under one of its
// agents whose event mapped to this one lets a hook block (Claude Code's UserPromptSubmit,
// pre_llm_call's, say). Elsewhere fail_closed has nothing to block.
func (l *loader) canBlock(h Hook) bool {
	if IsBlockingEvent(h.Event) {
		return true
	}
	for _, name := range agent.Blocking(h.Event) {
		if h.RunsUnder(name) {
			return true
		}
	}
	return false
}

// blockersOf says which agents can block the event, for the warning of an entry that cannot.
func blockersOf(event string) string {
	names := agent.Blocking(event)
	if len(names) == 0 {
		return "no agent lets a hook block it"
	}
	return "only " + strings.Join(names, ", ") + " let a hook block it, and the entry's agents exclude them"
}

// agents reads an entry's agents list: names as for --agent. An unknown name, or anything but
// a list of strings, drops the entry: a typo must not feed a script another dialect.
func (l *loader) agents(n *yaml.Node, event, command string) ([]string, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
		n = &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{n}, Line: n.Line, Column: n.Column}
	}
	if n.Kind != yaml.SequenceNode {
		l.errorf(n.Line, n.Column, event, command, "agents must be a list of agent names (%s), not %s (hook dropped)", strings.Join(agent.Names(), ", "), describe(n))
		return nil, false
	}
	if len(n.Content) == 0 {
		// An empty list would run the hook under no agent, or (read as absent) under all.
		l.errorf(n.Line, n.Column, event, command, "agents is empty: name the agents the hook is for (%s), or remove the key for every agent (hook dropped)", strings.Join(agent.Names(), ", "))
		return nil, false
	}
	var names []string
	ok := true
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
			l.errorf(item.Line, item.Column, event, command, "agents must be a list of agent names, not %s (hook dropped)", describe(item))
			ok = false
			continue
		}
		if _, err := agent.Lookup(item.Value); err != nil {
			l.errorf(item.Line, item.Column, event, command, "%v (hook dropped)", err)
			ok = false
			continue
		}
		names = append(names, item.Value)
	}
	return names, ok
}

// boolean reads a YAML boolean, also accepting the strings "true" and "false". Anything else
// is an error: a string like "false" must never mean true.
func (l *loader) boolean(n *yaml.Node, key, event, command string) (bool, bool) {
	n = deref(n)
	if n.Kind == yaml.ScalarNode {
		switch {
		case n.Tag == "!!bool", n.Tag == "!!str":
			switch strings.ToLower(n.Value) {
			case "true":
				return true, true
			case "false":
				return false, true
			}
		}
	}
	suffix := ""
	if event != "" {
		suffix = " (hook dropped)"
	}
	l.errorf(n.Line, n.Column, event, command, "%s must be true or false, not %s%s", key, describe(n), suffix)
	return false, false
}

// describe shows a value in a message as it is written: strings quoted, other scalars bare.
// matcherList reads a matcher array: a non-empty list of strings, each a valid matcher. Any
// problem drops the whole entry (reported at the entry of the list at fault): a list that
// lost an entry would match fewer tools than written, and one that kept a bad one could
// match more.
func (l *loader) matcherList(v *yaml.Node, drop func(line, col int, format string, args ...any)) ([]string, bool) {
	if len(v.Content) == 0 {
		drop(v.Line, v.Column, "matcher is an empty list: name the tools (matcher: [Bash, Write]), or leave matcher out to run on every tool")
		return nil, false
	}
	list := make([]string, 0, len(v.Content))
	for i, e := range v.Content {
		e = deref(e)
		if e.Kind != yaml.ScalarNode || e.Tag != "!!str" {
			drop(e.Line, e.Column, "matcher entry %d must be a string (a regular expression or \"*\"), not %s; the whole list is dropped", i+1, describe(e))
			return nil, false
		}
		if _, err := CompileMatcher(e.Value); err != nil {
			drop(e.Line, e.Column, "invalid matcher entry %q: %v%s; the whole list is dropped", e.Value, err, matcherHint(e.Value))
			return nil, false
		}
		list = append(list, e.Value)
	}
	return list, true
}

// matcherHint suggests the regular expression a glob-like matcher most likely meant.
func matcherHint(m string) string {
	if strings.Contains(m, "*") && !strings.Contains(m, ".*") {
		fixed := strings.ReplaceAll(m, "*", ".*")
		if _, err := CompileMatcher(fixed); err == nil {
			return fmt.Sprintf(" (a glob? matchers are regular expressions: did you mean %q?)", fixed)
		}
	}
	return ""
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!str" || n.Tag == "" {
			return strconv.Quote(n.Value)
		}
		if n.Tag == "!!null" {
			return "an empty value"
		}
		return n.Value
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return "that"
}

// parseTimeout reads seconds (integer or fraction, also as a string with no unit) or a Go
// duration string. msg is non-empty when the value cannot be used.
func parseTimeout(n *yaml.Node) (time.Duration, string) {
	bad := fmt.Sprintf(`timeout must be a number of seconds or a duration like "5s", not %s`, describe(n))
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" || n.Tag == "!!bool" {
		return 0, bad
	}
	s := strings.TrimSpace(n.Value)
	var d time.Duration
	if f, err := strconv.ParseFloat(s, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		switch {
		case err != nil && f > 0: // 1e400: far above the maximum, clamped below
			f = MaxTimeout.Seconds() * 1000
		case math.IsNaN(f) || math.IsInf(f, 0):
			return 0, bad
		}
		if f > MaxTimeout.Seconds()*1000 {
			f = MaxTimeout.Seconds() * 1000 // no overflow; clamped below
		}
		d = time.Duration(f * float64(time.Second))
	} else if pd, err := time.ParseDuration(s); err == nil {
		d = pd
	} else if hugeDuration().MatchString(s) {
		d = MaxTimeout * 1000 // "9999999999h" overflows a Duration: far above the maximum
	} else {
		return 0, bad
	}
	if d <= 0 {
		return 0, fmt.Sprintf("timeout must be positive, not %s", describe(n))
	}
	return d, ""
}

// hugeDuration matches a well-formed duration that time.ParseDuration refuses only because
// it overflows.
var hugeDuration = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\+?[0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h)$`) })

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// Unread is the config of a file that could not be read at all: no hooks, and Unreadable, so
// that no recorded guard is found in it.
func Unread(path string) *Config {
	c := empty(path)
	c.Unreadable = true
	return c
}

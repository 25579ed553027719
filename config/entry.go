package config

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/lazy"
)

var entryKeys = []string{"matcher", "command", "timeout", "fail_closed", "agents", "dialect", "pin", "url", "headers", "allowed_env", "method"}

// entry validates one hook entry. Every problem is reported; any error drops the entry.
func (l *loader) entry(event string, n *yaml.Node) (Hook, bool) {
	h := Hook{Event: event, Line: n.Line, Col: n.Column, Layer: l.layer}
	if n.Kind != yaml.MappingNode {
		l.report(errorAt(n, "a hook must be a mapping with a \"command\" key, not %s (hook dropped)", describe(n)).about(event, ""))
		return h, false
	}
	ps, ok := l.pairs(n, event)
	drop := func(at *yaml.Node, format string, args ...any) {
		l.report(errorAt(at, format+" (hook dropped)", args...).about(event, h.Command))
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
				l.report(errorAt(p.key, "%s repeats %s of line %d (line %d ignored)", p.key.Value, first.Value, first.Line, p.key.Line).about(event, h.Command))
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
			l.report(warningAt(p.key, "unknown key %q in hook (ignored)%s", p.key.Value, didYouMean(p.key.Value, entryKeys)).about(event, h.Command))
		}
	}
	if v := failClosedValue; h.FailClosed && !l.canBlock(h) {
		l.report(warningAt(v, "fail_closed has no effect on %s: %s", event, blockersOf(event)).about(event, h.Command))
		h.FailClosed = false
	}
	if v := pinNode; v != nil && ok && !h.Pinned() {
		l.report(warningAt(v, "pin has no effect: it says how a script named by a path runs, and this hook has none (a url, or a program found on PATH)").about(event, h.Command))
		h.PinExec = false
	}
	return h, ok
}

// dropFunc reports an error that drops the entry being read.
type dropFunc func(n *yaml.Node, format string, args ...any)

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
		drop(urlNode, "a hook has either \"command\" or \"url\", not both")
		urlNode = nil
	}
	if urlNode != nil && l.project() {
		drop(urlNode, "a project hook runs a script inside the repository; a url hook is the person's to add, in their own config")
		return
	}
	// remote checks a url hook, and warns of its keys on a command hook.
	l.remote(h.Event, h, urlNode, ps, drop)
	if urlNode != nil {
		// A url hook has no command to split.
	} else if cmdNode == nil {
		drop(n, "hook has no \"command\"")
	} else if isNull(cmdNode) {
		drop(cmdNode, "command is empty")
	} else if cmdNode.Kind != yaml.ScalarNode || cmdNode.Tag != "!!str" {
		drop(cmdNode, "command must be a string, not %s", describe(cmdNode))
	} else if c := cmdNode.LineComment; cmdNode.Style == 0 && c != "" && !strings.HasPrefix(c, "# ") {
		// An unquoted command followed by " #1" loses "#1" to YAML, which reads it as a
		// comment; a note written as "# ..." is left alone.
		drop(cmdNode, "YAML reads %q after the command as a comment, so it is not part of the command: quote the whole command if it is meant", c)
	} else if r, err := resolveCommand(h.Command, l.cfg.Dir, l.project(), l.lookup); err != nil {
		drop(cmdNode, "%v", err)
	} else if msg := l.projectCommand(r); msg != "" {
		drop(cmdNode, "%s", msg)
	} else {
		h.Env, h.Argv, h.ScriptWord, h.Script, h.Files = r.env, r.argv, r.scriptWord, r.script, r.files
		if l.project() {
			h.ProjectDir = l.cfg.Root // named in the fix of a hook not approved there
		}
		if r.projectScript && !l.project() {
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
			drop(v, "matcher must be a string (a regular expression or \"*\") or a list of them, not %s", describe(v))
			return
		}
		var err error
		if re, err = CompileMatcher(v.Value); err != nil {
			drop(v, "invalid matcher %q: %v%s", v.Value, err, matcherHint(v.Value))
			return
		}
		h.Matcher = v.Value
	}
	if !IsToolEvent(h.Event) {
		l.report(warningAt(v, "matcher on %s is ignored: only tool events have a tool name", h.Event).about(h.Event, h.Command))
		return
	}
	h.re = re
}

// timeout reads an entry's timeout: one that cannot be used is a warning and the default, one
// above the maximum a warning and the maximum.
func (l *loader) timeout(h *Hook, v *yaml.Node) {
	d, msg := parseTimeout(v)
	if msg != "" {
		l.report(warningAt(v, "%s; using %s", msg, formatSeconds(DefaultTimeout)).about(h.Event, h.Command))
		return
	}
	eff, clamped := EffectiveTimeout(d)
	if clamped {
		l.report(warningAt(v, "timeout %s is above the maximum; clamped to %s", describe(v), formatSeconds(eff)).about(h.Event, h.Command))
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
		l.report(errorAt(n, "unknown pin %q%s (valid: %s, %s) (hook dropped)", n.Value, didYouMean(n.Value, []string{PinPath, PinExec}), PinPath, PinExec).about(event, command))
		return false, false
	}
	l.report(errorAt(n, "pin must be %q or %q, not %s (hook dropped)", PinPath, PinExec, describe(n)).about(event, command))
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
		g := didYouMean(n.Value, valid)
		for _, v := range valid {
			if g == "" && n.Value != "" && strings.HasPrefix(v, strings.ToLower(n.Value)) {
				g = guess(v)
			}
		}
		hint := g.String()
		if _, err := agent.Lookup(n.Value); err == nil && g == "" {
			hint = fmt.Sprintf(": to run the hook only under %s, write agents: [%s]", n.Value, n.Value)
		}
		l.report(errorAt(n, "unknown dialect %q%s (valid: %s) (hook dropped)", n.Value, hint, strings.Join(valid, ", ")).about(event, command).suggesting(string(g)))
		return "", false
	}
	l.report(errorAt(n, "dialect must be one of %s, not %s (hook dropped)", strings.Join(valid, ", "), describe(n)).about(event, command))
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
		l.report(errorAt(n, "agents must be a list of agent names (%s), not %s (hook dropped)", strings.Join(agent.Names(), ", "), describe(n)).about(event, command))
		return nil, false
	}
	if len(n.Content) == 0 {
		// An empty list would run the hook under no agent, or (read as absent) under all.
		l.report(errorAt(n, "agents is empty: name the agents the hook is for (%s), or remove the key for every agent (hook dropped)", strings.Join(agent.Names(), ", ")).about(event, command))
		return nil, false
	}
	var names []string
	ok := true
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
			l.report(errorAt(item, "agents must be a list of agent names, not %s (hook dropped)", describe(item)).about(event, command))
			ok = false
			continue
		}
		if _, err := agent.Lookup(item.Value); err != nil {
			l.report(errorAt(item, "%v (hook dropped)", err).about(event, command))
			ok = false
			continue
		}
		names = append(names, item.Value)
	}
	return names, ok
}

// lost an entry would match fewer tools than written, and one that kept a bad one could
// match more.
func (l *loader) matcherList(v *yaml.Node, drop dropFunc) ([]string, bool) {
	if len(v.Content) == 0 {
		drop(v, "matcher is an empty list: name the tools (matcher: [Bash, Write]), or leave matcher out to run on every tool")
		return nil, false
	}
	list := make([]string, 0, len(v.Content))
	for i, e := range v.Content {
		e = deref(e)
		if e.Kind != yaml.ScalarNode || e.Tag != "!!str" {
			drop(e, "matcher entry %d must be a string (a regular expression or \"*\"), not %s; the whole list is dropped", i+1, describe(e))
			return nil, false
		}
		if _, err := CompileMatcher(e.Value); err != nil {
			drop(e, "invalid matcher entry %q: %v%s; the whole list is dropped", e.Value, err, matcherHint(e.Value))
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

var hugeDurationOnce lazy.Value[*regexp.Regexp]

// hugeDuration matches a well-formed duration that time.ParseDuration refuses only because
// it overflows.
func hugeDuration() *regexp.Regexp {
	return hugeDurationOnce.Get(func() *regexp.Regexp { return regexp.MustCompile(`^\+?[0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h)$`) })
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

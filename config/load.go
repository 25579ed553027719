package config

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Options tune loading. The zero value reads the process environment.
type Options struct {
	// LookupEnv expands $VAR and ~ in commands; nil means os.LookupEnv.
	LookupEnv func(string) (string, bool)
}

// Load reads and validates the config file at path. A missing file is an empty config (no
// hooks, not an error); only an I/O failure is an error. Validation problems, YAML syntax
// errors included, are in Config.Problems and never stop the valid entries from loading.
func Load(path string, opts Options) (*Config, error) {
	data, err := os.ReadFile(path)
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
	return &Config{Path: path, Dir: dir, Parallel: true}
}

// Parse validates config data as if read from path.
func Parse(path string, data []byte, opts Options) *Config {
	c := empty(path)
	l := &loader{cfg: c, lookup: opts.LookupEnv}
	if l.lookup == nil {
		l.lookup = os.LookupEnv
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line, msg := yamlErrorLine(err)
		l.errorf(line, 1, "", "", "YAML syntax error: %s (no hook of this file is loaded)", msg)
		return c
	}
	if len(doc.Content) == 0 {
		return c // an empty file: no hooks
	}
	l.top(doc.Content[0])
	sort.SliceStable(c.Problems, func(i, j int) bool {
		a, b := c.Problems[i], c.Problems[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return c
}

var yamlLineRE = regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`)

func yamlErrorLine(err error) (int, string) {
	msg := err.Error()
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	m := yamlLineRE.FindStringSubmatch(msg)
	if m == nil {
		return 1, msg
	}
	line, _ := strconv.Atoi(m[1])
	if line == 0 {
		line = 1
	}
	return line, m[2]
}

type loader struct {
	cfg    *Config
	lookup func(string) (string, bool)
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

// deref follows an alias. Only one level is followed per lookup and the walk below never
// descends further than entry values, so anchors and aliases cannot make loading explode.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 8; i++ {
		n = n.Alias
	}
	return n
}

type pair struct{ key, value *yaml.Node }

// pairs returns a mapping's key/value pairs, reporting repeated keys (the first is kept).
func (l *loader) pairs(m *yaml.Node, event string) []pair {
	seen := map[string]*yaml.Node{}
	var out []pair
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := deref(m.Content[i]), m.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			l.errorf(m.Content[i].Line, m.Content[i].Column, event, "", "a key must be a plain name")
			continue
		}
		if first, dup := seen[k.Value]; dup {
			l.errorf(k.Line, k.Column, event, "", "key %q repeated (first at line %d, line %d ignored)", k.Value, first.Line, k.Line)
			continue
		}
		seen[k.Value] = k
		out = append(out, pair{k, v})
	}
	return out
}

var topKeys = []string{"hooks", "hooks_auto_accept", "custom_events", "parallel"}

func (l *loader) top(root *yaml.Node) {
	root = deref(root)
	if root.Kind != yaml.MappingNode {
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			return
		}
		l.errorf(root.Line, root.Column, "", "", "the config must be a mapping with a \"hooks\" key (no hook of this file is loaded)")
		return
	}
	var hooks *yaml.Node
	for _, p := range l.pairs(root, "") {
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
		l.errorf(n.Line, n.Column, "", "", "custom_events must be a list of event names")
		return
	}
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" || strings.TrimSpace(item.Value) == "" {
			l.errorf(item.Line, item.Column, "", "", "a custom event must be a non-empty name")
			continue
		}
		if l.cfg.KnownEvent(item.Value) {
			l.warnf(item.Line, item.Column, "", "", "custom event %q is already known", item.Value)
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
		l.errorf(n.Line, n.Column, "", "", "hooks must be a mapping from event names to lists of hooks")
		return
	}
	for _, p := range l.pairs(n, "") {
		event := p.key.Value
		if !l.cfg.KnownEvent(event) {
			l.errorf(p.key.Line, p.key.Column, event, "", "unknown event %q (its hooks are dropped)%s", event, UnknownEventHint(event, l.cfg.AllEvents()))
			continue
		}
		list := deref(p.value)
		if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
			continue
		}
		if list.Kind != yaml.SequenceNode {
			l.errorf(list.Line, list.Column, event, "", "event %s must be a list of hooks (its hooks are dropped)", event)
			continue
		}
		for _, item := range list.Content {
			if h, ok := l.entry(event, deref(item)); ok {
				l.cfg.Hooks = append(l.cfg.Hooks, h)
			}
		}
	}
}

var entryKeys = []string{"matcher", "command", "timeout", "fail_closed"}

// entry validates one hook entry. Every problem is reported; any error drops the entry.
func (l *loader) entry(event string, n *yaml.Node) (Hook, bool) {
	h := Hook{Event: event, Line: n.Line, Col: n.Column}
	if n.Kind != yaml.MappingNode {
		l.errorf(n.Line, n.Column, event, "", "a hook must be a mapping with a \"command\" key (hook dropped)")
		return h, false
	}
	ps := l.pairs(n, event)
	// The command first, so that every later problem can name it.
	var cmdNode *yaml.Node
	for _, p := range ps {
		if p.key.Value == "command" {
			cmdNode = deref(p.value)
			if cmdNode.Kind == yaml.ScalarNode && cmdNode.Tag == "!!str" {
				h.Command = cmdNode.Value
			}
		}
	}
	ok := true
	drop := func(line, col int, format string, args ...any) {
		l.errorf(line, col, event, h.Command, format+" (hook dropped)", args...)
		ok = false
	}
	if cmdNode == nil {
		drop(n.Line, n.Column, "hook has no \"command\"")
	} else if cmdNode.Kind != yaml.ScalarNode || cmdNode.Tag != "!!str" {
		drop(cmdNode.Line, cmdNode.Column, "command must be a string")
	} else if argv, sw, script, err := resolveCommand(h.Command, l.cfg.Dir, l.lookup); err != nil {
		drop(cmdNode.Line, cmdNode.Column, "%v", err)
	} else {
		h.Argv, h.ScriptWord, h.Script = argv, sw, script
	}
	h.Timeout = DefaultTimeout
	for _, p := range ps {
		v := deref(p.value)
		switch p.key.Value {
		case "command":
		case "matcher":
			if v.Kind != yaml.ScalarNode || v.Tag != "!!str" {
				drop(v.Line, v.Column, "matcher must be a string (a regular expression or \"*\")")
				continue
			}
			re, err := CompileMatcher(v.Value)
			if err != nil {
				drop(v.Line, v.Column, "invalid matcher %q: %v", v.Value, err)
				continue
			}
			h.Matcher = v.Value
			if !IsToolEvent(event) {
				l.warnf(v.Line, v.Column, event, h.Command, "matcher on %s is ignored: only tool events have a tool name", event)
				continue
			}
			h.re = re
		case "timeout":
			d, msg := parseTimeout(v)
			if msg != "" {
				l.warnf(v.Line, v.Column, event, h.Command, "%s; using %s", msg, formatSeconds(DefaultTimeout))
				continue
			}
			eff, clamped := EffectiveTimeout(d)
			if clamped {
				l.warnf(v.Line, v.Column, event, h.Command, "timeout %s is above the maximum; clamped to %s", formatSeconds(d), formatSeconds(eff))
			}
			h.Timeout, h.TimeoutClamped = eff, clamped
		case "fail_closed":
			b, valid := l.boolean(p.value, "fail_closed", event, h.Command)
			if !valid {
				ok = false
				continue
			}
			if b && !IsBlockingEvent(event) {
				l.warnf(v.Line, v.Column, event, h.Command, "fail_closed has no effect on %s: only pre_tool_call can block", event)
				continue
			}
			h.FailClosed = b
		default:
			l.warnf(p.key.Line, p.key.Column, event, h.Command, "unknown key %q in hook (ignored)%s", p.key.Value, didYouMean(p.key.Value, entryKeys))
		}
	}
	return h, ok
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

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
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
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" || n.Tag == "!!bool" {
		return 0, fmt.Sprintf("timeout %s is not a number of seconds or a duration", describe(n))
	}
	s := strings.TrimSpace(n.Value)
	var d time.Duration
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, fmt.Sprintf("timeout %q is not a number of seconds or a duration", n.Value)
		}
		if f > MaxTimeout.Seconds()*1000 {
			f = MaxTimeout.Seconds() * 1000 // no overflow; clamped below
		}
		d = time.Duration(f * float64(time.Second))
	} else if pd, err := time.ParseDuration(s); err == nil {
		d = pd
	} else {
		return 0, fmt.Sprintf("timeout %q is not a number of seconds or a duration", n.Value)
	}
	if d <= 0 {
		return 0, fmt.Sprintf("timeout %s must be positive", strconv.Quote(n.Value))
	}
	return d, ""
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

package config

import (
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

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

var topKeys = []string{"hooks", "hooks_auto_accept", "custom_events", "parallel", "audit"}

func (l *loader) top(root *yaml.Node) {
	root = deref(root)
	if root.Kind != yaml.MappingNode {
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			return
		}
		l.report(errorAt(root, "the config must be a mapping with a \"hooks\" key (no hook of this file is loaded)"))
		l.cfg.Unreadable = true
		return
	}
	var hooks *yaml.Node
	ps, _ := l.pairs(root, "")
	for _, p := range ps {
		if msg := projectKey(p.key.Value); l.project() && msg != "" && slices.Contains(topKeys, p.key.Value) {
			l.report(errorAt(p.key, "%s", msg))
			continue
		}
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
			l.report(warningAt(p.key, "unknown top-level key %q (ignored)%s", p.key.Value, didYouMean(p.key.Value, topKeys)))
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
		l.report(errorAt(n, "custom_events must be a list of event names, not %s", describe(n)))
		return
	}
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" || strings.TrimSpace(item.Value) == "" {
			l.report(errorAt(item, "a custom event must be a non-empty name, not %s", describe(item)))
			continue
		}
		if IsBuiltinEvent(item.Value) {
			l.report(warningAt(item, "custom event %q is a built-in event (ignored)", item.Value))
			continue
		}
		if l.cfg.KnownEvent(item.Value) {
			l.report(warningAt(item, "custom event %q is listed twice (ignored)", item.Value))
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
		l.report(errorAt(n, "hooks must be a mapping from event names to lists of hooks, not %s (no hook is loaded)", describe(n)))
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
			l.report(errorAt(p.key, "unknown event %q (its hooks are dropped)%s", event, UnknownEventHint(event, l.cfg.AllEvents())).about(event, "").suggesting(Suggest(event, l.cfg.AllEvents())))
			l.dropped(len(l.cfg.Problems)-1, entryCommands(list)...)
			continue
		}
		if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
			continue
		}
		if list.Kind != yaml.SequenceNode {
			l.report(errorAt(list, "event %s must be a list of hooks, not %s (its hooks are dropped)", event, describe(list)).about(event, ""))
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
	l.report(errorAt(n, "%s must be true or false, not %s%s", key, describe(n), suffix).about(event, command))
	return false, false
}

// describe shows a value in a message as it is written: strings quoted, other scalars bare.
// matcherList reads a matcher array: a non-empty list of strings, each a valid matcher. Any

// describe shows a value in a message as it is written: strings quoted, other scalars bare.
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

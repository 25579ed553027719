package config

import (
	"gopkg.in/yaml.v3"
)

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
					l.report(errorAt(cur.Content[i], "a key must be a plain name").about(event, ""))
				})
				continue
			}
			if k.Tag == "!!merge" {
				merges = append(merges, v)
				continue
			}
			if first, dup := own[k.Value]; dup {
				l.reportOnce(k, func() {
					l.report(errorAt(k, "key %q repeated (first at line %d, line %d ignored)", k.Value, first.Line, k.Line).about(event, ""))
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
			l.report(errorAt(v, "a merge key (<<) must name a mapping or a list of mappings, not %s%s", describe(v), suffix).about(event, ""))
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

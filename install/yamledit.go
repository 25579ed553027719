package install

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// AppendToConfig returns config.yaml's text with the hooks appended under their events, each
// event's new entries after its existing ones. The YAML node tree says where things are, and
// the new entries are spliced in as text at the indentation of their neighbours, so comments,
// blank lines, quoting and key order elsewhere stay exactly as the person wrote them
// (re-encoding the tree would reflow all of it). source names the agent's file, in a comment
// above the new entries.
func AppendToConfig(data []byte, hooks []Imported, source string) ([]byte, error) {
	var events []string
	byEvent := map[string][]Imported{}
	for _, h := range hooks {
		if byEvent[h.Event] == nil {
			events = append(events, h.Event)
		}
		byEvent[h.Event] = append(byEvent[h.Event], h)
	}
	for _, ev := range events {
		var err error
		if data, err = appendEvent(data, ev, byEvent[ev], source); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// errFlow is returned for a collection written in flow style ({...} or [...]) that is not
// empty: its entries cannot be appended to as lines.
var errFlow = errors.New("is written in flow style ({...} or [...]); write it as a block (one entry per line) and import again")

func appendEvent(data []byte, event string, hs []Imported, source string) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("the config does not parse: %w", err)
	}
	if bytes.Contains(bytes.ReplaceAll(data, []byte("\r\n"), nil), []byte("\r")) {
		return nil, errors.New("the config breaks lines with a lone CR; import needs LF or CRLF line breaks")
	}
	e := &yamlText{lines: strings.Split(string(data), "\n"), crlf: bytes.Contains(data, []byte("\r\n"))}
	if len(doc.Content) == 0 {
		return e.appendAtEnd("hooks:\n" + eventBlock(event, "  ", hs, source)), nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, errors.New("the config is not a mapping of keys")
	}
	key, val := lookup(root, "hooks")
	if key == nil {
		top := ""
		if root.Style&yaml.FlowStyle != 0 {
			return nil, fmt.Errorf("the config %w", errFlow)
		}
		if len(root.Content) > 0 {
			top = strings.Repeat(" ", root.Content[0].Column-1)
		}
		return e.appendAtEnd(top + "hooks:\n" + eventBlock(event, top+"  ", hs, source)), nil
	}
	indent := strings.Repeat(" ", key.Column-1)
	if isEmpty(val) {
		e.cut(val)
		return e.insertAfter(key.Line, eventBlock(event, indent+"  ", hs, source)), nil
	}
	if val.Kind != yaml.MappingNode {
		return nil, errors.New(`"hooks" is not a mapping of events`)
	}
	if val.Style&yaml.FlowStyle != 0 {
		return nil, fmt.Errorf(`"hooks" %w`, errFlow)
	}
	evKey, list := lookup(val, event)
	if evKey == nil {
		last := e.end(val, val.Content[0].Column-1)
		return e.insertAfter(last, eventBlock(event, strings.Repeat(" ", val.Content[0].Column-1), hs, source)), nil
	}
	if isEmpty(list) {
		e.cut(list)
		return e.insertAfter(evKey.Line, items(hs, strings.Repeat(" ", evKey.Column+1), source)), nil
	}
	if list.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("hooks.%s is not a list of hooks", event)
	}
	if list.Style&yaml.FlowStyle != 0 {
		return nil, fmt.Errorf("hooks.%s %w", event, errFlow)
	}
	last := e.end(list, list.Column-1)
	return e.insertAfter(last, items(hs, strings.Repeat(" ", list.Column-1), source)), nil
}

// lookup returns the key and value nodes of a mapping's key.
func lookup(m *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// isEmpty reports whether a value holds nothing: null, or an empty {} or [].
func isEmpty(n *yaml.Node) bool {
	switch n.Kind {
	case yaml.ScalarNode:
		return n.Tag == "!!null"
	case yaml.MappingNode, yaml.SequenceNode:
		return len(n.Content) == 0
	}
	return false
}

// yamlText is the config's text as lines, edited by whole lines.
type yamlText struct {
	lines []string
	crlf  bool // the file breaks lines with CRLF, which new lines follow
}

// cut removes an empty value's text ("~", "null", "{}", "[]") from the end of its line, so
// entries can follow as lines.
func (e *yamlText) cut(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.Value == "" {
		return // nothing written after the key
	}
	line := e.lines[n.Line-1]
	rest := line[n.Column-1:]
	// A comment after the value stays.
	comment := ""
	if i := strings.Index(rest, "#"); i >= 0 {
		comment = " " + rest[i:]
	}
	e.lines[n.Line-1] = strings.TrimRight(line[:n.Column-1], " ") + comment
}

// end returns the last line (from 1) of the node's text: the last line any node inside it
// starts on, followed by the lines that continue it (indented more than base, which is the
// indentation of the node's own entries). Blank lines and comments at base or less belong to
// what follows.
func (e *yamlText) end(n *yaml.Node, base int) int {
	last := maxLine(n)
	for j := last + 1; j <= len(e.lines); j++ {
		line := e.lines[j-1]
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" {
			continue
		}
		if len(line)-len(trimmed) <= base {
			break
		}
		last = j
	}
	return last
}

func maxLine(n *yaml.Node) int {
	m := n.Line
	for _, c := range n.Content {
		m = max(m, maxLine(c))
	}
	return m
}

// insertAfter returns the text with block inserted after line (from 1).
func (e *yamlText) insertAfter(line int, block string) []byte {
	add := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
	if e.crlf {
		for i := range add {
			add[i] += "\r"
		}
	}
	line = min(line, len(e.lines))
	lines := append(append(append([]string{}, e.lines[:line]...), add...), e.lines[line:]...)
	return []byte(strings.Join(lines, "\n"))
}

// appendAtEnd returns the text with block added as its last lines.
func (e *yamlText) appendAtEnd(block string) []byte {
	text := strings.Join(e.lines, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if e.crlf {
		block = strings.ReplaceAll(block, "\n", "\r\n")
		if !strings.HasSuffix(text, "\r\n") && text != "" {
			text = strings.TrimSuffix(text, "\n") + "\r\n"
		}
	}
	return []byte(text + block)
}

// eventBlock is an event key at indent with the hooks as its entries.
func eventBlock(event, indent string, hs []Imported, source string) string {
	return indent + scalarText(event) + ":\n" + items(hs, indent+"  ", source)
}

// items writes the hooks as block sequence entries, the dashes at indent.
func items(hs []Imported, indent, source string) string {
	seq := &yaml.Node{Kind: yaml.SequenceNode}
	for i, h := range hs {
		m := &yaml.Node{Kind: yaml.MappingNode}
		if i == 0 && source != "" {
			m.HeadComment = "imported from " + source + ", not approved yet"
		}
		if h.Matcher != "" {
			m.Content = append(m.Content, str("matcher"), quoted(h.Matcher))
		}
		m.Content = append(m.Content, str("command"), quoted(h.Command))
		if h.TimeoutS > 0 {
			v := formatSeconds(h.TimeoutS)
			tag := "!!int"
			if strings.Contains(v, ".") {
				tag = "!!float"
			}
			m.Content = append(m.Content, str("timeout"), &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v})
		}
		if h.Dialect != "" {
			m.Content = append(m.Content, str("dialect"), str(h.Dialect))
		}
		if h.FailClosed {
			m.Content = append(m.Content, str("fail_closed"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
		}
		if len(h.Agents) > 0 {
			agents := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, a := range h.Agents {
				agents.Content = append(agents.Content, str(a))
			}
			m.Content = append(m.Content, str("agents"), agents)
		}
		seq.Content = append(seq.Content, m)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(seq); err != nil {
		panic(err) // only strings and numbers of the package's own
	}
	var out strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		out.WriteString(indent + line + "\n")
	}
	return out.String()
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func quoted(s string) *yaml.Node {
	n := str(s)
	n.Style = yaml.DoubleQuotedStyle
	return n
}

// scalarText writes a key as YAML would.
func scalarText(s string) string {
	b, err := yaml.Marshal(s)
	if err != nil {
		panic(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

func formatSeconds(s float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", s), "0"), ".")
}

package install

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// doc is a settings file's text and its span tree. Every edit splices the text, in the file's
// own layout (its indentation unit, one entry per line or all on one line), and parses it again,
// so each edit sees exact offsets and a bug can never write a file that does not parse.
type doc struct {
	data    []byte
	root    *node
	unit    string // one level of indentation
	compact bool   // the file has no line break: edits add none
	// comments says the agent reads comments in this file, so hookctl does too (and keeps them).
	comments bool
}

func newDoc(data []byte, comments bool) (*doc, error) {
	root, err := parseDocComments(data, comments)
	if err != nil {
		return nil, err
	}
	d := &doc{data: data, root: root, unit: indentUnit(data), compact: !bytes.ContainsRune(bytes.TrimSpace(data), '\n'), comments: comments}
	return d, nil
}

// indentUnit is the indentation of the first indented line (in pretty-printed JSON, one
// level), else two spaces.
func indentUnit(data []byte) string {
	for _, line := range bytes.Split(data, []byte("\n"))[1:] {
		trimmed := bytes.TrimLeft(line, " \t")
		if len(trimmed) > 0 && len(trimmed) < len(line) {
			return string(line[:len(line)-len(trimmed)])
		}
	}
	return "  "
}

// splice replaces data[start:end] with text and parses the result again.
func (d *doc) splice(start, end int, text string) error {
	data := make([]byte, 0, len(d.data)-(end-start)+len(text))
	data = append(append(append(data, d.data[:start]...), text...), d.data[end:]...)
	root, err := parseDocComments(data, d.comments)
	if err != nil {
		return fmt.Errorf("internal error: an edit made the file invalid (%v)", err)
	}
	d.data, d.root = data, root
	return nil
}

// lineIndent returns the white space that starts the line holding offset off.
func (d *doc) lineIndent(off int) string {
	start := bytes.LastIndexByte(d.data[:off], '\n') + 1
	end := start
	for end < len(d.data) && (d.data[end] == ' ' || d.data[end] == '\t') {
		end++
	}
	return string(d.data[start:end])
}

// childIndent is the indentation of the entries of container c: that of its first entry when
// it sits on a line of its own, else one level deeper than c's line.
func (d *doc) childIndent(c *node) string {
	if items := c.items(); len(items) > 0 && bytes.ContainsRune(d.data[c.start:items[0][0]], '\n') {
		return d.lineIndent(items[0][0])
	}
	return d.lineIndent(c.start) + d.unit
}

// format writes v as JSON laid out for a place indented by indent.
func (d *doc) format(v any, indent string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if !d.compact {
		enc.SetIndent(indent, d.unit)
	}
	if err := enc.Encode(v); err != nil {
		panic(err) // only the package's own values are formatted
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// add appends v to the array c, or, with a key, the member key: v to the object c.
func (d *doc) add(c *node, key string, v any) error {
	indent := d.childIndent(c)
	text := d.format(v, indent)
	if c.kind == '{' {
		colon := ": "
		if d.compact {
			colon = ":"
		}
		text = d.format(key, "") + colon + text
	}
	items := c.items()
	if len(items) == 0 {
		inner := d.data[c.start+1 : c.end-1]
		switch {
		case len(bytes.TrimSpace(inner)) > 0: // only a comment: it stays, the entry goes after it
			if nl := bytes.LastIndexByte(inner, '\n'); nl >= 0 {
				at := c.start + 1 + nl + 1
				return d.splice(at, at, indent+text+"\n")
			}
			return d.splice(c.end-1, c.end-1, "\n"+indent+text+"\n"+d.lineIndent(c.start))
		case d.compact:
			return d.splice(c.start+1, c.end-1, text)
		}
		return d.splice(c.start+1, c.end-1, "\n"+indent+text+"\n"+d.lineIndent(c.start))
	}
	last := items[len(items)-1][1]
	if bytes.ContainsRune(d.data[c.start:c.end], '\n') {
		return d.splice(last, last, ",\n"+indent+text)
	}
	sep := ","
	if bytes.Contains(d.data[c.start:c.end], []byte(", ")) {
		sep = ", "
	}
	return d.splice(last, last, sep+text)
}

// remove deletes entry i of container c with the separator that went with it, so the entries
// left keep their layout.
func (d *doc) remove(c *node, i int) error {
	items := c.items()
	switch {
	case len(items) == 1 && len(bytes.TrimSpace(d.data[c.start+1:items[0][0]])) == 0 && len(bytes.TrimSpace(d.data[items[0][1]:c.end-1])) == 0:
		return d.splice(c.start+1, c.end-1, "")
	case len(items) == 1: // a comment beside it stays, and the entry's own line goes
		start := items[0][0]
		for start > c.start+1 && (d.data[start-1] == ' ' || d.data[start-1] == '\t') {
			start--
		}
		if start > c.start+1 && d.data[start-1] == '\n' {
			start--
		}
		return d.splice(start, items[0][1], "")
	case i > 0:
		return d.splice(items[i-1][1], items[i][1], "")
	default:
		return d.splice(items[0][0], items[1][0], "")
	}
}

// replace puts v where the value n is.
func (d *doc) replace(n *node, v any) error {
	return d.splice(n.start, n.end, d.format(v, d.lineIndent(n.start)))
}

// object is a JSON object whose keys keep the order they are given in.
type object []field

type field struct {
	key string
	val any
}

// MarshalJSON writes the fields in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		v, err := marshalNoEscape(f.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

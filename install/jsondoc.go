package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// node is a JSON value of a settings file with the byte span it covers in the file's text, so
// that an edit can replace or remove exactly that span and leave every other byte as it was.
type node struct {
	kind       byte // '{', '[', '"', '0' for a number, 'v' for true, false or null
	start, end int  // data[start:end] is the value's text
	str        string
	members    []member // objects, in file order
	elems      []*node  // arrays
}

// member is one key of an object; its text starts at the key's opening quote.
type member struct {
	key      string
	keyStart int
	val      *node
}

// get returns the value of the object's key, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != '{' {
		return nil
	}
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// index returns the position of the key among the object's members, or -1.
func (n *node) index(key string) int {
	for i, m := range n.members {
		if m.key == key {
			return i
		}
	}
	return -1
}

// items returns the spans of the container's entries: a member from its key to its value's
// end, an element as itself.
func (n *node) items() [][2]int {
	var out [][2]int
	for _, m := range n.members {
		out = append(out, [2]int{m.keyStart, m.val.end})
	}
	for _, e := range n.elems {
		out = append(out, [2]int{e.start, e.end})
	}
	return out
}

// kindName names a value's type for messages.
func (n *node) kindName() string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case '0':
		return "a number"
	}
	return "true, false or null"
}

// SyntaxError is a settings file that is not valid JSON, located by line and column.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// parseDoc parses data into a span tree. It is strict where a person's agent might read the
// file differently from hookctl: a repeated key, or text after the value, is an error.
func parseDoc(data []byte) (*node, error) { return parseDocComments(data, false) }

// parseDocComments is parseDoc that, with comments, also reads the `//` and `/* */` comments an
// agent such as Gemini CLI accepts in its settings. The comments are read as white space of
// the same length, so every span points into the text as written, and an edit that splices
// the text keeps each comment byte for byte.
func parseDocComments(data []byte, comments bool) (*node, error) {
	text := data
	if comments {
		text = blankComments(data)
	}
	p := &parser{data: text, dec: json.NewDecoder(bytes.NewReader(text))}
	p.dec.UseNumber()
	n, err := p.value()
	if err != nil {
		return nil, p.locate(err)
	}
	if rest := bytes.TrimLeft(text[p.off:], " \t\r\n"); len(rest) > 0 {
		return nil, p.errorAt(len(text)-len(rest), "unexpected text after the JSON value")
	}
	return n, nil
}

// blankComments returns a copy of data with each comment outside a string replaced by spaces
// (its line breaks kept, so lines and columns stay). An unterminated block comment is left as
// it is, for the parser to report.
func blankComments(data []byte) []byte {
	out := bytes.Clone(data)
	for _, c := range commentSpans(data) {
		for i := c[0]; i < c[1]; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}

// commentSpans returns where the comments outside strings are: `//` to the end of its line,
// `/*` to the next `*/`; an unterminated block comment is none.
func commentSpans(data []byte) [][2]int {
	var out [][2]int
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			end := bytes.IndexByte(data[i:], '\n')
			if end < 0 {
				end = len(data) - i
			}
			out = append(out, [2]int{i, i + end})
			i += end
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			out = append(out, [2]int{i, i + 2 + end + 2})
			i += 2 + end + 1
		}
	}
	return out
}

type parser struct {
	data []byte
	dec  *json.Decoder
	off  int // the end of the last token read
}

// errAt is an error at a byte offset, turned into a SyntaxError by locate.
type errAt struct {
	off int
	msg string
}

func (e *errAt) Error() string { return e.msg }

func (p *parser) errorAt(off int, format string, args ...any) error {
	return p.locate(&errAt{off, fmt.Sprintf(format, args...)})
}

// locate turns the decoder's errors, which count bytes, into a line and column.
func (p *parser) locate(err error) error {
	var se *SyntaxError
	if errors.As(err, &se) {
		return se
	}
	off, msg := len(p.data), err.Error()
	var at *errAt
	if errors.As(err, &at) {
		off = at.off
	} else {
		// The decoder's offsets are off by one in some states; the scanner behind Unmarshal
		// counts the same way everywhere: the offending byte is the Offset-th.
		var raw json.RawMessage
		var syn *json.SyntaxError
		if errors.As(json.Unmarshal(p.data, &raw), &syn) {
			off, msg = int(syn.Offset)-1, syn.Error()
			if strings.HasPrefix(msg, "unexpected end") {
				off, msg = len(p.data), "unexpected end of the file"
			}
		}
	}
	if off < len(p.data) && p.data[off] == '/' {
		msg += " (a comment? settings files are edited as strict JSON, which has none)"
	}
	line, col := position(p.data, off)
	return &SyntaxError{Line: line, Col: col, Msg: msg}
}

// position returns the line and column (both from 1, the column in bytes) of a byte offset.
func position(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line, col = 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// skipSpace returns the offset of the next byte at or after off that is not JSON white space
// nor the one ',' or ':' the decoder consumes before a token.
func skipSpace(data []byte, off int) int {
	for off < len(data) {
		switch data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// token reads the next token and the offset where it starts.
func (p *parser) token() (json.Token, int, error) {
	start := skipSpace(p.data, p.off)
	tok, err := p.dec.Token()
	if err != nil {
		return nil, start, err
	}
	p.off = int(p.dec.InputOffset())
	return tok, start, nil
}

func (p *parser) value() (*node, error) {
	tok, start, err := p.token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return p.object(start)
		}
		return p.array(start)
	case string:
		return &node{kind: '"', start: start, end: p.off, str: t}, nil
	case json.Number:
		return &node{kind: '0', start: start, end: p.off}, nil
	}
	return &node{kind: 'v', start: start, end: p.off}, nil
}

func (p *parser) object(start int) (*node, error) {
	n := &node{kind: '{', start: start}
	seen := map[string]int{}
	for p.dec.More() {
		tok, keyStart, err := p.token()
		if err != nil {
			return nil, err
		}
		key := tok.(string) // the decoder allows nothing else here
		if first, dup := seen[key]; dup {
			line, _ := position(p.data, first)
			return nil, p.errorAt(keyStart, "key %q repeated (first on line %d): the agent and hookctl might read different values", key, line)
		}
		seen[key] = keyStart
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		n.members = append(n.members, member{key: key, keyStart: keyStart, val: val})
	}
	if _, _, err := p.token(); err != nil { // '}'
		return nil, err
	}
	n.end = p.off
	return n, nil
}

func (p *parser) array(start int) (*node, error) {
	n := &node{kind: '[', start: start}
	for p.dec.More() {
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		n.elems = append(n.elems, val)
	}
	if _, _, err := p.token(); err != nil { // ']'
		return nil, err
	}
	n.end = p.off
	return n, nil
}

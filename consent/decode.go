package consent

import (
	"errors"
	"fmt"
	"strconv"
	"unsafe"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// The allowlist is read on every run, so its decoder is a small strict parser of exactly the
// file's shape rather than encoding/json's reflection, which costs several milliseconds for a
// thousand approvals. Anything unexpected (an unknown or repeated key, a wrong type, a
// fraction where an integer belongs, trailing data) is an error: a damaged file approves
// nothing. Strings follow encoding/json: escapes are decoded and invalid UTF-8 is replaced.

type parser struct {
	data []byte
	pos  int
}

func (p *parser) fail(format string, args ...any) error {
	if p.pos >= len(p.data) {
		return fmt.Errorf("unexpected end of the file (truncated?): %s", fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *parser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// end reports whether only white space is left.
func (p *parser) end() bool {
	p.space()
	return p.pos >= len(p.data)
}

// peek returns the next non-space byte, 0 at the end (a NUL byte in the file is never
// valid where peek is used, so the two need no telling apart there).
func (p *parser) peek() byte {
	p.space()
	if p.pos < len(p.data) {
		return p.data[p.pos]
	}
	return 0
}

func (p *parser) expect(c byte) error {
	if p.peek() != c {
		return p.fail("want %q", c)
	}
	p.pos++
	return nil
}

// literal consumes word (null, true, false) when it comes next.
func (p *parser) literal(word string) bool {
	p.space()
	if len(p.data)-p.pos >= len(word) && string(p.data[p.pos:p.pos+len(word)]) == word {
		p.pos += len(word)
		return true
	}
	return false
}

// members iterates over an object's keys: it consumes '{' on the first call (first true),
// then the ',' or '}' before each further key, and the ':' after it. done is set at '}'. A
// repeated key is an error; seen records the keys so far (objects here have at most five).
func (p *parser) member(first bool, seen *keySet) (key string, done bool, err error) {
	if first {
		if err := p.expect('{'); err != nil {
			return "", false, err
		}
		if p.peek() == '}' {
			p.pos++
			return "", true, nil
		}
	} else {
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return "", true, nil
		default:
			return "", false, p.fail("want ',' or '}'")
		}
	}
	if key, err = p.str(); err != nil {
		return "", false, err
	}
	for _, k := range seen.keys[:seen.n] {
		if k == key {
			return "", false, p.fail("key %q repeated", key)
		}
	}
	if seen.n == len(seen.keys) {
		return "", false, p.fail("too many keys")
	}
	seen.keys[seen.n] = key
	seen.n++
	return key, false, p.expect(':')
}

// keySet holds the keys of one object so far; it lives on the stack. The file's objects have
// at most five keys, so more is an error anyway (one of them would be unknown or repeated).
type keySet struct {
	keys [6]string
	n    int
}

// element advances through an array: on the first call (first true) it consumes '[' (or
// null, an empty array), then the ',' or ']' before each further element. done is set at the end.
func (p *parser) element(first bool) (done bool, err error) {
	if first {
		if p.literal("null") {
			return true, nil
		}
		if err := p.expect('['); err != nil {
			return false, err
		}
		if p.peek() == ']' {
			p.pos++
			return true, nil
		}
		return false, nil
	}
	switch p.peek() {
	case ',':
		p.pos++
		return false, nil
	case ']':
		p.pos++
		return true, nil
	}
	return false, p.fail("want ',' or ']'")
}

// plain marks the bytes a string can hold as they are: printable ASCII but '"' and '\\'.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// strOrNull parses a string; null reads as "", as encoding/json does.
func (p *parser) strOrNull() (string, error) {
	if p.literal("null") {
		return "", nil
	}
	return p.str()
}

func (p *parser) str() (string, error) {
	if err := p.expect('"'); err != nil {
		return "", err
	}
	start := p.pos
	// The common case, a short ASCII string with no escape, takes one pass with one table
	// look-up a byte and is returned without a copy: the string shares the file's bytes,
	// which Decode never changes.
	i := start
	for i < len(p.data) && plain[p.data[i]] {
		i++
	}
	if i < len(p.data) && p.data[i] == '"' {
		p.pos = i + 1
		if i == start {
			return "", nil
		}
		return unsafe.String(&p.data[start], i-start), nil
	}
	// Anything else (an escape, a control character, a byte above 0x7f) goes the long way.
	v, next, err := jsonx.ReadString(p.data, start-1)
	p.pos = next
	return v, err
}

// integer parses a JSON integer (no fraction or exponent) that fits an int64.
func (p *parser) integer() (int64, error) {
	p.space()
	start := p.pos
	if p.pos < len(p.data) && p.data[p.pos] == '-' {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == digits || (p.data[digits] == '0' && p.pos-digits > 1) {
		return 0, p.fail("want an integer")
	}
	if p.pos < len(p.data) {
		if c := p.data[p.pos]; c == '.' || c == 'e' || c == 'E' {
			return 0, p.fail("want an integer, not a fraction")
		}
	}
	return strconv.ParseInt(string(p.data[start:p.pos]), 10, 64)
}

// parseFile reads the allowlist's wire form.
func parseFile(data []byte) (version *int64, approvals []Approval, err error) {
	p := &parser{data: data}
	if p.end() {
		return nil, nil, errors.New("empty file")
	}
	err = p.object(func(key string) (bool, error) {
		switch key {
		case "version":
			if p.literal("null") {
				return true, nil
			}
			v, err := p.integer()
			version = &v
			return true, err
		case "approvals":
			approvals, err = p.approvals()
			return true, err
		}
		return false, nil
	})
	if err != nil {
		return nil, nil, err
	}
	if !p.end() {
		return nil, nil, p.fail("unexpected data after the JSON object")
	}
	return version, approvals, nil
}

// approvals reads the list of approvals, checking each.
func (p *parser) approvals() ([]Approval, error) {
	// Sized from the file: an approval takes some 300 bytes as Encode writes it.
	approvals := make([]Approval, 0, (len(p.data)-p.pos)/300+1)
	var pins []ScriptPin
	for first := true; ; first = false {
		done, err := p.element(first)
		if err != nil || done {
			return approvals, err
		}
		var w approvalJSON
		var wp pinJSON
		if err := p.approval(&w, &wp); err != nil {
			return nil, err
		}
		var pin *ScriptPin
		if w.Script != nil {
			if len(pins) == cap(pins) {
				pins = make([]ScriptPin, 0, 64) // pins come from slabs, not one by one
			}
			pins = pins[:len(pins)+1]
			pin = &pins[len(pins)-1]
		}
		ap, err := w.toApproval(pin)
		if err != nil {
			return nil, fmt.Errorf("approval %d: %w", len(approvals), err)
		}
		approvals = append(approvals, ap)
	}
}

// object reads an object's members, calling read for each key; read reports whether it
// knows the key, and an unknown one is an error.
func (p *parser) object(read func(key string) (known bool, err error)) error {
	var seen keySet
	for first := true; ; first = false {
		key, done, err := p.member(first, &seen)
		if err != nil || done {
			return err
		}
		known, err := read(key)
		if err == nil && !known {
			err = p.fail("unknown key %q", key)
		}
		if err != nil {
			return err
		}
	}
}

func (p *parser) approval(w *approvalJSON, pin *pinJSON) error {
	// hookctl writes every approval with the same keys in the same order: read that layout
	// directly, without collecting keys, and fall back to the general reader at any difference.
	start := p.pos
	if p.canonicalApproval(w, pin) {
		return nil
	}
	p.pos, *w, *pin = start, approvalJSON{}, pinJSON{}
	return p.anyApproval(w, pin)
}

// key consumes `"name":` (white space allowed around the colon) when it comes next.
func (p *parser) key(name string) bool {
	p.space()
	end := p.pos + len(name) + 2
	if end > len(p.data) || p.data[p.pos] != '"' || string(p.data[p.pos+1:end-1]) != name || p.data[end-1] != '"' {
		return false
	}
	p.pos = end
	p.space()
	if p.pos >= len(p.data) || p.data[p.pos] != ':' {
		return false
	}
	p.pos++
	return true
}

// sep consumes c (',' or '}') when it comes next.
func (p *parser) sep(c byte) bool {
	if p.peek() != c {
		return false
	}
	p.pos++
	return true
}

// canonicalApproval reads an approval laid out as Encode writes it. False means "not in that
// layout" (or an error), and the caller reads it again the general way, which reports errors.
func (p *parser) canonicalApproval(w *approvalJSON, pin *pinJSON) bool {
	var err error
	str := func(dst *string) bool {
		p.space()
		*dst, err = p.str()
		return err == nil
	}
	if !p.sep('{') || !p.key("event") || !str(&w.Event) || !p.sep(',') ||
		!p.key("command") || !str(&w.Command) || !p.sep(',') ||
		!p.key("matcher") || !str(&w.Matcher) || !p.sep(',') ||
		!p.key("approved_at") || !str(&w.ApprovedAt) || !p.sep(',') || !p.key("script") {
		return false
	}
	if p.literal("null") {
		return p.sep('}')
	}
	if !p.sep('{') || !p.key("path") || !str(&pin.Path) || !p.sep(',') ||
		!p.key("sha256") || !str(&pin.SHA256) || !p.sep(',') || !p.key("size") {
		return false
	}
	if pin.Size, err = p.integer(); err != nil {
		return false
	}
	if !p.sep(',') || !p.key("mtime") || !str(&pin.Mtime) || !p.sep('}') || !p.sep('}') {
		return false
	}
	w.Script = pin
	return true
}

// anyApproval reads an approval whatever the order of its keys.
func (p *parser) anyApproval(w *approvalJSON, pin *pinJSON) error {
	return p.object(func(key string) (known bool, err error) {
		switch key {
		case "event":
			w.Event, err = p.strOrNull()
		case "command":
			w.Command, err = p.strOrNull()
		case "matcher":
			w.Matcher, err = p.strOrNull()
		case "approved_at":
			w.ApprovedAt, err = p.strOrNull()
		case "script":
			if !p.literal("null") {
				w.Script = pin
				err = p.pin(pin)
			}
		default:
			return false, nil
		}
		return true, err
	})
}

func (p *parser) pin(s *pinJSON) error {
	return p.object(func(key string) (known bool, err error) {
		switch key {
		case "path":
			s.Path, err = p.strOrNull()
		case "sha256":
			s.SHA256, err = p.strOrNull()
		case "mtime":
			s.Mtime, err = p.strOrNull()
		case "size":
			if !p.literal("null") {
				s.Size, err = p.integer()
			}
		default:
			return false, nil
		}
		return true, err
	})
}

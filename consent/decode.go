package consent

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
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

// peek returns the next non-space byte, 0 at the end.
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

// object parses {"key": value, ...}, calling member for each key; a repeated key is an error.
func (p *parser) object(member func(key string) error) error {
	if err := p.expect('{'); err != nil {
		return err
	}
	if p.peek() == '}' {
		p.pos++
		return nil
	}
	var seen [8]string // the file's objects have at most five keys: no map needed
	n := 0
	for {
		key, err := p.str()
		if err != nil {
			return err
		}
		for _, k := range seen[:n] {
			if k == key {
				return p.fail("key %q repeated", key)
			}
		}
		if n < len(seen) {
			seen[n] = key
			n++
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		if err := member(key); err != nil {
			return err
		}
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return nil
		default:
			return p.fail("want ',' or '}'")
		}
	}
}

// array parses [value, ...], calling item for each element; null is an empty array.
func (p *parser) array(item func() error) error {
	if p.literal("null") {
		return nil
	}
	if err := p.expect('['); err != nil {
		return err
	}
	if p.peek() == ']' {
		p.pos++
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		switch p.peek() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return nil
		default:
			return p.fail("want ',' or ']'")
		}
	}
}

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
	// The common case: no escapes and valid UTF-8, returned as a plain slice copy.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := p.data[start:p.pos]
			p.pos++
			if utf8.Valid(s) {
				return string(s), nil
			}
			return string([]rune(string(s))), nil // invalid bytes become U+FFFD
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.pos++
	}
	buf := append([]byte(nil), p.data[start:p.pos]...)
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			if !utf8.Valid(buf) {
				return string([]rune(string(buf))), nil
			}
			return string(buf), nil
		case c < 0x20:
			return "", p.fail("control character in string")
		case c != '\\':
			buf = append(buf, c)
			p.pos++
			continue
		}
		p.pos++
		if p.pos >= len(p.data) {
			break
		}
		e := p.data[p.pos]
		p.pos++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.fail("bad \\u escape")
			}
			if utf16.IsSurrogate(r) {
				// A pair makes one character; a lone half is replaced, as encoding/json does.
				save := p.pos
				if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
					p.pos += 2
					if r2, ok := p.hex4(); ok {
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							buf = utf8.AppendRune(buf, d)
							continue
						}
					}
				}
				p.pos = save
				r = utf8.RuneError
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", p.fail("bad escape \\%c", e)
		}
	}
	return "", p.fail("unterminated string")
}

func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(v), true
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
func parseFile(data []byte) (version *int64, approvals []approvalJSON, err error) {
	p := &parser{data: data}
	if p.peek() == 0 {
		return nil, nil, errors.New("empty file")
	}
	err = p.object(func(key string) error {
		switch key {
		case "version":
			if p.literal("null") {
				return nil
			}
			v, err := p.integer()
			version = &v
			return err
		case "approvals":
			return p.array(func() error {
				var w approvalJSON
				err := p.approval(&w)
				approvals = append(approvals, w)
				return err
			})
		}
		return p.fail("unknown key %q", key)
	})
	if err != nil {
		return nil, nil, err
	}
	if p.peek() != 0 {
		return nil, nil, p.fail("unexpected data after the JSON object")
	}
	return version, approvals, nil
}

func (p *parser) approval(w *approvalJSON) error {
	return p.object(func(key string) (err error) {
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
			if p.literal("null") {
				return nil
			}
			w.Script = &pinJSON{}
			err = p.pin(w.Script)
		default:
			err = p.fail("unknown key %q", key)
		}
		return err
	})
}

func (p *parser) pin(s *pinJSON) error {
	return p.object(func(key string) (err error) {
		switch key {
		case "path":
			s.Path, err = p.strOrNull()
		case "sha256":
			s.SHA256, err = p.strOrNull()
		case "mtime":
			s.Mtime, err = p.strOrNull()
		case "size":
			if p.literal("null") {
				return nil
			}
			s.Size, err = p.integer()
		default:
			err = p.fail("unknown key %q", key)
		}
		return err
	})
}

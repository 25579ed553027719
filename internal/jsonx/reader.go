package jsonx

import (
	"fmt"
	"strconv"
	"unsafe"
)

// Reader reads one JSON document of a shape known in advance, strictly and in order: the
// caller asks for the value it expects next (an object, an array, a string, an integer, null),
// and anything else is a *SyntaxError. Objects are walked member by member, and a key repeated
// in one object is an error, so a decoder built on it never has to choose which of two values
// to believe. The allowlist decoder is built on it.
type Reader struct {
	s scanner
	// borrow makes strings without escapes share the input's bytes instead of copying them.
	borrow bool
}

// NewReader reads data, which the Reader never changes.
func NewReader(data []byte) *Reader { return &Reader{s: scanner{data: data}} }

// NewBorrowingReader is NewReader for a buffer that nobody changes while the strings read
// from it are in use: strings without escapes are returned without a copy, sharing its bytes.
// Decoding an allowlist of 1,000 approvals allocates a third as much this way.
func NewBorrowingReader(data []byte) *Reader {
	return &Reader{s: scanner{data: data}, borrow: true}
}

// Errorf returns a SyntaxError at the current position, for the caller's own checks (an
// unknown key, say).
func (r *Reader) Errorf(format string, args ...any) error {
	return r.fail(fmt.Sprintf(format, args...))
}

func (r *Reader) fail(msg string) error { return r.s.fail(msg) }

// AtEnd reports whether only white space is left.
func (r *Reader) AtEnd() bool {
	r.s.space()
	return r.s.pos >= len(r.s.data)
}

// End checks that only white space is left.
func (r *Reader) End() error {
	if !r.AtEnd() {
		return r.fail("unexpected data after the JSON value")
	}
	return nil
}

// next returns the next non-space byte, 0 at the end of the input.
func (r *Reader) next() byte {
	r.s.space()
	return r.s.peek()
}

func (r *Reader) expect(c byte) error {
	if r.next() != c {
		return r.fail(fmt.Sprintf("want %q", c))
	}
	r.s.pos++
	return nil
}

// Null consumes null when it comes next and reports whether it did.
func (r *Reader) Null() bool {
	r.s.space()
	if len(r.s.data)-r.s.pos >= 4 && string(r.s.data[r.s.pos:r.s.pos+4]) == "null" {
		r.s.pos += 4
		return true
	}
	return false
}

// Bool reads true or false.
func (r *Reader) Bool() (bool, error) {
	r.s.space()
	rest := r.s.data[r.s.pos:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		r.s.pos += 4
		return true, nil
	case len(rest) >= 5 && string(rest[:5]) == "false":
		r.s.pos += 5
		return false, nil
	}
	return false, r.fail("want true or false")
}

// String reads a string, decoding escapes and replacing invalid UTF-8 as encoding/json does.
func (r *Reader) String() (string, error) {
	if err := r.expect('"'); err != nil {
		return "", err
	}
	start := r.s.pos
	if r.borrow {
		// The common case, printable ASCII with no escape, is one pass with a table look-up a
		// byte, returned without a copy.
		i := start
		for i < len(r.s.data) && plain(r.s.data[i]) {
			i++
		}
		if i < len(r.s.data) && r.s.data[i] == '"' {
			r.s.pos = i + 1
			if i == start {
				return "", nil
			}
			return unsafe.String(&r.s.data[start], i-start), nil
		}
	}
	r.s.pos = start - 1
	return r.s.str()
}

// StringOrNull reads a string; null reads as "", as encoding/json does.
func (r *Reader) StringOrNull() (string, error) {
	if r.Null() {
		return "", nil
	}
	return r.String()
}

// Int reads an integer (no fraction, no exponent) that fits an int64.
func (r *Reader) Int() (int64, error) {
	r.s.space()
	start := r.s.pos
	d := r.s.data
	if r.s.pos < len(d) && d[r.s.pos] == '-' {
		r.s.pos++
	}
	digits := r.s.pos
	r.s.digits()
	if r.s.pos == digits || (d[digits] == '0' && r.s.pos-digits > 1) {
		return 0, r.fail("want an integer")
	}
	if c := r.s.peek(); c == '.' || c == 'e' || c == 'E' {
		return 0, r.fail("want an integer, not a fraction")
	}
	n, err := strconv.ParseInt(string(d[start:r.s.pos]), 10, 64)
	if err != nil {
		return 0, r.fail("integer out of range")
	}
	return n, nil
}

// Object reads an object, calling member with each key; member must read the key's value.
// A key repeated in the object is an error.
func (r *Reader) Object(member func(key string) error) error {
	if err := r.expect('{'); err != nil {
		return err
	}
	if r.next() == '}' {
		r.s.pos++
		return nil
	}
	var seen keys
	for {
		key, err := r.String()
		if err != nil {
			return err
		}
		if seen.add(key) {
			return r.fail(fmt.Sprintf("key %q repeated", key))
		}
		if err := r.expect(':'); err != nil {
			return err
		}
		if err := member(key); err != nil {
			return err
		}
		switch r.next() {
		case ',':
			r.s.pos++
		case '}':
			r.s.pos++
			return nil
		default:
			return r.fail("want ',' or '}'")
		}
	}
}

// Array reads an array, calling elem for each element; elem must read it. null reads as an
// empty array, as encoding/json reads it into a slice.
func (r *Reader) Array(elem func() error) error {
	if r.Null() {
		return nil
	}
	if err := r.expect('['); err != nil {
		return err
	}
	if r.next() == ']' {
		r.s.pos++
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		switch r.next() {
		case ',':
			r.s.pos++
		case ']':
			r.s.pos++
			return nil
		default:
			return r.fail("want ',' or ']'")
		}
	}
}

// keys holds the keys of one object read so far. The objects Reader serves have a handful of
// keys, so a few live on the stack and a map takes over past them.
type keys struct {
	few  [8]string
	n    int
	many map[string]struct{}
}

// add records key and reports whether it was there already.
func (k *keys) add(key string) bool {
	for _, s := range k.few[:k.n] {
		if s == key {
			return true
		}
	}
	if k.n < len(k.few) {
		k.few[k.n] = key
		k.n++
		return false
	}
	if k.many == nil {
		k.many = make(map[string]struct{})
	}
	if _, ok := k.many[key]; ok {
		return true
	}
	k.many[key] = struct{}{}
	return false
}

// plain reports whether a string holds byte c as it is: printable ASCII but '"' and '\\'.
// A bit set in two words, static data: the [256]bool table it replaces was built by an init
// function that every command ran at start-up.
func plain(c byte) bool { return c < 0x80 && plainBits[c>>6]&(1<<(c&63)) != 0 }

// plainBits has bit c%64 of word c/64 set for each plain byte c: 0x20-0x3f but '"' (0x22),
// and 0x40-0x7f but '\\' (0x5c).
var plainBits = [2]uint64{0xffff_fffb_0000_0000, ^uint64(1 << ('\\' - 0x40))}

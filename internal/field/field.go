// Package field reads the fields of a hook's JSON payload for `hookctl field`, so that a
// guard needs only POSIX sh and hookctl (SPEC 28.19): a field's text, and sh assignments a
// payload cannot put a command into.
package field

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Want is one field asked for: the variable it is assigned to (with --sh) and its dotted path.
type Want struct{ Name, Path string }

// Wants reads the words of `hookctl field`: each a PATH, or with asShell a NAME=PATH whose NAME
// is a shell variable name.
func Wants(words []string, asShell bool) ([]Want, error) {
	var wants []Want
	for _, w := range words {
		if !asShell {
			wants = append(wants, Want{Path: w})
			continue
		}
		name, path, ok := strings.Cut(w, "=")
		if !ok || !shellName(name) {
			return nil, fmt.Errorf("--sh takes NAME=PATH words with NAME a shell variable name, not %q", w)
		}
		wants = append(wants, Want{name, path})
	}
	return wants, nil
}

// Print is the line `hookctl field` prints for wants from doc: the first field's text, or with
// asShell every field as NAME='value', single-quoted for sh's eval, on one line.
func Print(doc map[string]any, wants []Want, asShell bool) (string, error) {
	var out strings.Builder
	for i, w := range wants {
		v, err := Text(doc, w.Path)
		if err != nil {
			return "", err
		}
		if !asShell {
			out.WriteString(v)
			break
		}
		if i > 0 {
			out.WriteByte(' ')
		}
		out.WriteString(Assign(w.Name, v))
	}
	out.WriteByte('\n')
	return out.String(), nil
}

// Assign is name='value' for sh: always single-quoted, as nothing inside is special to sh but
// the quote itself.
func Assign(name, value string) string {
	return name + "='" + strings.ReplaceAll(value, "'", `'\''`) + "'"
}

// Read reads r whole, as far as limit bytes, as one JSON object.
func Read(r io.Reader, limit int) (map[string]any, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("reading the payload: %w", err)
	}
	if len(data) > limit {
		return nil, fmt.Errorf("the payload is larger than %d MiB", limit>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number prints as it was written
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("the payload is not JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("the payload is not one JSON value: more follows it")
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the payload is not a JSON object")
	}
	return obj, nil
}

// Text is the text of the field at the dotted path: "" when it is missing or null.
func Text(doc map[string]any, path string) (string, error) {
	var v any = doc
	for _, key := range strings.Split(path, ".") {
		switch c := v.(type) {
		case map[string]any:
			v = c[key]
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(c) {
				return "", nil
			}
			v = c[i]
		default:
			return "", nil
		}
	}
	var text string
	switch c := v.(type) {
	case nil:
		return "", nil
	case string:
		text = c
	default:
		b, err := json.Marshal(c)
		if err != nil {
			return "", err
		}
		text = string(b)
	}
	if strings.IndexByte(text, 0) >= 0 {
		return "", fmt.Errorf("field %s holds a NUL character, which a shell cannot hold", path)
	}
	return text, nil
}

// shellName reports whether name is a shell variable name.
func shellName(name string) bool {
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for _, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

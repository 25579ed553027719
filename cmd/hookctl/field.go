package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// fieldCommand is `hookctl field`: a hook's script reads a field of its payload with hookctl
// itself, so a guard needs only POSIX sh and hookctl, never jq or python3 (SPEC 28.19).
func (a *app) fieldCommand() *cobra.Command {
	var asShell bool
	cmd := &cobra.Command{
		Use:   "field PATH | field --sh NAME=PATH...",
		Short: "Print a field of the JSON payload on stdin (for hook scripts: no jq needed)",
		Long: `Reads one JSON object (the payload a hook gets) on stdin and prints the field at PATH, a
dotted path of keys, with a number for an array's element (tool_input.edits.0.path).

A string prints as it is, followed by a newline; a number, true, false, an object or an array
prints as compact JSON; a missing field or null prints as an empty line, so a script reads "".
With --sh, each NAME=PATH prints NAME='value' quoted for sh, all on one line, for eval: one
process reads every field a guard needs.

Exit status 1 when stdin is not a JSON object, is larger than 64 MiB, or a field holds a NUL
character (a shell cannot hold one): a guard that cannot read its call must not allow it.
Exit status 2 for a usage error.`,
		Example: `  hookctl field tool_input.command < payload.json
  command=$(hookctl field tool_input.command) || exit 2
  fields=$(hookctl field --sh tool=tool_name command=tool_input.command cwd=cwd) || exit 2
  eval "$fields"`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || !asShell && len(args) > 1 {
				return usageErrorf("give one PATH, or --sh and NAME=PATH words (hookctl field --help)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.printFields(args, asShell)
		},
	}
	cmd.Flags().BoolVar(&asShell, "sh", false, "print NAME='value' assignments for sh's eval, one per NAME=PATH")
	return cmd
}

// printFields reads the payload and prints the fields the words name.
func (a *app) printFields(words []string, asShell bool) error {
	type want struct{ name, path string }
	var wants []want
	for _, w := range words {
		if !asShell {
			wants = append(wants, want{path: w})
			continue
		}
		name, path, ok := strings.Cut(w, "=")
		if !ok || !shellName(name) {
			return usageErrorf("--sh takes NAME=PATH words with NAME a shell variable name, not %q", w)
		}
		wants = append(wants, want{name, path})
	}
	doc, err := readPayloadObject(a.stdin)
	if err != nil {
		return failuref("%v", err)
	}
	var out bytes.Buffer
	for i, w := range wants {
		v, err := fieldText(doc, w.path)
		if err != nil {
			return failuref("%v", err)
		}
		if !asShell {
			out.WriteString(v)
			break
		}
		if i > 0 {
			out.WriteByte(' ')
		}
		// Always single-quoted: nothing inside is special to sh but the quote itself.
		out.WriteString(w.name + "='" + strings.ReplaceAll(v, "'", `'\''`) + "'")
	}
	out.WriteByte('\n')
	_, err = a.stdout.Write(out.Bytes())
	return err
}

// readPayloadObject reads stdin whole, as far as the payload limit, as one JSON object.
func readPayloadObject(r io.Reader) (map[string]any, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPayload+1))
	if err != nil {
		return nil, fmt.Errorf("reading the payload: %w", err)
	}
	if len(data) > maxPayload {
		return nil, fmt.Errorf("the payload is larger than %d MiB", maxPayload>>20)
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

// fieldText is the text of the field at the dotted path: "" when it is missing or null.
func fieldText(doc map[string]any, path string) (string, error) {
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

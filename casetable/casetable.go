// Package casetable reads a table of tool calls with the verdict each should get (the file
// `hookctl hooks test --cases` runs) and judges a dispatch's result against a case.
package casetable

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/suggest"
)

// Expectations are the verdicts a case may expect, in the words `hooks test` prints.
var Expectations = []string{"allow", "block", "ask", "modify"}

// fields are the keys a case may have.
var fields = []string{"name", "agent", "cwd", "command", "tool", "input", "expect"}

// Case is one row of a table: a shell command or a tool call, as one agent sends it, and the
// verdict the configured hooks should give it.
type Case struct {
	Line    int    // the line of the case's first key, for reports
	Name    string // what the report calls the case; "" for its command or tool
	Agent   string // the agent whose shape the call has; "" for hookctl's own protocol
	Cwd     string // the folder the agent says it runs in; "" for the working folder
	Command string // the shell tool's command, when the case is a shell call
	Tool    string // the tool's name, when the case is another tool's call
	// Input is the tool's input as a JSON object, in the agent's own keys (nil for none).
	Input  json.RawMessage
	Expect string
}

// Label is how a report names the case: its name, else its command or tool.
func (c Case) Label() string {
	switch {
	case c.Name != "":
		return c.Name
	case c.Command != "":
		return c.Command
	}
	return c.Tool + " " + string(c.Input)
}

// maxSize bounds the table read whole: far more than any table of hand-written cases.
const maxSize = 4 << 20

// Parse reads a table: a YAML list of cases. Every problem is an error naming the file, line
// and column, and the field at fault.
func Parse(file string, data []byte) ([]Case, error) {
	if len(data) > maxSize {
		return nil, fmt.Errorf("%s: the table is larger than %d bytes", file, maxSize)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, yamlError(err))
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: the table has no cases; write a YAML list of cases (see hookctl hooks test --help)", file)
	}
	list := doc.Content[0]
	if list.Kind != yaml.SequenceNode {
		return nil, at(file, list, "the table must be a YAML list of cases (- command: ...)")
	}
	if len(list.Content) == 0 {
		return nil, at(file, list, "the table has no cases")
	}
	out := make([]Case, 0, len(list.Content))
	for _, n := range list.Content {
		c, err := parseCase(file, n)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// yamlError drops the package's prefix from a YAML syntax error, which names its line.
func yamlError(err error) error {
	return errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
}

func at(file string, n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", file, n.Line, n.Column, fmt.Sprintf(format, args...))
}

func parseCase(file string, n *yaml.Node) (Case, error) {
	c := Case{Line: n.Line}
	if n.Kind != yaml.MappingNode {
		return c, at(file, n, "a case is a map of %s", strings.Join(fields, ", "))
	}
	nodes := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if nodes[k.Value] != nil {
			return c, at(file, k, "%s: given twice in one case", k.Value)
		}
		nodes[k.Value] = v
		if err := c.set(file, k, v); err != nil {
			return c, err
		}
	}
	where := func(field string) *yaml.Node {
		if v := nodes[field]; v != nil {
			return v
		}
		return n
	}
	return c, c.check(file, where)
}

// set reads one key of a case.
func (c *Case) set(file string, k, v *yaml.Node) error {
	if k.Value == "input" {
		return c.setInput(file, v)
	}
	dst := map[string]*string{"name": &c.Name, "agent": &c.Agent, "cwd": &c.Cwd, "command": &c.Command,
		"tool": &c.Tool, "expect": &c.Expect}[k.Value]
	if dst == nil {
		if s := suggest.Closest(k.Value, fields); s != "" {
			return at(file, k, "unknown field %q (did you mean %s?)", k.Value, s)
		}
		return at(file, k, "unknown field %q (a case has %s)", k.Value, strings.Join(fields, ", "))
	}
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		return at(file, v, "%s: want a string", k.Value)
	}
	if strings.ContainsRune(v.Value, 0) {
		return at(file, v, "%s: contains a NUL byte", k.Value)
	}
	*dst = v.Value
	return nil
}

func (c *Case) setInput(file string, v *yaml.Node) error {
	if v.Kind != yaml.MappingNode {
		return at(file, v, "input: want a map of the tool's input keys (file_path: ...)")
	}
	var m map[string]any
	if err := v.Decode(&m); err != nil {
		return at(file, v, "input: %v", yamlError(err))
	}
	b, err := marshal(m)
	if err != nil {
		return at(file, v, "input: %v", err)
	}
	c.Input = b
	return nil
}

// marshal encodes the input with no HTML escaping, as an agent would send it.
func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// agentErr is the error of an agent name hookctl does not know, nil for a known one.
func agentErr(name string) error {
	_, err := agent.Lookup(name)
	return err
}

// check says what a case lacks or holds twice.
func (c *Case) check(file string, where func(string) *yaml.Node) error {
	switch {
	case c.Tool == "" && c.Input != nil:
		return at(file, where("input"), "tool: missing (input is the input of which tool?)")
	case c.Command == "" && c.Tool == "":
		return at(file, where("command"), "command: missing (or tool and input, for another tool's call)")
	case c.Command != "" && (c.Tool != "" || c.Input != nil):
		return at(file, where("tool"), "command: a case is a shell command or a tool call, not both (drop tool and input)")
	case c.Agent != "" && agentErr(c.Agent) != nil:
		return at(file, where("agent"), "agent: %v", agentErr(c.Agent))
	case c.Expect == "":
		return at(file, where("expect"), "expect: missing (one of %s)", strings.Join(Expectations, ", "))
	case !slices.Contains(Expectations, c.Expect):
		if s := suggest.Closest(c.Expect, Expectations); s != "" {
			return at(file, where("expect"), "expect: %q is not one of %s (did you mean %s?)", c.Expect, strings.Join(Expectations, ", "), s)
		}
		return at(file, where("expect"), "expect: %q is not one of %s", c.Expect, strings.Join(Expectations, ", "))
	}
	return nil
}

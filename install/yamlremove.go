package install

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/hookctl/hookctl/internal/safefile"
)

// RemoveFromConfig returns the config text with every entry that runs command taken out (`hookctl
// hooks remove`), under every event, and the events it was under. The rest of the text stays as
// written: the lines of each entry go, with the comment lines just above it, and an event left
// with no entry loses its key. An entry written in flow style is refused.
func RemoveFromConfig(data []byte, command string) ([]byte, []string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, fmt.Errorf("the config does not parse: %w", err)
	}
	if bytes.Contains(bytes.ReplaceAll(data, []byte("\r\n"), nil), []byte("\r")) {
		return nil, nil, errors.New("the config breaks lines with a lone CR; editing needs LF or CRLF line breaks")
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return data, nil, nil
	}
	_, hooks := lookup(doc.Content[0], "hooks")
	if hooks == nil || hooks.Kind != yaml.MappingNode {
		return data, nil, nil
	}
	e := &yamlText{lines: strings.Split(string(data), "\n")}
	var cuts [][2]int // line ranges, from 1, both ends included
	var events []string
	for i := 0; i+1 < len(hooks.Content); i += 2 {
		key, list := hooks.Content[i], hooks.Content[i+1]
		r, err := e.entriesOf(key, list, command)
		if err != nil {
			return nil, nil, err
		}
		if len(r) > 0 {
			events = append(events, key.Value)
			cuts = append(cuts, r...)
		}
	}
	if len(cuts) == 0 {
		return data, nil, nil
	}
	if hooks.Style&yaml.FlowStyle != 0 {
		return nil, nil, fmt.Errorf(`"hooks" %w`, errFlow)
	}
	return e.without(cuts), events, nil
}

// entriesOf is the line ranges of the entries of an event's list that run command: the whole
// event key when every entry does.
func (e *yamlText) entriesOf(key, list *yaml.Node, command string) ([][2]int, error) {
	if list.Kind != yaml.SequenceNode {
		return nil, nil
	}
	var out [][2]int
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			continue
		}
		if _, c := lookup(item, "command"); c == nil || c.Value != command {
			continue
		}
		if list.Style&yaml.FlowStyle != 0 || item.Style&yaml.FlowStyle != 0 {
			return nil, fmt.Errorf("hooks.%s %w", key.Value, errFlow)
		}
		out = append(out, [2]int{e.headComment(item.Line, list.Column), e.end(item, list.Column-1)})
	}
	if len(out) == len(list.Content) && len(out) > 0 {
		return [][2]int{{key.Line, e.end(list, key.Column-1)}}, nil
	}
	return out, nil
}

// headComment is the first line of the comment lines just above line that sit at the
// entry's dash (column, from 1), or line itself when there are none.
func (e *yamlText) headComment(line, column int) int {
	first := line
	for j := line - 1; j >= 1; j-- {
		l := strings.TrimRight(e.lines[j-1], "\r")
		trimmed := strings.TrimLeft(l, " ")
		if !strings.HasPrefix(trimmed, "#") || len(l)-len(trimmed) != column-1 {
			break
		}
		first = j
	}
	return first
}

// without returns the text with the line ranges taken out.
func (e *yamlText) without(cuts [][2]int) []byte {
	slices.SortFunc(cuts, func(a, b [2]int) int { return b[0] - a[0] })
	lines := slices.Clone(e.lines)
	for _, c := range cuts {
		lines = slices.Delete(lines, c[0]-1, min(c[1], len(lines)))
	}
	return []byte(strings.Join(lines, "\n"))
}

// RemoveFile takes every entry that runs command out of the config file at cfgPath, as
// RemoveFromConfig does, and returns the events it was under (none: the file is unchanged).
// check is given the new text and may refuse it: then nothing is written. The file is replaced
// atomically with its own mode; a config saved by someone else meanwhile is read again, up to
// three times.
func RemoveFile(cfgPath, command string, check func([]byte) error) ([]string, error) {
	for try := 0; ; try++ {
		events, err := removeOnce(cfgPath, command, check)
		if !errors.Is(err, errChanged) || try == 2 {
			return events, err
		}
	}
}

func removeOnce(cfgPath, command string, check func([]byte) error) ([]string, error) {
	old, mode, err := readConfigForEdit(cfgPath)
	if err != nil {
		return nil, err
	}
	out, events, err := RemoveFromConfig(old, command)
	if err != nil {
		return nil, fmt.Errorf("removing from %s: %w", cfgPath, err)
	}
	if len(events) == 0 {
		return nil, nil
	}
	if err := check(out); err != nil {
		return nil, err
	}
	if now, _, _ := readConfigForEdit(cfgPath); !bytes.Equal(now, old) {
		return nil, fmt.Errorf("%s %w", cfgPath, errChanged)
	}
	return events, safefile.WriteFile(cfgPath, out, mode)
}

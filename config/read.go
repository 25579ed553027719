package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/hookctl/hookctl/internal/lazy"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Options tune loading. The zero value reads the process environment.
type Options struct {
	// LookupEnv expands $VAR and ~ in commands; nil means os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// Event, when set, limits the checks to that event's entries: the whole file is still
	// parsed (a YAML syntax error is always seen) and the top-level keys read, but the entries
	// of other events are neither checked nor loaded, so their problems are not reported. A
	// run fires one event and needs no more (SPEC 17.5); list, doctor and validate read all.
	Event string
	// Layer marks every hook loaded (Hook.Layer); "" means LayerUser.
	Layer string
	// Root is the project's root when Layer is LayerProject (SPEC 20, 23.8): relative paths
	// resolve against it alone, and every file a command names must lie inside it.
	Root string
}

// maxConfig bounds the person's and a project's config (SPEC 23.3): ten thousand hooks fit.
const maxConfig = 1 << 20

// Load reads and validates the config file at path. A missing file is an empty config (no
// hooks, not an error); only an I/O failure is an error. Validation problems, YAML syntax
// errors included, are in Config.Problems and never stop the valid entries from loading.
func Load(path string, opts Options) (*Config, error) {
	data, _, err := safefile.ReadFile(path, maxConfig)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return empty(path), nil
		}
		return nil, fmt.Errorf("reading config %s: %w", path, err)
	}
	return Parse(path, data, opts), nil
}

func empty(path string) *Config {
	dir := filepath.Dir(path)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &Config{Path: path, Dir: dir, Parallel: true, Audit: true}
}

// Parse validates config data as if read from path.
func Parse(path string, data []byte, opts Options) *Config {
	c := empty(path)
	if opts.Layer == LayerProject {
		c.Dir, c.Root = opts.Root, opts.Root
	}
	l := &loader{cfg: c, lookup: opts.LookupEnv, only: opts.Event, layer: opts.Layer, reported: map[*yaml.Node]bool{}}
	if l.layer == "" {
		l.layer = LayerUser
	}
	if l.lookup == nil {
		l.lookup = os.LookupEnv
	}
	docs, err := decodeAll(data)
	if err != nil {
		line, msg := syntaxError(data, err)
		l.report(errorAtPos(line, 1, "YAML syntax error: %s (no hook of this file is loaded)", msg))
		c.Unreadable = true
		return c
	}
	if len(docs) == 0 || len(docs[0].Content) == 0 {
		return c // an empty file: no hooks
	}
	// Only one document is read; a second one must not vanish silently.
	for _, d := range docs[1:] {
		if len(d.Content) > 0 && !isNull(d.Content[0]) {
			l.report(errorAtPos(max(d.Line, 1), max(d.Column, 1), "a second YAML document starts here; only the first is read (its hooks are dropped)"))
			break
		}
	}
	l.top(docs[0].Content[0])
	sort.SliceStable(c.Problems, func(i, j int) bool {
		a, b := c.Problems[i], c.Problems[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return c
}

// decodeAll reads every YAML document of data: a syntax error in any of them fails the file.
func decodeAll(data []byte) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*yaml.Node
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return docs, nil
			}
			return docs, err
		}
		docs = append(docs, &doc)
	}
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

var yamlLineREOnce lazy.Value[*regexp.Regexp]

// Compiled on first use, not at start-up: most runs never need them.
func yamlLineRE() *regexp.Regexp {
	return yamlLineREOnce.Get(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`) })
}

func yamlErrorLine(err error) (int, string) {
	msg := err.Error()
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	m := yamlLineRE().FindStringSubmatch(msg)
	if m == nil {
		return 1, msg
	}
	line, _ := strconv.Atoi(m[1])
	if line == 0 {
		line = 1
	}
	return line, m[2]
}

// syntaxError locates a YAML syntax error. yaml.v3 names the line where the enclosing block
// starts (counted from 0 for parser errors), or no line at all, which can be far from the
// mistake. The mistake is on the last line of the shortest prefix of whole lines that fails with
// the same message; a binary search finds it in a few parses.
func syntaxError(data []byte, err error) (int, string) {
	yamlLine, msg := yamlErrorLine(err)
	var ends []int // ends[k] is the length of the first k+1 lines
	for i, b := range data {
		if b == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) == 0 || ends[len(ends)-1] != len(data) {
		ends = append(ends, len(data))
	}
	fails := func(k int) bool {
		_, err := decodeAll(data[:ends[k]])
		if err == nil {
			return false
		}
		_, m := yamlErrorLine(err)
		return m == msg
	}
	if !fails(len(ends) - 1) {
		return yamlLine, msg
	}
	k := sort.Search(len(ends)-1, fails)
	start := 0
	if k > 0 {
		start = ends[k-1]
	}
	if indent := data[start:ends[k]]; len(bytes.TrimLeft(indent, " \t")) < len(bytes.TrimLeft(indent, " ")) {
		msg += " (YAML indents with spaces, not tabs)"
	}
	return k + 1, msg
}

// Unread is the config of a file that could not be read at all: no hooks, and Unreadable, so
// that no recorded guard is found in it.
func Unread(path string) *Config {
	c := empty(path)
	c.Unreadable = true
	return c
}

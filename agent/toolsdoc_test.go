package agent

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the tool tables in docs/agents.md from the dialects' tool tables")

const (
	toolsDocBegin = "<!-- tool tables: written by `go test ./agent -run TestToolTablesInDocs -update-docs` -->\n"
	toolsDocEnd   = "<!-- end of tool tables -->\n"
)

// toolTablesMarkdown renders every agent's tool table: hookctl's names against each agent's,
// then the input keys that differ.
func toolTablesMarkdown() string {
	var agents []*Dialect
	for _, d := range Dialects() {
		if d.Name != Default {
			agents = append(agents, d)
		}
	}
	var b strings.Builder
	b.WriteString("| hookctl |")
	for _, d := range agents {
		b.WriteString(" " + d.Title + " |")
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---|", len(agents)))
	b.WriteString("\n")
	for _, name := range hookctlNames {
		b.WriteString("| `" + name + "` |")
		for _, d := range agents {
			var cell []string
			for _, r := range d.ToolRows() {
				if r.Hookctl == name {
					mark := ""
					if r.Seen {
						mark = " ✓"
					}
					cell = append(cell, "`"+r.Agent+"`"+mark)
				}
			}
			b.WriteString(" " + strings.Join(cell, ", ") + " |")
		}
		b.WriteString("\n")
	}
	// The MCP names each agent's hooks see, where the name carries the server.
	mcp := map[string]string{"claude-code": "`mcp__SERVER__TOOL`", "codex": "`mcp__SERVER__TOOL`", "gemini": "`mcp_SERVER_TOOL`"}
	b.WriteString("| MCP |")
	for _, d := range agents {
		b.WriteString(" " + orFirst(mcp[d.Name], "not translated") + " |")
	}
	b.WriteString("\n\n| agent | tool | hookctl's input keys (the agent's → hookctl's) |\n|---|---|---|\n")
	for _, d := range agents {
		for _, r := range d.ToolRows() {
			if len(r.Keys) == 0 {
				continue
			}
			var keys []string
			for _, k := range r.Keys {
				s := "`" + k.Agent + "` → `" + k.Hookctl + "`"
				switch k.Form {
				case Argv:
					s += " (an argv array becomes one command line)"
				case Lines:
					s += " (the list, a line each)"
				case Alternatives:
					s += " (the list as one alternation)"
				case Single:
					s += " (the `" + k.Elem + "` of the list's one entry)"
				}
				keys = append(keys, s)
			}
			b.WriteString("| " + d.Title + " | `" + r.Agent + "` | " + strings.Join(keys, ", ") + " |\n")
		}
	}
	return b.String()
}

// TestToolTablesInDocs keeps docs/agents.md's tool tables those of the code.
func TestToolTablesInDocs(t *testing.T) {
	path := "../docs/agents.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, toolsDocBegin), strings.Index(doc, toolsDocEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no tool tables between %q and %q", path, toolsDocBegin, toolsDocEnd)
	}
	want := toolTablesMarkdown()
	if got := doc[i+len(toolsDocBegin) : j]; got != want {
		if !*updateDocs {
			t.Fatalf("%s's tool tables differ from the code's; run go test ./agent -run TestToolTablesInDocs -update-docs\n%s", path, want)
		}
		doc = doc[:i+len(toolsDocBegin)] + want + doc[j:]
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGoldenToolsInTables checks the tool names the real agents sent their hooks for a shell
// call (the real-agent suite's e2e/testdata/tools) against the agents' tool tables: each is
// that agent's shell tool, hookctl's terminal, recorded as seen.
func TestGoldenToolsInTables(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "e2e", "testdata", "tools", "*.golden"))
	if len(files) == 0 {
		t.Fatal("no golden files of the tools the agents sent")
	}
	for _, f := range files {
		d, err := Lookup(strings.TrimSuffix(filepath.Base(f), ".golden"))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			words := strings.Fields(line)
			if len(words) < 2 || !strings.HasSuffix(words[0], "_tool_call") {
				continue
			}
			r := d.row(words[1])
			if name, _ := d.HookctlTool(words[1]); name != ToolTerminal || r == nil || !r.Seen {
				t.Errorf("%s sent its hooks tool %q for a shell call; its table names it %q (row %+v), want terminal, seen", d.Name, words[1], name, r)
			}
		}
	}
}

package view

import (
	"strings"
	"testing"
	"time"

	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/internal/display"
)

func TestLogTable(t *testing.T) {
	at := time.Date(2026, 11, 24, 15, 4, 5, 0, time.Local)
	long := audit.Entry{Time: at, Event: "pre_tool_call", Agent: "claude-code", Tool: "terminal", Decision: "block", DurationMS: 12,
		ToolCommand: "rm -rf /home/someone/a/very/long/path/that/goes/on", Reason: "blocked by ./guard.sh: destructive command refused here"}
	short := audit.Entry{Time: at, Event: "pre_llm_call", Agent: "hermes", Decision: "continue", DurationMS: 3}
	tests := []struct {
		name   string
		width  int
		first  []audit.Entry
		follow []audit.Entry
		has    []string
		hasNot []string
	}{
		{"a table with its header, whole without a width", 0, []audit.Entry{long, short}, nil,
			[]string{"TIME", "<bad:block>", "rm -rf /home/someone/a/very/long/path/that/goes/on", "2026-11-24 15:04:05"}, nil},
		{"the command and reason give way to fit", 125, []audit.Entry{long, short}, nil, []string{"TIME", "…"}, []string{"that/goes/on"}},
		{"too narrow: each entry stacked", 50, []audit.Entry{long}, nil,
			[]string{"  hooks: ", "  command: rm -rf", "  reason: blocked by"}, []string{"TIME"}},
		{"following keeps the first screen's form", 50, []audit.Entry{long}, []audit.Entry{short}, []string{"continue  pre_llm_call", "  hooks:  (3 ms)"}, []string{"TIME"}},
		{"no trailing spaces when the reason is empty", 0, []audit.Entry{short}, nil, []string{"  -\n"}, []string{"- \n"}},
	}
	paint := func(tone display.Tone, s string) string {
		if tone == display.Bad {
			return "<bad:" + s + ">"
		}
		return s
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lt := &LogTable{Width: tt.width}
			for _, e := range tt.first {
				lt.Add(e)
			}
			text := lt.Flush().Render(paint)
			for _, e := range tt.follow {
				lt.Add(e)
				text += lt.Flush().Render(paint)
			}
			for _, s := range tt.has {
				if !strings.Contains(text, s) {
					t.Errorf("missing %q in\n%s", s, text)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(text, s) {
					t.Errorf("has %q in\n%s", s, text)
				}
			}
			for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				if n := len([]rune(l)); tt.width > 0 && !strings.Contains(l, "<bad:") && n > tt.width {
					t.Errorf("line of %d > %d: %q", n, tt.width, l)
				}
			}
		})
	}
}

func TestLogOutput(t *testing.T) {
	e := audit.Entry{Time: time.Date(2026, 11, 24, 15, 4, 5, 0, time.UTC), Event: "pre_tool_call", Agent: "hermes", Decision: "allow"}
	tests := []struct {
		name      string
		json      bool
		wantLine  bool
		wantHeld  bool // the first entry's rows wait for Flush
		wantFlush bool
	}{
		{"JSON lines at once, nothing to flush", true, true, false, false},
		{"a table: held for the first screen, then each entry at once", false, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := &LogOutput{JSON: tt.json}
			line, doc := o.Entry(e)
			if (line != nil) != tt.wantLine || (doc == nil) != (tt.wantHeld || tt.json) {
				t.Fatalf("first entry: line %q doc %v", line, doc)
			}
			if tt.json && !strings.HasSuffix(string(line), "}\n") {
				t.Errorf("line %q", line)
			}
			if first := o.Flush(); (first != nil) != tt.wantFlush || tt.wantFlush && !strings.Contains(first.Render(nil), "TIME") {
				t.Errorf("flush: %v", first)
			}
			if _, doc := o.Entry(e); !tt.json && (doc == nil || strings.Contains(doc.Render(nil), "TIME")) {
				t.Errorf("following: %v", doc)
			}
			if o.Count != 2 {
				t.Errorf("count %d", o.Count)
			}
		})
	}
}

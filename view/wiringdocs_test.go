package view

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/scripts"
)

// toneMarks renders a doc with each toned span marked, so that a test sees the tones.
func toneMarks(d *display.Doc) string {
	return d.Render(func(t display.Tone, s string) string { return "<" + string(rune('0'+t)) + ">" + s + "</>" })
}

func TestWiringDocs(t *testing.T) {
	ten := int64(10)
	claude, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		doc  *display.Doc
		want string
	}{
		{"report", WiringReport(install.Report{Agent: "Claude Code", File: "/h/.claude/settings\x1b.json", Changed: true,
			Added: []install.Change{{Event: "PreToolUse", Timeout: &ten}}, Kept: []install.Change{{Event: "Stop", Timeout: &ten}},
			Backup: "/h/b.json"}),
			"Claude Code: /h/.claude/settings\\x1b.json\n  <1>added</>  PreToolUse  timeout 10\n  <5>kept</>   Stop        timeout 10\n" +
				"kept a copy of the file as it was: /h/b.json\n"},
		{"report deleted", WiringReport(install.Report{Agent: "Cursor", File: "/p/hooks.json", Changed: true, Deleted: true,
			Removed: []install.Change{{Event: "stop"}}}),
			"Cursor: /p/hooks.json\n  <2>removed</>  stop  timeout -\nremoved /p/hooks.json: hookctl had created it\n"},
		{"import nothing", ImportDoc(install.ImportResult{Config: "/c.yaml", File: "/s.json", Present: make([]install.Imported, 2)}, "cursor"),
			"nothing to import: /s.json has no command hooks that /c.yaml lacks (2 already there)\n"},
		{"init", must(InitDoc([]scripts.Starter{{Path: "/h/config.yaml", Created: true}, {Path: "/h/a.sh"}})),
			"<1>created</> /h/config.yaml\n<5>kept   </> /h/a.sh (exists, left as is)\n"},
		{"hints", AgentHints([]install.Hint{{Agent: claude, Dir: "/h/.claude"}}),
			"\nThen make your agents run them:\n  hookctl install claude-code  wire Claude Code (/h/.claude found)\n"},
		{"doctor healthy", DoctorDoc(doctor.Report{}, 0), "<1>all healthy</>\n"},
		{"doctor findings", DoctorDoc(doctor.Report{Problems: 1, Findings: []doctor.Finding{{Severity: doctor.SeverityError, Check: "hook", Message: "a b c", Fix: "d"}}}, 0),
			"<3>error   </>a b c\n        fix: d\n1 problem(s), 0 warning(s)\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := toneMarks(tt.doc); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func must(d *display.Doc, _ bool) *display.Doc { return d }

// What import added says it is not approved, names what can block, and ends on the steps.
func TestImportDocAdded(t *testing.T) {
	r := install.ImportResult{Config: "/c.yaml", File: "/s.json", Added: []install.Imported{{Event: "pre_tool_call", Command: "./g.sh"}},
		Present: make([]install.Imported, 1)}
	got := toneMarks(ImportDoc(r, "cursor"))
	for _, want := range []string{"added 1 hook(s) from /s.json to /c.yaml, <2>not approved</>:\n", "  pre_tool_call  -  ./g.sh\n",
		"1 hook(s) were already in the config\n", install.ImportNext("cursor", "/s.json")} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if n := AgentHints(nil); n != nil {
		t.Errorf("no hints gave a doc")
	}
}

func TestNothingToImport(t *testing.T) {
	cursor, err := agent.Lookup("cursor")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name             string
		sources, missing []string
		results          []install.ImportResult
		want             string
	}{
		{"no settings file", []string{"/h/s\x1b.json"}, []string{"/h/s\x1b.json"}, nil, `nothing to import: Cursor has no settings file at /h/s\x1b.json`},
		{"no hook files", []string{"/h/a.json", "/h/b.json"}, []string{"/h/a.json", "/h/b.json"}, nil, "nothing to import: Cursor has no hook files beside /h/hooks.json"},
		{"one read", []string{"/h/a.json", "/h/b.json"}, []string{"/h/a.json"}, []install.ImportResult{{}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := NothingToImport(cursor, "/h/hooks.json", tt.sources, tt.missing, tt.results); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
